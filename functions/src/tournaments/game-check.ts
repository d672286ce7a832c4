import type { GameEvidence } from '@versus/domain/battles/battle';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { GAME_RECHECK_MS, VERIFIED_GAMES, isVerifiedGame } from '@versus/domain/games/game-accounts';
import { isPlayable, sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import { logger } from 'firebase-functions';
import { HttpError, notFound } from '../errors/http-error';
import { profileRef } from '../platform/collections';
import { GameApiUnavailable, findGameBetween, gameRecordsFor } from '../platform/game-records';
import { decideMatchByGame } from './play';
import { matchRef, tournamentRef } from './refs';
import { readDocument, readStartedOr } from '../platform/reads';
import { startReads } from '../platform/optimistic';
import { leadersOf } from '@versus/domain/tournaments/tournament';
import { guessLeaders, sawMatch } from './seen-matches';

export type MatchGameCheck =
  | { found: true; match: TournamentMatch }
  | {
      found: false;
      /** Not a game with records, a series, a side without a linked account, no game yet, API down, or decided. */
      reason: 'not-verified' | 'series' | 'not-linked' | 'no-game' | 'unavailable' | 'over';
      match: TournamentMatch;
    };

/** The tournament and one of its matches, read together. */
export const readMatch = (id: string, matchId: string) =>
  Promise.all([readDocument(tournamentRef(id)), readDocument(matchRef(id, matchId))]);
type MatchRead = Awaited<ReturnType<typeof readMatch>>;

/**
 * Asks the game whether a tournament match's two sides have played (issue #22), as for battles
 * (battles/game-check.ts): the first finished game after the match became READY in which the two
 * sides' accounts were on opposite teams decides it, through the same command as agreeing reports
 * (the engine, the next match, the finish and payouts), with outcome GAME_API and the evidence. A
 * party is represented by its leader's account. A series (best of 3 or 5) is not read: one game is
 * not the series. Anything else falls back to reports, and the sweeper looks again later.
 */
export async function checkMatchWithGame(
  id: string,
  matchId: string,
  now: number,
  read?: MatchRead,
  /** The leaders' profiles as guessMatchProfileReads started them, beside the read of the match. */
  ahead: ReadonlyMap<string, Promise<DocumentSnapshot>> = new Map(),
  /** Who asked, a player or the host; the sweeper asks as nobody. */
  asker: string | null = null,
  /** The winner the asker's report names, when a report asked: one the game contradicts is told. */
  claimed?: string,
): Promise<MatchGameCheck> {
  const [tournamentSnapshot, matchSnapshot] = read ?? (await readMatch(id, matchId));
  const tournament = tournamentSnapshot.data();
  const match = matchSnapshot.data();
  if (!tournament) throw notFound('That tournament');
  if (!match) throw notFound('That match');
  sawMatch(tournament, match);
  const sides = sidesOf(match);
  // Nothing the game will ever decide (over, cancelled, no API configured, a series): off the
  // sweeper's clock, so the same matches are not asked about every minute (guarded like below).
  const never = async (reason: 'over' | 'not-verified' | 'series') => {
    if (match.gameCheckAt)
      await matchRef(id, matchId)
        .update({ gameCheckAt: null }, { lastUpdateTime: matchSnapshot.updateTime! })
        .catch(() => {});
    return { found: false as const, reason, match };
  };
  if (tournament.state !== 'ONGOING' || !isPlayable(match) || sides.length < 2) return never('over');
  const records = isVerifiedGame(tournament.game) ? gameRecordsFor(tournament.game) : null;
  if (!records || !isVerifiedGame(tournament.game)) return never('not-verified');
  if ((match.bestOf ?? 1) > 1) return never('series');
  const later = async (reason: 'not-linked' | 'no-game' | 'unavailable', delay = GAME_RECHECK_MS) => {
    // A guarded update: never over a newer state of the match.
    await matchRef(id, matchId)
      .update({ gameCheckAt: now + delay }, { lastUpdateTime: matchSnapshot.updateTime! })
      .catch(() => {});
    return { found: false as const, reason, match };
  };
  const leaders = leadersOf(tournament, sides);
  const platform = VERIFIED_GAMES[tournament.game];
  const recorded = tournament.gameAccounts;
  // The accounts recorded at the start (issue #58), or for a tournament started before that record,
  // the leaders' accounts as linked now.
  const [first, second] = recorded
    ? leaders.map((uid) => recorded[uid])
    : (await Promise.all(leaders.map((uid) => readStartedOr(ahead.get(profileRef(uid).path), profileRef(uid))))).map(
        (profile) => profile.data()?.gameAccounts?.[platform]?.id,
      );
  if (!first || !second) return later('not-linked', 3 * GAME_RECHECK_MS);
  let found;
  try {
    found = await findGameBetween(records, first, second, match.readyAt ?? tournament.startedAt ?? 0);
  } catch (error) {
    if (!(error instanceof GameApiUnavailable)) throw error;
    logger.warn('game records unavailable: the match waits for reports', { tournament: id, match: matchId });
    return later('unavailable', Math.max(GAME_RECHECK_MS, (error.retryAt ?? 0) - now));
  }
  if (!found) return later('no-game');
  const winner = found.firstWon ? sides[0]! : sides[1]!;
  const accounts = [first, second];
  const evidence: GameEvidence = {
    game: tournament.game,
    matchId: found.record.id,
    url: found.record.url,
    startedAt: found.record.startedAt,
    endedAt: found.record.endedAt,
    sides: found.record.sides.map((side) => ({
      users: sides.filter((_, index) => side.accounts.includes(accounts[index]!)),
      accounts: side.accounts,
      won: side.won,
    })),
    checkedAt: now,
  };
  try {
    const expected = { sides, readyAt: match.readyAt ?? null };
    // The asker saw the answer, unless their report named another winner: refused, they are told.
    const saw = claimed === undefined || claimed === winner ? asker : null;
    return { found: true, match: await decideMatchByGame(id, matchId, winner, evidence, expected, now, saw) };
  } catch (error) {
    // Used by another contest: the match goes on by reports. Decided, cancelled or changed meanwhile
    // (another pair, a new READY): the game looked up is not this match's; reports, or a later look.
    if (error instanceof HttpError && error.code === 'game-record-used') return later('no-game');
    if (error instanceof HttpError && (error.code === 'match-not-ready' || error.code === 'tournament-not-ongoing')) {
      const current = (await matchRef(id, matchId).get()).data()!;
      return { found: false, reason: isPlayable(current) ? 'no-game' : 'over', match: current };
    }
    throw error;
  }
}

/**
 * The profiles a match's game check will read (its sides' leaders, with their linked accounts),
 * started now from the match as this process last saw it (tournaments/seen-matches), for the route
 * to run beside its read of the match: none without a guess.
 */
export const guessMatchProfileReads = (id: string, matchId: string): Map<string, Promise<DocumentSnapshot>> =>
  startReads((guessLeaders(id, matchId) ?? []).map((uid) => profileRef(uid)));

/** A side's report against a match the game has decided: it must agree (409 with the game's match). */
export function contradictsGameRecord(match: TournamentMatch, claimedWinner: string): HttpError | null {
  if (match.outcome !== 'GAME_API' || !match.evidence || match.winner === claimedWinner) return null;
  return new HttpError(
    409,
    `The game's record says otherwise: match ${match.evidence.matchId} decided this match.`,
    'result-contradicts-game',
    undefined,
    { matchId: match.evidence.matchId, url: match.evidence.url, winner: match.winner ?? '' },
  );
}
