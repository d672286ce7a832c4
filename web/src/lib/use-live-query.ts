import type { Query } from 'firebase/firestore';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { liveKeys } from '@versus/domain/platform/served-data';
import { useServedQuery } from './served-data';
import { clientEnded } from './firebase-lazy';
import { onQueryAnswer } from './server-snapshot';

export type LiveQuery<T> =
  { status: 'loading' } | { status: 'error'; error: Error } | { status: 'ready'; items: (T & { id: string })[] };

/**
 * A query read live. `makeQuery` runs when `key` changes (pass null to read nothing), so callers
 * need not memoise the Query object. What arrives renders in a transition, as in useLiveDocument,
 * which also says how a page served with its data starts.
 */
export function useLiveQuery<T>(key: string | null, makeQuery: () => Query): LiveQuery<T> {
  const served = useServedQuery(key);
  return useLiveLists<T>(
    key,
    () => [makeQuery()],
    (lists) => lists[0]!,
    served === undefined ? LOADING : { status: 'ready', items: served as (T & { id: string })[] },
  );
}

/**
 * Several queries read live as one list: `combine` makes it from each query's items, once every
 * query has answered, and again on each change. For what one query cannot ask (Firestore's `in`
 * takes at most 30 values: the notifications of a kind of more types, record 179).
 */
export function useLiveQueries<T>(
  key: string | null,
  makeQueries: () => Query[],
  combine: (lists: (T & { id: string })[][]) => (T & { id: string })[],
): LiveQuery<T> {
  return useLiveLists(key, makeQueries, combine, LOADING);
}

const LOADING = { status: 'loading' } as const;

/** Both hooks above: the queries `key` names, listened to until it changes. */
function useLiveLists<T>(
  key: string | null,
  makeQueries: () => Query[],
  combine: (lists: (T & { id: string })[][]) => (T & { id: string })[],
  initial: LiveQuery<T>,
): LiveQuery<T> {
  const [state, setState] = useState<LiveQuery<T>>(initial);
  const held = useRef(key);
  useEffect(() => {
    if (held.current !== key) {
      held.current = key;
      setState(LOADING);
    }
    const queries = key === null ? [] : makeQueries();
    if (queries.length === 0) {
      setState({ status: 'ready', items: [] });
      return;
    }
    const lists: ((T & { id: string })[] | undefined)[] = queries.map(() => undefined);
    let failed = false;
    // Nothing is shown until the server has answered every query: never a part the cache held
    // (record 112).
    const stops = queries.map((query, index) =>
      onQueryAnswer(
        query,
        (snapshot) => {
          lists[index] = snapshot.docs.map((item) => ({ ...(item.data() as T), id: item.id }));
          if (failed || lists.some((list) => list === undefined)) return;
          const items = combine(lists as (T & { id: string })[][]);
          startTransition(() => setState({ status: 'ready', items }));
        },
        (error) => {
          if (clientEnded(error)) return;
          failed = true;
          console.warn('live query failed', (error as { code?: string }).code ?? error);
          setState({ status: 'error', error });
        },
      ),
    );
    return () => stops.forEach((stop) => stop());
    // makeQueries is rebuilt on every render; the key says when the queries really change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // A new key is loading from its first render, as in useLiveDocument (record 179): the old key's
  // items stayed for that render, and a page read them as the new key's.
  return held.current === key ? state : LOADING;
}

export interface GrowingLiveQuery<T> {
  status: LiveQuery<T>['status'];
  /** The lines shown: at most `pageSize` times the pages asked for, kept while a longer page loads. */
  items: (T & { id: string })[];
  /** Whether there is more than is shown. */
  more: boolean;
  showMore: () => void;
}

/**
 * A list read live that grows a page at a time ("Show more"): `makeQuery(limit)` asks for one more
 * line than it shows, which says whether there is more, and the lines already shown stay while the
 * longer page loads.
 */
export function useGrowingLiveQuery<T>(
  key: string | null,
  makeQuery: (limit: number) => Query,
  pageSize: number,
): GrowingLiveQuery<T> {
  const [count, setCount] = useState(pageSize);
  const lines = useLiveQuery<T>(key === null ? null : liveKeys.grown(key, count), () => makeQuery(count + 1));
  const [last, setLast] = useState<(T & { id: string })[]>([]);
  if (lines.status === 'ready' && lines.items !== last) setLast(lines.items);
  const items = lines.status === 'ready' ? lines.items : last;
  const shown = useMemo(() => items.slice(0, count), [items, count]);
  return {
    status: lines.status,
    items: shown,
    // While a longer page loads, its button stays (busy): it had gone, and the list read as ended.
    more: items.length > count || (lines.status === 'loading' && last.length > 0),
    showMore: () => setCount((current) => current + pageSize),
  };
}
