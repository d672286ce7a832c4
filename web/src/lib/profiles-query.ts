import { collection, documentId, query, where, type Firestore } from 'firebase/firestore';

/** Up to 30 public profiles by uid (Firestore's `in` limit): a board's players, a party's invitees. */
export const profilesQuery = (db: Firestore, uids: string[]) =>
  query(collection(db, 'users'), where(documentId(), 'in', uids));
