import { db } from '../platform/firebase';

/** users/{uid}: the public profile (DESIGN §4). */
export const profileRef = (uid: string) => db.doc(`users/${uid}`);

/** users/{uid}/private/account: e-mail, funds, popups and everything owner-only. */
export const accountRef = (uid: string) => db.doc(`users/${uid}/private/account`);
