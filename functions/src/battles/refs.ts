import type { Battle, Challenge } from '@versus/domain/battles/battle';
import { typed } from '../platform/collections';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';
import type { Release } from '../wallet/escrow';

/** battle_challenges/{id} and battles/{id}, read as their domain types. */
export const challengeRef = (id: string) =>
  db.doc(`battle_challenges/${documentId(id, 'That challenge')}`).withConverter(typed<Challenge>());
export const battleRef = (id: string) =>
  db.doc(`battles/${documentId(id, 'That battle')}`).withConverter(typed<Battle>());
export const challengesCollection = () => db.collection('battle_challenges').withConverter(typed<Challenge>());
export const battlesCollection = () => db.collection('battles').withConverter(typed<Battle>());
export const newChallengeId = () => challengesCollection().doc().id;
export const newBattleId = () => battlesCollection().doc().id;

/** One escrow per player and challenge; the battle releases the same two. */
export const feeEscrowId = (challengeId: string, uid: string) => `battle-fee:${challengeId}:${uid}`;

/**
 * Both players' held fees: to the winner as the prize, or each back to its player. Each ledger line
 * is titled with the name of the other player (the loser for the winner's), as the battle knows it.
 */
export const battleFees = (battle: Battle, winner?: string): Release[] =>
  battle.entryFee > 0
    ? battle.participants.map((uid) => {
        const to = winner ?? uid;
        const other = battle.participants.find((participant) => participant !== to);
        return {
          escrowId: feeEscrowId(battle.challengeId, uid),
          to,
          kind: winner ? 'prize' : 'refund',
          title: (other && battle.players[other]?.displayName) || undefined,
        };
      })
    : [];

export const named = (player: { uid: string; displayName: string }) => ({
  uid: player.uid,
  displayName: player.displayName,
});
