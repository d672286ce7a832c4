import { countPlatform } from '../users/statistics';
import { logger } from 'firebase-functions';
import {
  eliminates,
  INACTIVITY_TIMEOUT_MS,
  INACTIVITY_WARNING_MS,
  MIN_PARTICIPANTS,
  playsMatches,
  type Participant,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { readyFields, roundLabel, type TournamentMatch } from '@versus/domain/tournaments/play';
import { firstGameCheck, gameAccountOf, isVerifiedGame } from '@versus/domain/games/game-accounts';
import { profileRef } from '../platform/collections';
import {
  matchBestOf,
  swissDefaultRounds,
  swissMaxRounds,
  swissNext,
  swissRoundMatches,
} from '@versus/domain/tournaments/formats';
import { notify } from '../notifications/notify';
import { db } from '../platform/firebase';
import { moveEscrows } from '../wallet/escrow';
import {
  bracketStateRef,
  matchesCollection,
  matchesGroup,
  pointsRef,
  tournamentLink,
  tournamentRef,
  tournamentsCollection,
} from './refs';
import { buildBracket } from './engine';
import { closeMatchWindows, latestActivity } from './play';
import { checkMatchWithGame } from './game-check';
import { entrantFields, refundsOf } from './tournaments';
import { cancelInTransaction } from './ending';
import { sawMatch } from './seen-matches';
import { announceNext, announceReady } from './match-records';
import { enqueueDiscord } from '../alerts/discord';
import { startPost } from './discord-posts';

/**
 * The start and the clock (DESIGN §6, §9): at the start time the checked-in entrants are seeded
 * and the bracket or points table is built; too few and the tournament is cancelled. A tournament
 * in play with no activity for 48 h is warned at 24 h and cancelled at its timesOut.
 */

/** DESIGN §9 seeding: trophies, highest first; ties by join time. */
export const seedOrder = (entrants: Participant[]): Participant[] =>
  [...entrants].sort((a, b) => b.trophies - a.trophies || a.joinedAt - b.joinedAt);

export type StartOutcome = 'started' | 'cancelled' | 'not-due';

/** Starts (or cancels) one OPEN tournament whose start time has come. Safe to repeat. */
export async function startTournament(id: string, now: number): Promise<StartOutcome> {
  // The bracket is built from the entrants read first; one leaving or checking in meanwhile makes
  // the transaction answer 'rebuild', and the bracket is built again from the new entrants.
  for (let attempt = 1; ; attempt += 1) {
    const outcome = await startOnce(id, now);
    if (outcome !== 'rebuild') return outcome;
    if (attempt >= 5) throw new Error(`tournament ${id}: the entrants kept changing while its bracket was built`);
  }
}

async function startOnce(id: string, now: number): Promise<StartOutcome | 'rebuild'> {
  const snapshot = await tournamentRef(id).get();
  const before = snapshot.data();
  if (!before || before.state !== 'OPEN' || now < before.startTime) return 'not-due';
  const seeded = seedOrder(before.participants.filter((entrant) => entrant.checkedIn));
  // The engine runs outside the transaction: it is pure and the transaction re-checks the entrants.
  const bracket =
    playsMatches(before.bracket) && before.bracket !== 'SWISS' && seeded.length >= MIN_PARTICIPANTS
      ? await buildBracket(
          before.size,
          seeded,
          before.bracket === 'DOUBLE_ELIMINATION'
            ? { type: 'double', grandFinalReset: before.grandFinalReset ?? true }
            : before.bracket === 'ROUND_ROBIN'
              ? { type: 'round_robin' }
              : { type: 'single' },
        )
      : null;
  // A game whose records may decide its matches: each entrant's (a leader's) account as linked now,
  // recorded with the start (issue #58). Read before the transaction, so that a profile changed
  // meanwhile does not make the start retry; a link changed between this read and the
  // start's commit counts as changed after the start.
  const recordAccounts = isVerifiedGame(before.game) && playsMatches(before.bracket) && seeded.length > 0;
  const gameAccounts = recordAccounts
    ? Object.fromEntries(
        (await db.getAll(...seeded.map((entrant) => profileRef(entrant.uid)))).map((profile, index) => [
          seeded[index]!.uid,
          gameAccountOf(profile.data(), before.game),
        ]),
      )
    : null;

  return db.runTransaction(async (tx) => {
    const tournament = (await tx.get(tournamentRef(id))).data();
    if (!tournament || tournament.state !== 'OPEN' || now < tournament.startTime) return 'not-due';
    const checkedIn = seedOrder(tournament.participants.filter((entrant) => entrant.checkedIn));
    if (checkedIn.map((e) => e.id).join() !== seeded.map((e) => e.id).join()) return 'rebuild';
    if (checkedIn.length < MIN_PARTICIPANTS) {
      await cancelInTransaction(tx, tournament, 'too-few-players', now);
      return 'cancelled';
    }
    const dropped = tournament.participants.filter((entrant) => !entrant.checkedIn);
    await moveEscrows(tx, { releases: refundsOf(dropped, tournament) }, now);
    // Swiss: the host's rounds, or ⌈log2 n⌉, and never more than a pairing without rematches allows.
    const swissRounds =
      tournament.bracket === 'SWISS'
        ? Math.min(tournament.swissRounds ?? swissDefaultRounds(checkedIn.length), swissMaxRounds(checkedIn.length))
        : null;
    const update: Partial<Tournament> = {
      ...(swissRounds ? { swissRounds } : {}),
      // In play, only the entrants are involved: parties that never got ready are left out.
      ...entrantFields(tournament, checkedIn, {}),
      state: 'ONGOING',
      seeds: checkedIn.map((entrant) => entrant.id),
      startedAt: now,
      lastActivityAt: now,
      timesOut: now + INACTIVITY_TIMEOUT_MS,
      warnedAt: null,
      chat: { id },
      ...(gameAccounts ? { gameAccounts } : {}),
    };
    tx.update(tournamentRef(id), update);
    countPlatform(tx, { tournamentsStarted: 1 }, now);
    const lastRound = Math.max(0, ...(bracket?.matches.map((match) => match.round) ?? []));
    const firstSwissRound = () => {
      const next = swissNext([], update.seeds!, swissRounds!);
      if (next.kind !== 'round') throw new Error(`tournament ${id}: no first Swiss round`);
      return swissRoundMatches(1, next.pairing, 0, tournament.bestOf ?? 1);
    };
    const matches = bracket?.matches ?? (tournament.bracket === 'SWISS' ? firstSwissRound() : null);
    enqueueDiscord(tx, tournament, [startPost(tournament, checkedIn.length, matches as TournamentMatch[] | null)], now);
    if (bracket)
      tx.set(bracketStateRef(id), { version: 1, data: bracket.data, entrants: bracket.entrants, updatedAt: now });
    if (matches) {
      const made: TournamentMatch[] = [];
      for (const match of matches) {
        const ready = match.state === 'READY';
        const bestOf = matchBestOf(tournament, match, lastRound);
        // A guess for its first report or game check (tournaments/seen-matches).
        sawMatch(
          { id, participants: checkedIn, game: tournament.game, ...(gameAccounts ? { gameAccounts } : {}) },
          { ...match, bestOf },
        );
        const created: TournamentMatch = {
          ...match,
          // Its round's name, for its notices (the byes decide it, and they are known now).
          ...(eliminates(tournament.bracket) ? { label: roundLabel(matches, match) } : {}),
          bestOf,
          gameCheckAt: ready ? firstGameCheck(tournament.game, bestOf, now) : null,
          reports: {},
          outcome: match.state === 'BYE' ? ('BYE' as const) : null,
          ...readyFields(now, tournament.checkInMinutes, ready),
          updatedAt: now,
        };
        tx.set(matchesCollection(id).doc(match.id), created);
        made.push(created);
      }
      announceReady(tx, tournament, made, made, now);
      for (const created of made) announceNext(tx, tournament, made, created, now);
    }
    const link = tournamentLink(tournament);
    if (!matches) {
      for (const entrant of checkedIn) {
        tx.set(pointsRef(id, entrant.id), {
          participant: entrant.id,
          rounds: [],
          total: 0,
          pending: 0,
          updatedAt: now,
        });
        // A points table has no match to announce: its entrants are told they may submit now.
        for (const member of entrant.members)
          notify(tx, member.uid, { type: 'TOURNAMENT_POINTS_OPEN', tournament: link }, now);
      }
    }
    for (const entrant of dropped)
      for (const member of entrant.members)
        notify(tx, member.uid, { type: 'TOURNAMENT_CANCELLED', tournament: link, reasoning: 'not-checked-in' }, now);
    return 'started';
  });
}

export type InactivityOutcome = 'warned' | 'cancelled' | 'not-due';

/**
 * Warns the host 24 h before timesOut, cancels and refunds at timesOut (DESIGN §6). Play (reports,
 * reviews, decisions) lives on the match and points documents: when it is newer than the
 * tournament's last activity, the timeout moves on instead.
 */
export async function checkInactivity(id: string, now: number): Promise<InactivityOutcome> {
  return db.runTransaction(async (tx) => {
    const tournament = (await tx.get(tournamentRef(id))).data();
    if (!tournament || tournament.state !== 'ONGOING') return 'not-due';
    // Read in the transaction: a report landing meanwhile retries this check instead of being missed.
    const played = await latestActivity(tx, id);
    if (played > tournament.lastActivityAt && played + INACTIVITY_TIMEOUT_MS > tournament.timesOut) {
      tx.update(tournamentRef(id), {
        lastActivityAt: played,
        timesOut: played + INACTIVITY_TIMEOUT_MS,
        warnedAt: null,
      });
      return 'not-due';
    }
    if (now >= tournament.timesOut) {
      await cancelInTransaction(tx, tournament, 'inactivity', now);
      return 'cancelled';
    }
    if (now >= tournament.timesOut - INACTIVITY_WARNING_MS && tournament.warnedAt === null) {
      tx.update(tournamentRef(id), { warnedAt: now });
      notify(
        tx,
        tournament.uid,
        { type: 'ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED', tournament: tournamentLink(tournament) },
        now,
      );
      return 'warned';
    }
    return 'not-due';
  });
}

const BATCH = 50;

/** The sweeper's tournament part: starts that are due and tournaments about to time out. */
export async function sweepTournaments(now: number, scope: { all?: boolean; tournaments?: string[] }) {
  const [toStart, toCheck]: [string[], string[]] = scope.all
    ? await Promise.all([
        tournamentsCollection().where('state', '==', 'OPEN').where('startTime', '<=', now).limit(BATCH).get(),
        tournamentsCollection()
          .where('state', '==', 'ONGOING')
          .where('timesOut', '<=', now + INACTIVITY_WARNING_MS)
          .limit(BATCH)
          .get(),
      ]).then(([starts, checks]): [string[], string[]] => [
        starts.docs.map((doc) => doc.id),
        checks.docs.map((doc) => doc.id),
      ])
    : [scope.tournaments ?? [], scope.tournaments ?? []];
  const settle = async <T>(ids: string[], step: (id: string) => Promise<T>) =>
    Promise.all(
      ids.map((id) =>
        step(id).catch((error: unknown) => {
          logger.error('tournament sweep step failed', { id, error: String(error) });
          return null;
        }),
      ),
    );
  // Report windows that closed (DESIGN §9), found across tournaments by one collection-group query.
  const toClose = scope.all
    ? [
        ...new Set(
          (await matchesGroup().where('deadline', '<=', now).limit(BATCH).get()).docs.map(
            (doc) => doc.ref.parent.parent!.id,
          ),
        ),
      ]
    : (scope.tournaments ?? []);
  // League of Legends and Dota 2 matches whose game may be over (issue #22): the game decides first.
  const toAsk: [string, string][] = scope.all
    ? (await matchesGroup().where('gameCheckAt', '<=', now).limit(BATCH).get()).docs.map((doc) => [
        doc.ref.parent.parent!.id,
        doc.id,
      ])
    : (
        await Promise.all(
          (scope.tournaments ?? []).map(async (id) =>
            (await matchesCollection(id).where('gameCheckAt', '<=', now).get()).docs.map((doc): [string, string] => [
              id,
              doc.id,
            ]),
          ),
        )
      ).flat();
  const started = await settle(toStart, (id) => startTournament(id, now));
  const asked = await settle(
    toAsk.map(([tournament, match]) => `${tournament}/${match}`),
    (key) => {
      const [tournament, match] = key.split('/') as [string, string];
      return checkMatchWithGame(tournament, match, now);
    },
  );
  const closed = await settle(toClose, (id) => closeMatchWindows(id, now));
  const checked = await settle(toCheck, (id) => checkInactivity(id, now));
  return {
    tournamentsStarted: started.filter((outcome) => outcome === 'started').length,
    tournamentsNotStarted: started.filter((outcome) => outcome === 'cancelled').length,
    tournamentsWarned: checked.filter((outcome) => outcome === 'warned').length,
    tournamentsTimedOut: checked.filter((outcome) => outcome === 'cancelled').length,
    matchWindowsClosed: closed.reduce<number>((sum, count) => sum + (count ?? 0), 0),
    matchesDecidedByGame: asked.filter((outcome) => outcome?.found).length,
  };
}
