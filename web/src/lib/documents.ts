import { doc, type Firestore } from 'firebase/firestore';
import { PRESENCE_DOC } from '@versus/domain/users/presence';

/** Documents every part of the app reads (named like the features' queries, taking `db`). */
export const profileDoc = (db: Firestore, uid: string) => doc(db, 'users', uid);
/** A player's presence heartbeat (docs/decisions/0093): apart from the profile, which many listen to. */
export const presenceDoc = (db: Firestore, uid: string) => doc(db, 'users', uid, 'presence', PRESENCE_DOC);
export const walletSettingsDoc = (db: Firestore) => doc(db, 'settings', 'wallet');
