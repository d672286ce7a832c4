/**
 * The Firebase SDK is ~150 KB gzip, as much as the rest of the first page: the shell (header,
 * session, API client) loads it after the first render. Lazy pages may import lib/firebase directly.
 */
export type FirebaseSdk = typeof import('./firebase-sdk');

/**
 * Whether a listener failed because the page's Firestore client was ended (`terminate()`, as a page
 * being left does; lib/firebase.ts): what the page showed stays, and nothing listens again, since a
 * listen on an ended client throws.
 */
export const clientEnded = (error: unknown) => (error as { code?: string }).code === 'aborted';

export const loadFirebase = (): Promise<FirebaseSdk> => import('./firebase-sdk');

/** Starts a listener once the SDK is loaded; the returned function stops it either way. */
export function subscribeWithFirebase(start: (sdk: FirebaseSdk) => () => void): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  loadFirebase().then(
    (sdk) => {
      if (!cancelled) stop = start(sdk);
    },
    (error: unknown) => console.warn('could not load Firebase', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

/**
 * Like subscribeWithFirebase, with a feature's query module loaded beside the SDK (its queries
 * import Firestore, so the always-loaded shell must not import them statically).
 */
export function subscribeWithQueries<Q>(
  loadQueries: () => Promise<Q>,
  start: (sdk: FirebaseSdk, queries: Q) => () => void,
): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  Promise.all([loadFirebase(), loadQueries()]).then(
    ([sdk, queries]) => {
      if (!cancelled) stop = start(sdk, queries);
    },
    (error: unknown) => console.warn('could not load Firebase', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}
