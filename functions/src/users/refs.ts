import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';

/** users/{uid}: the public profile (DESIGN §4). */
export const profileRef = (uid: string) => db.doc(`users/${documentId(uid, 'That user')}`);

/** users/{uid}/private/account: e-mail, funds, popups and everything owner-only. */
export const accountRef = (uid: string) => db.doc(`users/${documentId(uid, 'That account')}/private/account`);
