import {
  Query,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Precondition,
  type QuerySnapshot,
  type SetOptions,
  type Timestamp,
  type Transaction,
  type UpdateData,
  type WriteBatch,
} from 'firebase-admin/firestore';
import { db } from './firebase';

/**
 * Optimistic transactions for hot documents (DESIGN §8: 32 players joining one tournament at once).
 *
 * Firestore's server transactions lock what they read. When many commands read and then write one
 * document, the locks queue; the emulator even resolves such deadlocks only by a 30 s lock timeout,
 * so 33 racing joins outlasted the function's 60 s. Here reads take no lock: each read remembers the
 * document's update time, and the writes commit as one atomic batch whose preconditions say "only if
 * nothing I read and now write has changed" (update/delete: lastUpdateTime; create: must not
 * exist). A lost race fails the whole batch, nothing is written, and the command runs again on fresh
 * reads. The callback sees the Transaction interface, so the ledger, escrow and notification
 * helpers work unchanged.
 *
 * What it does not guard: a document read but not written. Commands that rely on such a read being
 * current must write it (or create it, which fails if it appeared).
 */
class OptimisticTransaction {
  private readonly seen = new Map<string, Timestamp | null>();
  readonly batch: WriteBatch = db.batch();

  /**
   * The first read of a document is the one the command computed from: a later read (a query that
   * returns it again) must not move the guard forward past a change made in between.
   */
  private remember(snapshot: DocumentSnapshot) {
    if (!this.seen.has(snapshot.ref.path)) this.seen.set(snapshot.ref.path, snapshot.updateTime ?? null);
  }

  async get(target: DocumentReference | Query): Promise<DocumentSnapshot | QuerySnapshot> {
    if (target instanceof Query) {
      const result = await target.get();
      for (const doc of result.docs) this.remember(doc);
      return result;
    }
    const snapshot = await target.get();
    this.remember(snapshot);
    return snapshot;
  }

  async getAll(...refs: DocumentReference[]): Promise<DocumentSnapshot[]> {
    return Promise.all(refs.map((ref) => this.get(ref) as Promise<DocumentSnapshot>));
  }

  private guard(ref: DocumentReference): Precondition {
    const time = this.seen.get(ref.path);
    return time ? { lastUpdateTime: time } : { exists: true };
  }

  create(ref: DocumentReference, data: DocumentData) {
    this.batch.create(ref, data);
    return this;
  }

  update(ref: DocumentReference, data: UpdateData<DocumentData>) {
    this.batch.update(ref, data, this.guard(ref));
    return this;
  }

  /**
   * A set of a document read as missing is a create (it must still be missing); a merge is for
   * mirrors whose fields only this command owns; a document never read is written as a
   * transaction would. A whole-document set of a document read as existing could not carry a
   * precondition: use update, or this refuses.
   */
  set(ref: DocumentReference, data: DocumentData, options?: SetOptions) {
    const time = this.seen.get(ref.path);
    if (options) this.batch.set(ref, data, options);
    else if (time === null) this.batch.create(ref, data);
    else if (time === undefined) this.batch.set(ref, data);
    else throw new Error(`optimistic set of ${ref.path}, read as existing: use update`);
    return this;
  }

  delete(ref: DocumentReference) {
    const time = this.seen.get(ref.path);
    this.batch.delete(ref, time ? { lastUpdateTime: time } : {});
    return this;
  }
}

/** Codes of a batch that lost a race: a precondition failed, a created document appeared, or vanished. */
const LOST_RACE = new Set([5, 6, 9, 'not-found', 'already-exists', 'failed-precondition']);

export const OPTIMISTIC_ATTEMPTS = 30;

/** Commits and lost races in this process, for the benchmarks' contention figures. */
export const optimisticStats = { commits: 0, retries: 0 };
// The one-process host of tests and benchmarks reads them from the built bundle (scripts/lib/api-host.mjs).
(globalThis as Record<symbol, unknown>)[Symbol.for('versus.optimisticStats')] = optimisticStats;

/**
 * Runs `update` as an optimistic transaction (see OptimisticTransaction), again on fresh reads
 * while it loses races, with a short random pause. After OPTIMISTIC_ATTEMPTS it gives up with
 * ABORTED, which answers 409 `busy` like a server transaction that gave up.
 */
export async function runOptimistic<T>(update: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const tx = new OptimisticTransaction();
    const result = await update(tx as unknown as Transaction);
    try {
      await tx.batch.commit();
      optimisticStats.commits += 1;
      return result;
    } catch (error) {
      const code = (error as { code?: number | string }).code;
      if (code === undefined || !LOST_RACE.has(code)) throw error;
      optimisticStats.retries += 1;
      if (attempt >= OPTIMISTIC_ATTEMPTS) throw Object.assign(new Error('too many concurrent changes'), { code: 10 });
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * Math.min(400, 20 * attempt)));
    }
  }
}
