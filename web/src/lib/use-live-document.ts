import { doc, onSnapshot } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { db } from './firebase';

export type LiveDocument<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; data: T; id: string };

/** One document read live; a denied read counts as missing to a visitor. */
export function useLiveDocument<T>(path: string | null): LiveDocument<T> {
  const [state, setState] = useState<LiveDocument<T>>({ status: 'loading' });
  useEffect(() => {
    if (!path) {
      setState({ status: 'missing' });
      return;
    }
    setState({ status: 'loading' });
    return onSnapshot(
      doc(db, path),
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
  }, [path]);
  return state;
}
