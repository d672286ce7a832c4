import type { Battle, Challenge } from '@versus/domain/battles/battle';
import type { DocumentData, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';
import type { Release } from '../wallet/escrow';

const typed = <T extends DocumentData>(): FirestoreDataConverter<T> => ({
  toFirestore: (data) => data as DocumentData,
  fromFirestore: (snapshot: QueryDocumentSnapshot) => snapshot.data() as T,
});

/** battle_challenges/{id} and battles/{id}, read as their domain types. */
export const challengeRef = (id: string) =>
  db.doc(`battle_challenges/${documentId(id, 'That challenge')}`).withConverter(typed<Challenge>());
export const battleRef = (id: string) =>
  db.doc(`battles/${documentId(id, 'That battle')}`).withConverter(typed<Battle>());
export const newChallengeId = () => db.collection('battle_challenges').doc().id;
export const newBattleId = () => db.collection('battles').doc().id;

/** One escrow per player and challenge; the battle releases the same two. */
export const feeEscrowId = (challengeId: string, uid: string) => `battle-fee:${challengeId}:${uid}`;

/** Both players' held fees: to the winner as the prize, or each back to its player. */
export const battleFees = (battle: Battle, winner?: string): Release[] =>
  battle.entryFee > 0
    ? battle.participants.map((uid) => ({
        escrowId: feeEscrowId(battle.challengeId, uid),
        to: winner ?? uid,
        kind: winner ? 'prize' : 'refund',
      }))
    : [];

export const named = (player: { uid: string; displayName: string }) => ({
  uid: player.uid,
  displayName: player.displayName,
});
