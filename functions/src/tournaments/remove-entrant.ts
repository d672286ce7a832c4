import type { Tournament } from '@versus/domain/tournaments/tournament';
import { FieldValue } from 'firebase-admin/firestore';
import { conflict, notFound } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { runOptimistic } from '../platform/optimistic';
import { moveEscrows } from '../wallet/escrow';
import { dropParty, readParty } from './parties';
import { tournamentLink, tournamentRef } from './refs';
import { entrantFields, notOpen, notTheHost, readTournament, refundsOf } from './tournaments';

/** The host's open tournament, before its start. */
function hostsOpen(tournament: Tournament, uid: string, now: number): void {
  if (tournament.uid !== uid) throw notTheHost();
  if (tournament.state !== 'OPEN' || now >= tournament.startTime) throw notOpen();
}

/**
 * POST /tournaments/{id}/remove/{entrantId} (record 115): before the start the host takes an entrant
 * out, with a reasoning its players read. A player's held fee goes back to them; a party is
 * dissolved as its leader's removal would. Its players cannot come back in unless the host lets
 * them (allowBack). One optimistic transaction: a leave, a join or the start at the same moment
 * retries after it and finds the entrant gone.
 */
export async function removeEntrant(
  uid: string,
  id: string,
  entrantId: string,
  reasoning: string,
  now: number,
): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    hostsOpen(tournament, uid, now);
    const entrant = tournament.participants.find((item) => item.id === entrantId);
    if (!entrant) throw notFound('That entrant');
    if (entrant.members.some((member) => member.uid === uid))
      throw conflict('That is your own entry: leave the tournament instead.', 'own-entry');
    // A party's players keep its name, so the host's list says where they came from.
    const team = entrant.kind === 'PARTY' ? { team: entrant.displayName } : {};
    const removed = {
      ...tournament.removed,
      ...Object.fromEntries(
        entrant.members.map((member) => [member.uid, { at: now, reasoning, displayName: member.displayName, ...team }]),
      ),
    };
    let updated: Tournament;
    if (entrant.kind === 'PARTY') {
      updated = { ...dropParty(tx, tournament, await readParty(tx, id, entrant.id), now, { removed }), removed };
    } else {
      await moveEscrows(tx, { releases: refundsOf([entrant], tournament) }, now);
      const fields = entrantFields(
        tournament,
        tournament.participants.filter((item) => item !== entrant),
      );
      tx.update(tournamentRef(id), { ...fields, removed, lastActivityAt: now });
      updated = { ...tournament, ...fields, removed };
    }
    const payout = entrant.escrowId ? tournament.entryFee : 0;
    for (const member of entrant.members)
      notify(
        tx,
        member.uid,
        {
          type: 'TOURNAMENT_REMOVED',
          tournament: tournamentLink(tournament),
          reasoning,
          ...(payout ? { payout } : {}),
        },
        now,
      );
    return updated;
  });
}

/** POST /tournaments/{id}/allowBack/{uid} (record 115): the host lets a player they removed join again; they are told. */
export async function allowBack(uid: string, id: string, player: string, now: number): Promise<Tournament> {
  return runOptimistic(async (tx) => {
    const tournament = await readTournament(tx, id);
    hostsOpen(tournament, uid, now);
    if (!tournament.removed?.[player])
      throw conflict('That player was not removed from this tournament.', 'not-removed');
    const { [player]: _gone, ...removed } = tournament.removed;
    tx.update(tournamentRef(id), { [`removed.${player}`]: FieldValue.delete(), lastActivityAt: now });
    notify(tx, player, { type: 'TOURNAMENT_ALLOWED_BACK', tournament: tournamentLink(tournament) }, now);
    return { ...tournament, removed };
  });
}
