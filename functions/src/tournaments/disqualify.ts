import { isPlayable } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { conflict, notFound } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { runOptimistic } from '../platform/optimistic';
import { members } from './finish';
import { applyMatchEvents } from './play';
import { hostEntrantIn, hostIsPlayer, ongoing } from './play-rules';
import { matchesCollection, tournamentLink, tournamentRef } from './refs';
import { notTheHost, readTournament } from './tournaments';

/**
 * POST /tournaments/{id}/disqualify/{entrantId} (issue #60): the host disqualifies an entrant in
 * play. Its matches in play go to the other side now, and each one that becomes ready later at once
 * (play.ts), through the same transitions, engine and finish as any result; its players hear why.
 * One optimistic transaction: a report on one of its matches at the same moment retries after it.
 */
export async function disqualifyEntrant(
  uid: string,
  id: string,
  entrantId: string,
  reasoning: string,
  now: number,
): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const [tournament, theirs] = await Promise.all([
      readTournament(tx, id),
      tx.get(matchesCollection(id).where('participants', 'array-contains', entrantId)),
    ]);
    if (tournament.uid !== uid) throw notTheHost();
    ongoing(tournament, 'matches');
    if (!tournament.participants.some((entrant) => entrant.id === entrantId)) throw notFound('That entrant');
    if (tournament.disqualified?.[entrantId])
      throw conflict('That entrant is disqualified already.', 'already-disqualified');
    if (hostEntrantIn(tournament) === entrantId) throw hostIsPlayer();
    const disqualified = { ...tournament.disqualified, [entrantId]: { at: now, reasoning } };
    const updated: Tournament = { ...tournament, disqualified };
    const event = { type: 'disqualified', entrants: Object.keys(disqualified), seeds: tournament.seeds ?? [] } as const;
    const outcomes = await applyMatchEvents(
      tx,
      updated,
      theirs.docs.filter((doc) => isPlayable(doc.data())).map((doc) => ({ matchId: doc.id, event, now })),
    );
    for (const outcome of outcomes) if (!outcome.ok) throw outcome.error;
    tx.update(tournamentRef(id), { disqualified });
    for (const member of members(tournament, entrantId))
      notify(tx, member, { type: 'TOURNAMENT_DISQUALIFIED', tournament: tournamentLink(tournament), reasoning }, now);
    return updated;
  });
}
