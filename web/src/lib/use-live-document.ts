import { onSnapshot, type DocumentReference } from 'firebase/firestore';
import { useEffect, useState } from 'react';

export type LiveDocument<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; data: T; id: string };

/**
 * One document read live, from a named reference (a feature's queries.ts, or lib/documents.ts);
 * a denied read counts as missing to a visitor. The reference's path says when it changes.
 */
export function useLiveDocument<T>(ref: DocumentReference | null): LiveDocument<T> {
  const path = ref?.path ?? null;
  const [state, setState] = useState<LiveDocument<T>>({ status: 'loading' });
  useEffect(() => {
    if (!ref) {
      setState({ status: 'missing' });
      return;
    }
    setState({ status: 'loading' });
    return onSnapshot(
      ref,
      (snapshot) =>
        setState(
          snapshot.exists() ? { status: 'ready', data: snapshot.data() as T, id: snapshot.id } : { status: 'missing' },
        ),
      (error) =>
        setState(
          (error as { code?: string }).code === 'permission-denied'
            ? { status: 'missing' }
            : { status: 'error', error },
        ),
    );
    // The reference is rebuilt on every render; its path says when it really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  return state;
}
