import type { Transaction } from 'firebase-admin/firestore';
import { EXTEND_MS, INACTIVITY_WARNING_MS, playsMatches, type Tournament } from '@versus/domain/tournaments/tournament';
import { conflict } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { runOptimistic } from '../platform/optimistic';
import { moveEscrows } from '../wallet/escrow';
import { freeStartRef, matchesCollection, pointsCollection, tournamentLink, tournamentRef } from './refs';
import { everyMember, notOpen, notTheHost, readTournament, refundsOf } from './tournaments';

/** How a tournament ends before its finish, and how its host keeps it from timing out (DESIGN §6). */

/**
 * Ends a tournament as CANCELLED inside the caller's transaction: every held fee back, the free
 * day freed, TOURNAMENT_CANCELLED to every player, with the host's own words when they gave any
 * (`note`, record 162). Call it before any other write.
 */
export async function cancelInTransaction(
  tx: Transaction,
  tournament: Tournament,
  reason: NonNullable<Tournament['cancelReason']>,
  now: number,
  note: string | null = null,
): Promise<void> {
  // In play, its open matches and points rows are closed with it: their windows leave the sweep.
  // Every match is read (not only the open ones a query would return), so a decision that opens a
  // match meanwhile is seen at the commit; a report or submission racing the cancel also reads the
  // tournament, runs again and finds it over.
  const open =
    tournament.state !== 'ONGOING'
      ? []
      : playsMatches(tournament.bracket)
        ? (await tx.get(matchesCollection(tournament.id))).docs.filter((doc) =>
            ['READY', 'DISPUTED'].includes(doc.data().state),
          )
        : (await tx.get(pointsCollection(tournament.id))).docs;
  await moveEscrows(tx, { releases: refundsOf(tournament.participants, tournament) }, now);
  for (const doc of open)
    tx.update(
      doc.ref.withConverter(null),
      // Off the sweeper's clocks: no window closes and no game is asked about (issue #22).
      playsMatches(tournament.bracket) ? { deadline: null, gameCheckAt: null, closedAt: now } : { closedAt: now },
    );
  tx.update(tournamentRef(tournament.id), {
    state: 'CANCELLED',
    archived: true,
    endedAt: now,
    cancelReason: reason,
    cancelNote: note,
    lastActivityAt: now,
  });
  if (tournament.freeStartDay && tournament.state === 'OPEN')
    tx.delete(freeStartRef(tournament.uid, tournament.freeStartDay));
  const link = tournamentLink(tournament);
  // A host who plays in their own free tournament and cancels it is not told of their own act (it
  // is an alert off the site since record 183).
  for (const member of everyMember(tournament).filter((uid) => reason !== 'host' || uid !== tournament.uid))
    notify(
      tx,
      member,
      {
        type: 'TOURNAMENT_CANCELLED',
        tournament: link,
        reasoning: reason,
        // How much came back (a paid tournament's entrants), for the text to say so.
        ...(tournament.entryFee > 0 ? { payout: tournament.entryFee } : {}),
        ...(note ? { note } : {}),
      },
      now,
    );
  if (reason !== 'host' && !everyMember(tournament).includes(tournament.uid))
    notify(
      tx,
      tournament.uid,
      { type: 'TOURNAMENT_CANCELLED', tournament: link, reasoning: reason, isAdmin: true },
      now,
    );
}

/**
 * POST /tournaments/{id}/cancel: the host cancels before or during play, with a word to the players
 * if they like (the schema trims it; an empty one is none); every fee is refunded.
 */
export async function cancelTournament(
  uid: string,
  id: string,
  reasoning: string | undefined,
  now: number,
): Promise<Tournament> {
  const note = reasoning || null;
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    if (tournament.uid !== uid) throw notTheHost();
    if (tournament.state !== 'OPEN' && tournament.state !== 'ONGOING') throw notOpen();
    await cancelInTransaction(tx, tournament, 'host', now, note);
    return {
      ...tournament,
      state: 'CANCELLED',
      archived: true,
      endedAt: now,
      cancelReason: 'host',
      cancelNote: note,
    } satisfies Tournament;
  });
}

/** POST /tournaments/{id}/extend: the host of a tournament about to time out gives it 24 h more. */
export async function extendTournament(uid: string, id: string, now: number): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    if (tournament.uid !== uid) throw notTheHost();
    if (tournament.state !== 'ONGOING') throw conflict('Only a tournament in play can be extended.', 'not-timing-out');
    if (tournament.timesOut - now > INACTIVITY_WARNING_MS)
      throw conflict('This tournament is not about to time out.', 'not-timing-out');
    const timesOut = Math.max(tournament.timesOut, now) + EXTEND_MS;
    tx.update(tournamentRef(id), { timesOut, warnedAt: null });
    return { ...tournament, timesOut, warnedAt: null };
  });
}
