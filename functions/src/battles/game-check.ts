import { battleIsOver, type Battle, type GameEvidence } from '@versus/domain/battles/battle';
import { GAME_RECHECK_MS, VERIFIED_GAMES, isBattleVerifiedGame } from '@versus/domain/games/game-accounts';
import { logger } from 'firebase-functions';
import { HttpError, notFound } from '../errors/http-error';
import { profileRef } from '../platform/collections';
import { GameApiUnavailable, findGameBetween, gameRecordsFor } from '../platform/game-records';
import { decideBattleByGame } from './battles';
import { battleRef } from './refs';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { readStartedOr } from '../platform/reads';
import { startReads } from '../platform/optimistic';
import { seenBattles } from './seen';

export type GameCheck =
  | { found: true; battle: Battle }
  | {
      found: false;
      /** Not a game with records, a side without a linked account, no game yet, or the API is down. */
      reason: 'not-verified' | 'not-linked' | 'no-game' | 'unavailable' | 'over';
      battle: Battle;
      /** The battle as read, when the check wrote nothing to it: a command that follows may start from it. */
      unchanged?: DocumentSnapshot<Battle>;
    };

/**
 * Asks the game whether the battle's two players have played (issue #22): the first finished game
 * after the battle began in which their linked accounts were on opposite sides decides it, with
 * outcome GAME_API and the record kept as evidence. Nothing found, no linked account, or the API
 * down, slow or limiting us: nothing changes (reports go on as before) and the sweeper looks again
 * later. Called when a side reports, when a side presses "Check with the game", and by the sweeper.
 */
export async function checkBattleWithGame(
  id: string,
  now: number,
  read?: DocumentSnapshot<Battle>,
  /** The players' profiles as guessProfileReads started them, beside the read of the battle. */
  ahead: ReadonlyMap<string, Promise<DocumentSnapshot>> = new Map(),
): Promise<GameCheck> {
  const snapshot = read ?? (await battleRef(id).get());
  const battle = snapshot.data();
  if (!battle) throw notFound('That battle');
  if (battleIsOver(battle)) return { found: false, reason: 'over', battle, unchanged: snapshot };
  const records = isBattleVerifiedGame(battle.game) ? gameRecordsFor(battle.game) : null;
  if (!records || !isBattleVerifiedGame(battle.game)) {
    // No game that may decide a battle (never a Riot game), or no API configured: off the sweeper's clock for good.
    if (!battle.gameCheckAt) return { found: false, reason: 'not-verified', battle, unchanged: snapshot };
    await battleRef(id)
      .update({ gameCheckAt: null }, { lastUpdateTime: snapshot.updateTime! })
      .catch(() => {});
    return { found: false, reason: 'not-verified', battle };
  }
  const accounts = await accountsOf(battle, ahead);
  const later = async (reason: 'not-linked' | 'no-game' | 'unavailable', delay = GAME_RECHECK_MS) => {
    // Only a battle still in play keeps its clock (a guarded update: never over a newer state),
    // guarded first by the battle as read before asking the game (one call in a row); one that
    // changed meanwhile is read again.
    const put = (read: DocumentSnapshot) =>
      battleRef(id).update({ gameCheckAt: now + delay }, { lastUpdateTime: read.updateTime! });
    await put(snapshot).catch(async () => {
      const again = await battleRef(id).get();
      if (again.exists && !battleIsOver(again.data()!)) await put(again).catch(() => {});
    });
    return { found: false as const, reason, battle };
  };
  const [first, second] = accounts;
  if (!first || !second) return later('not-linked', 3 * GAME_RECHECK_MS);
  let found;
  try {
    found = await findGameBetween(records, first, second, battle.createdAt);
  } catch (error) {
    if (!(error instanceof GameApiUnavailable)) throw error;
    logger.warn('game records unavailable: the battle waits for reports', { battle: id, error: error.message });
    return later('unavailable', Math.max(GAME_RECHECK_MS, (error.retryAt ?? 0) - now));
  }
  if (!found) return later('no-game');
  const [a, b] = battle.participants;
  const winner = found.firstWon ? a : b;
  const evidence: GameEvidence = {
    game: battle.game,
    matchId: found.record.id,
    url: found.record.url,
    startedAt: found.record.startedAt,
    endedAt: found.record.endedAt,
    sides: found.record.sides.map((side) => ({
      users: battle.participants.filter((_, index) => side.accounts.includes(accounts[index]!)),
      accounts: side.accounts,
      won: side.won,
    })),
    checkedAt: now,
  };
  try {
    // The battle as read before asking the game: changed meanwhile, the decision reads it again.
    return { found: true, battle: await decideBattleByGame(id, winner, evidence, now, [snapshot]) };
  } catch (error) {
    // Over meanwhile (a confirm, an admin): their decision stands.
    if (error instanceof HttpError && error.code === 'game-record-used') return later('no-game');
    if (error instanceof HttpError && error.code === 'battle-wrong-stage')
      return { found: false, reason: 'over', battle: (await battleRef(id).get()).data()! };
    throw error;
  }
}

/**
 * The accounts the game is asked with: those recorded when the battle began (issue #58: linking,
 * unlinking or relinking afterwards changes nothing), or for a battle from before that record,
 * the players' accounts as linked now.
 */
async function accountsOf(
  battle: Battle,
  ahead: ReadonlyMap<string, Promise<DocumentSnapshot>>,
): Promise<(string | null | undefined)[]> {
  const recorded = battle.gameAccounts;
  if (recorded) return battle.participants.map((uid) => recorded[uid]);
  const platform = VERIFIED_GAMES[battle.game as keyof typeof VERIFIED_GAMES];
  const profiles = await Promise.all(
    battle.participants.map((uid) => readStartedOr(ahead.get(profileRef(uid).path), profileRef(uid))),
  );
  return profiles.map((profile) => profile.data()?.gameAccounts?.[platform]?.id);
}

/**
 * The players' profiles (their linked game accounts) that checkBattleWithGame will read, started
 * now from the battle as this process last saw it (battles/seen), so that a route reads them beside
 * the battle instead of after it: one Firestore call fewer in a row. None for a battle not seen, over,
 * or of a game without records. A profile read here is not guarded (nor is it in the check).
 */
export function guessProfileReads(id: string): Map<string, Promise<DocumentSnapshot>> {
  const battle = seenBattles.get(id);
  if (
    !battle ||
    battle.gameAccounts ||
    battleIsOver(battle) ||
    !isBattleVerifiedGame(battle.game) ||
    !gameRecordsFor(battle.game)
  )
    return new Map();
  return startReads(battle.participants.map((uid) => profileRef(uid)));
}

/** A player's report or confirmation against a battle the game has decided: it must agree. */
export function contradictsGame(battle: Battle, claimedWinner: string | null): HttpError | null {
  if (battle.outcome !== 'GAME_API' || !battle.evidence || battle.winner?.id === claimedWinner) return null;
  return new HttpError(
    409,
    `The game's record says otherwise: ${battle.players[battle.winner!.id]?.displayName ?? '?'} won match ${battle.evidence.matchId}.`,
    'result-contradicts-game',
    undefined,
    { matchId: battle.evidence.matchId, url: battle.evidence.url, winner: battle.winner!.id },
  );
}
