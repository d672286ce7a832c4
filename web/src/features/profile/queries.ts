import { collection, doc, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';

/** My withdrawals and creator redemptions, newest first (the withdraw tab's history). */
export const payoutHistoryQuery = (db: Firestore, uid: string, count = 25) =>
  query(collection(db, 'payouts'), where('uid', '==', uid), orderBy('createdAt', 'desc'), limit(count));

/** My coins' ledger entries, newest first, `count` at a time (the coins tab; load-more asks for more). */
export const coinHistoryQuery = (db: Firestore, uid: string, count: number) =>
  query(collection(db, 'ledger'), where('uid', '==', uid), orderBy('createdAt', 'desc'), limit(count));

/** A user's followers or the players they follow, newest first (the profile's lists). */
export const followListQuery = (db: Firestore, uid: string, list: 'followers' | 'following', count: number) =>
  query(collection(db, 'users', uid, list), orderBy('createdAt', 'desc'), limit(count));

/** A player's statistics and badges (public). */
export const playerStatisticsDoc = (db: Firestore, uid: string) => doc(db, 'player_statistics', uid);

/** A player's match history, newest first, `count` at a time (load-more asks for more). */
export const historyQuery = (db: Firestore, uid: string, count: number) =>
  query(collection(db, 'users', uid, 'history'), orderBy('at', 'desc'), limit(count));

/** data_exports/{uid}: the player's latest "Download my data" request and its link (issue #58). */
export const dataExportDoc = (db: Firestore, uid: string) => doc(db, 'data_exports', uid);
