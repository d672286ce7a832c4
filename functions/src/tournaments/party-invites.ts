import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { Party, Tournament } from '@versus/domain/tournaments/tournament';
import { notify } from '../notifications/notify';
import { invitesRef, tournamentLink } from './refs';

/** An invitee's pending invites once `partyId`'s is gone; empty when none is left. */
export const invitesWithout = (tournament: Tournament, invitee: string, partyId: string) =>
  (tournament.invitesForUsers[invitee] ?? []).filter((other) => other !== partyId);

/**
 * Drops invites to one party from the tournament's map (an invitee left with none leaves the map:
 * the tournament was read, so its list is known) and the invitees' mirrors.
 */
export function withdrawInvites(tx: Transaction, tournament: Tournament, partyId: string, invitees: string[]) {
  const update: Record<string, unknown> = {};
  for (const invitee of invitees) {
    update[`invitesForUsers.${invitee}`] =
      invitesWithout(tournament, invitee, partyId).length > 0 ? FieldValue.arrayRemove(partyId) : FieldValue.delete();
    tx.set(invitesRef(tournament.id, invitee), { parties: { [partyId]: FieldValue.delete() } } as never, {
      merge: true,
    });
  }
  return update;
}

/**
 * The leaders whose invites a player answered no (walk Z: an invite vanished from the leader's list
 * with no word): PARTY_INVITE_DECLINED, `reasoning: 'elsewhere'` when the player made or joined
 * another party, which answers every other invite. Parties gone meanwhile have no leader to tell.
 */
export function tellLeadersDeclined(
  tx: Transaction,
  tournament: Tournament,
  parties: (Party | undefined)[],
  player: { uid: string; displayName: string },
  now: number,
  elsewhere: boolean,
) {
  for (const party of parties) {
    if (!party) continue;
    notify(
      tx,
      party.leader,
      {
        type: 'PARTY_INVITE_DECLINED',
        tournament: tournamentLink(tournament),
        party: { id: party.uid, teamName: party.teamName },
        users: [player],
        ...(elsewhere ? { reasoning: 'elsewhere' } : {}),
      },
      now,
    );
  }
}

/**
 * A player now in a party (made or joined): every other party's invite to them is answered, taken
 * out of its list, and its leader told. `others` as read, a party gone meanwhile missing.
 */
export function answerOtherInvites(
  tx: Transaction,
  tournament: Tournament,
  others: DocumentSnapshot<Party>[],
  player: { uid: string; displayName: string },
  now: number,
) {
  for (const other of others) if (other.exists) tx.update(other.ref, { invited: FieldValue.arrayRemove(player.uid) });
  tellLeadersDeclined(
    tx,
    tournament,
    others.map((other) => other.data()),
    player,
    now,
    true,
  );
}
