import { onSnapshot, type FirestoreError, type Query, type QuerySnapshot } from 'firebase/firestore';

/**
 * A query read live from the server's first answer on (record 112). The SDK answers a new listen
 * from its cache first, and the cache holds only what other listens read: a bracket's first answer
 * was the one match the header's banner reads. That answer is passed over; so that one the cache
 * had whole still arrives, the listen also hears when only that changes (fromCache), and passes
 * over such news after.
 */
export function onQueryAnswer<T>(
  query: Query<T>,
  next: (snapshot: QuerySnapshot<T>) => void,
  error: (error: FirestoreError) => void,
): () => void {
  let answered = false;
  return onSnapshot(
    query,
    { includeMetadataChanges: true },
    (snapshot) => {
      if (!answered && snapshot.metadata.fromCache) return;
      if (answered && snapshot.docChanges().length === 0) return;
      answered = true;
      next(snapshot);
    },
    error,
  );
}
