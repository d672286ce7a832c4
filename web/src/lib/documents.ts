import { doc, type Firestore } from 'firebase/firestore';

/** Documents every part of the app reads (named like the features' queries, taking `db`). */
export const profileDoc = (db: Firestore, uid: string) => doc(db, 'users', uid);
export const walletSettingsDoc = (db: Firestore) => doc(db, 'settings', 'wallet');
