import { onSnapshot, type DocumentReference } from 'firebase/firestore';
import { startTransition, useEffect, useRef, useState } from 'react';
import { firestoreEnded } from './firebase';
import { clientEnded } from './firebase-lazy';
import { useServedDocument } from './served-data';

const LISTEN_ATTEMPTS = 4;

export type LiveDocument<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; data: T; id: string };

/**
 * One document read live, from a named reference (a feature's queries.ts, or lib/documents.ts);
 * a denied read counts as missing to a visitor, and a failed listener listens again (up to 4 times,
 * then says so in the console).
 * The reference's path says when it changes. What arrives renders in a transition: React renders a
 * page's data in slices, yielding to the browser, not in one long task (issue #24, TBT). On a page
 * whose HTML came with its data (lib/served-data.tsx), it starts from that data, not from loading.
 */
export function useLiveDocument<T>(ref: DocumentReference | null): LiveDocument<T> {
  const path = ref?.path ?? null;
  const served = useServedDocument(path);
  const [state, setState] = useState<LiveDocument<T>>(() =>
    served === undefined
      ? { status: 'loading' }
      : served === null
        ? { status: 'missing' }
        : { status: 'ready', data: served.data as T, id: served.id },
  );
  // The path whose state is held: a new path starts from loading, the first keeps what it was served.
  const held = useRef(path);
  useEffect(() => {
    if (held.current !== path) {
      held.current = path;
      setState({ status: 'loading' });
    }
    if (!ref) {
      setState({ status: 'missing' });
      return;
    }
    // A listener that fails is over for good in the SDK: listen again a few times, backing off (a
    // flaky network, or a read that raced the sign-in), keeping what the failure showed meanwhile.
    let stop = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    const listen = (attempt: number) => {
      stop = onSnapshot(
        ref,
        (snapshot) =>
          startTransition(() =>
            setState(
              snapshot.exists()
                ? { status: 'ready', data: snapshot.data() as T, id: snapshot.id }
                : { status: 'missing' },
            ),
          ),
        (error) => {
          if (clientEnded(error)) return;
          if (attempt === LISTEN_ATTEMPTS)
            console.warn(`live read of ${path} failed ${attempt} times`, (error as { code?: string }).code ?? error);
          setState(
            (error as { code?: string }).code === 'permission-denied'
              ? { status: 'missing' }
              : { status: 'error', error },
          );
          if (attempt < LISTEN_ATTEMPTS)
            retry = setTimeout(
              () => {
                if (!firestoreEnded()) listen(attempt + 1);
              },
              1000 * 2 ** (attempt - 1),
            );
        },
      );
    };
    listen(1);
    return () => {
      clearTimeout(retry);
      stop();
    };
    // The reference is rebuilt on every render; its path says when it really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);
  // A new path is loading from its first render: the old one's document stayed for that render, and a
  // page read it as the new one's (record 179: a tournament's matches, with another's `?checkIn=`).
  return held.current === path ? state : LOADING_DOCUMENT;
}

const LOADING_DOCUMENT = { status: 'loading' } as const;
