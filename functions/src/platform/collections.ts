import type { DocumentData, FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { PrivateAccount, PublicProfile } from '@versus/domain/users/types';
import { db } from './firebase';
import { documentId } from './ids';

/** Reads a document as its domain type; writes pass through (the schemas checked them on the way in). */
const typed = <T extends DocumentData>(): FirestoreDataConverter<T> => ({
  toFirestore: (data) => data as DocumentData,
  fromFirestore: (snapshot: QueryDocumentSnapshot) => snapshot.data() as T,
});

/**
 * Typed references to our documents, one place per shape (STYLE: mono-ts db-refs). Every id a
 * caller gave goes through documentId(): an impossible id is a 404 before Firestore sees it.
 */
export const profileRef = (uid: string) =>
  db.doc(`users/${documentId(uid, 'That user')}`).withConverter(typed<PublicProfile>());

/** users/{uid}/private/account: e-mail, funds, popups and everything owner-only. */
export const accountRef = (uid: string) =>
  db.doc(`users/${documentId(uid, 'That account')}/private/account`).withConverter(typed<PrivateAccount>());
