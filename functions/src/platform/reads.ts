import DataLoader from 'dataloader';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from './firebase';

/**
 * The benchmark host's hooks (scripts/lib/operation-counter.mjs): `one` counts and times each read
 * in the request that asked for it, `shared` runs the call a batch makes outside every request, so
 * a call that serves several requests is not charged to the first of them.
 */
interface ReadHooks {
  one<T>(read: () => Promise<T>): Promise<T>;
  shared<T>(call: () => Promise<T>): Promise<T>;
}
const hooks = () => (globalThis as Record<symbol, unknown>)[Symbol.for('versus.batchedReads')] as ReadHooks | undefined;

/**
 * Document reads started in the same tick, fetched in one call (Firestore's getAll, one
 * BatchGetDocuments) instead of one call each: a command's reads of a battle, its escrows, balances
 * and counters, the caller's profile beside them. Under 25 callers at once the Firestore emulator
 * answered ten documents in one call in 27–39 ms (median) against 110–256 ms for ten calls at once
 * (docs/decisions/0072); in production it is one network
 * round trip and one request's overhead instead of ten. Nothing is cached here: each load is a
 * fresh read (optimistic transactions keep their own snapshots, platform/optimistic). The reads of
 * requests that happen to start in the same tick share the call.
 *
 * getAll answers each reference its own snapshot, in order, built on that reference (its
 * converter), and fetches a document named twice once. A call that fails fails every read in it,
 * as each would have failed alone.
 */
const loader = new DataLoader<DocumentReference, DocumentSnapshot>(
  (refs) => {
    const call = () => db.getAll(...refs);
    return hooks()?.shared(call) ?? call();
  },
  { cache: false, maxBatchSize: 100 },
);

/** `ref.get()`, batched with the other reads started in the same tick (see above). */
export function readDocument<T>(ref: DocumentReference<T>): Promise<DocumentSnapshot<T>> {
  const load = () => loader.load(ref as DocumentReference) as Promise<DocumentSnapshot<T>>;
  return hooks()?.one(load) ?? load();
}

/**
 * `ref` from a read started earlier (a guess, a gate's read) when there is one, else read now; a
 * read started earlier that failed is made again, since its failure was not the caller's.
 */
export function readStartedOr<T>(
  started: Promise<DocumentSnapshot> | undefined,
  ref: DocumentReference<T>,
): Promise<DocumentSnapshot<T>> {
  return started ? (started as Promise<DocumentSnapshot<T>>).catch(() => readDocument(ref)) : readDocument(ref);
}
