import { onSnapshot, type Query } from 'firebase/firestore';
import { startTransition, useEffect, useState } from 'react';

export type LiveQuery<T> =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; items: (T & { id: string })[] };

/**
 * A query read live. `makeQuery` runs when `key` changes (pass null to read nothing), so callers
 * need not memoise the Query object. What arrives renders in a transition, as in useLiveDocument.
 */
export function useLiveQuery<T>(key: string | null, makeQuery: () => Query): LiveQuery<T> {
  const [state, setState] = useState<LiveQuery<T>>({ status: 'loading' });
  useEffect(() => {
    if (key === null) {
      setState({ status: 'ready', items: [] });
      return;
    }
    setState({ status: 'loading' });
    return onSnapshot(
      makeQuery(),
      (snapshot) => {
        const items = snapshot.docs.map((item) => ({ ...(item.data() as T), id: item.id }));
        startTransition(() => setState({ status: 'ready', items }));
      },
      (error) => setState({ status: 'error', error }),
    );
    // makeQuery is rebuilt on every render; the key says when the query really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
