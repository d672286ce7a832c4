import { START_REMINDER_MS } from '@versus/domain/tournaments/tournament';
import { notify } from '../notifications/notify';
import { runOptimistic } from '../platform/optimistic';
import { tournamentLink, tournamentRef, tournamentsCollection } from './refs';

/**
 * "Your tournament starts in 30 minutes" (issue #60), by the sweeper at `remindAt`: every member of
 * an open tournament, once. The transaction re-reads the tournament and clears `remindAt`, so a
 * second sweep sends nothing, and a join meanwhile either is in the list or comes after it (a new
 * member is told by the join itself, which names the check-in).
 */
export async function remindTournamentStart(id: string, now: number): Promise<boolean> {
  return runOptimistic(async (tx) => {
    const tournament = (await tx.get(tournamentRef(id))).data();
    if (!tournament || !tournament.remindAt || tournament.remindAt > now) return false;
    tx.update(tournamentRef(id), { remindAt: null });
    if (tournament.state !== 'OPEN' || now >= tournament.startTime) return false;
    for (const uid of tournament.memberUids)
      notify(tx, uid, { type: 'TOURNAMENT_STARTING_SOON', tournament: tournamentLink(tournament) }, now);
    return true;
  });
}

/** The sweeper's pass: open tournaments whose reminder is due (or the ids a test names). */
export async function sweepStartReminders(now: number, scope: { all?: boolean; tournaments?: string[] }) {
  const ids = scope.all
    ? (
        await tournamentsCollection().where('state', '==', 'OPEN').where('remindAt', '<=', now).limit(50).get()
      ).docs.map((doc) => doc.id)
    : (scope.tournaments ?? []);
  const sent = await Promise.all(ids.map((id) => remindTournamentStart(id, now).catch(() => false)));
  return { tournamentsReminded: sent.filter(Boolean).length };
}

/** When an open tournament starting at `startTime` reminds its members; null when that is already past. */
export const startReminderAt = (startTime: number, now: number): number | null =>
  startTime - START_REMINDER_MS > now ? startTime - START_REMINDER_MS : null;
