import { collection, doc, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';

/**
 * The battle feature's Firestore queries, named and taking `db` (STYLE: friendlyeats), so pages
 * and banners read through them and tests/rules runs the very same queries under the rules.
 */

/** My pending challenges, sent and received, soonest to expire first. */
export const pendingChallengesQuery = (db: Firestore, uid: string) =>
  query(
    collection(db, 'battle_challenges'),
    where('participants', 'array-contains', uid),
    where('state', '==', 'PENDING'),
    orderBy('expires'),
  );

/** My battles, newest first. */
export const myBattlesQuery = (db: Firestore, uid: string, count: number) =>
  query(
    collection(db, 'battles'),
    where('participants', 'array-contains', uid),
    orderBy('createdAt', 'desc'),
    limit(count),
  );

/** My battles still being played or disputed (the banners). */
export const activeBattlesQuery = (db: Firestore, uid: string) =>
  query(
    collection(db, 'battles'),
    where('participants', 'array-contains', uid),
    where('state', 'in', ['ONGOING', 'IN-DISPUTE']),
  );

/** Platform admins: every battle in dispute, oldest first. */
export const disputedBattlesQuery = (db: Firestore) =>
  query(collection(db, 'battles'), where('state', '==', 'IN-DISPUTE'), orderBy('createdAt'));

export const battleDoc = (db: Firestore, id: string) => doc(db, 'battles', id);
export const challengeDoc = (db: Firestore, id: string) => doc(db, 'battle_challenges', id);
export const campaignDoc = (db: Firestore, month: string) => doc(db, 'campaigns', month);
