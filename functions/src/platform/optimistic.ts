import {
  FieldPath,
  FieldValue,
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
import { readDocument, readStartedOr } from './reads';

/**
 * Optimistic transactions for hot documents (DESIGN §8: 32 players joining one tournament at once).
 *
 * Firestore's server transactions lock what they read. When many commands read and then write one
 * document, the locks queue; the emulator even resolves such deadlocks only by a 30 s lock timeout,
 * so 33 racing joins outlasted the function's 60 s. Here reads take no lock: each read remembers the
 * document's update time, and the writes commit as one atomic batch whose preconditions say "only if
 * nothing I read has changed". A lost race fails the whole batch, nothing is written, and the
 * command runs again on fresh reads. The callback sees the Transaction interface, so the ledger,
 * escrow and notification helpers work unchanged.
 *
 * Every document read is checked at the commit, written or not (DESIGN §8: serializable on what a
 * command reads as well as what it writes):
 * - written: update and delete carry the read's update time, a create (or a set of a document read
 *   as missing) must still find it missing;
 * - only read, and it existed: a write that changes nothing (the field READ_GUARD deleted, which no
 *   document has) under the read's update time. It leaves the document and its update time as they
 *   are, so readers never invalidate each other; only a real change in between fails the batch;
 * - only read, and it was missing: a delete that requires it to be missing still.
 * So every commit's reads are all current at the moment it commits, and the commands are
 * serializable in commit order. What this cannot see is a document a query did not return (a
 * phantom): commands read by id what their decisions rest on (docs/decisions/0077 has the audit).
 */
export const READ_GUARD = '_readGuard';

/** A merge's fields as paths to their values: nested maps merge, every other value replaces. */
function leaves(data: DocumentData, prefix: string[] = []): [FieldPath, unknown][] {
  return Object.entries(data).flatMap(([key, value]): [FieldPath, unknown][] => {
    const path = [...prefix, key];
    const isMap =
      value !== null &&
      typeof value === 'object' &&
      Object.getPrototypeOf(value) === Object.prototype &&
      Object.keys(value as object).length > 0;
    return isMap ? leaves(value as DocumentData, path) : [[new FieldPath(...path), value]];
  });
}

class OptimisticTransaction {
  private readonly seen = new Map<string, { ref: DocumentReference; time: Timestamp | null }>();
  private readonly written = new Set<string>();
  readonly batch: WriteBatch = db.batch();

  /**
   * The first read of a document is the one the command computed from: a later read (a query that
   * returns it again) must not move the guard forward past a change made in between.
   */
  private remember(snapshot: DocumentSnapshot) {
    if (!this.seen.has(snapshot.ref.path))
      this.seen.set(snapshot.ref.path, { ref: snapshot.ref, time: snapshot.updateTime ?? null });
  }

  /**
   * Each document is fetched once per attempt: a second read (the ledger reading an account the
   * command read already, a document a query returned) answers the first snapshot, which is the one
   * the guard holds, without another round trip. Our converters are all pass-throughs, so a snapshot
   * read through one serves a read through another.
   */
  private readonly cache = new Map<string, Promise<DocumentSnapshot>>();

  /**
   * Reads started before the command asks for them (readAhead, and runOptimistic's `known`), so
   * they share an earlier round trip. A read ahead counts as the command's read, remembered and
   * guarded, only once the command reads it: one it never asks for decided nothing.
   */
  private readonly ahead = new Map<string, Promise<DocumentSnapshot>>();

  /** Documents read before the attempt (runOptimistic's `known` and `ahead`), kept as reads ahead. */
  constructor(
    known: readonly DocumentSnapshot[] = [],
    ahead: ReadonlyMap<string, Promise<DocumentSnapshot>> = new Map(),
  ) {
    for (const snapshot of known) this.ahead.set(snapshot.ref.path, Promise.resolve(snapshot));
    for (const [path, read] of ahead) this.ahead.set(path, read);
  }

  readAhead(refs: readonly DocumentReference[]) {
    for (const ref of refs) {
      if (this.cache.has(ref.path) || this.ahead.has(ref.path)) continue;
      const read = readDocument(ref);
      // Its failure is the command's only if the command reads it (get answers this promise).
      read.catch(() => this.ahead.delete(ref.path));
      this.ahead.set(ref.path, read);
    }
  }

  async get(target: DocumentReference | Query): Promise<DocumentSnapshot | QuerySnapshot> {
    if (target instanceof Query) {
      const result = await target.get();
      for (const doc of result.docs) {
        this.remember(doc);
        if (!this.cache.has(doc.ref.path)) this.cache.set(doc.ref.path, Promise.resolve(doc));
      }
      return result;
    }
    const cached = this.cache.get(target.path);
    if (cached) return cached;
    const read = readStartedOr(this.ahead.get(target.path), target).then((snapshot) => {
      this.remember(snapshot);
      return snapshot;
    });
    this.cache.set(target.path, read);
    read.catch(() => this.cache.delete(target.path));
    return read;
  }

  async getAll(...refs: DocumentReference[]): Promise<DocumentSnapshot[]> {
    return Promise.all(refs.map((ref) => this.get(ref) as Promise<DocumentSnapshot>));
  }

  /** The read time of a document this command read: undefined if never read, null if read as missing. */
  private readTime(ref: DocumentReference) {
    const read = this.seen.get(ref.path);
    return read ? read.time : undefined;
  }

  private guard(ref: DocumentReference): Precondition {
    const time = this.readTime(ref);
    return time ? { lastUpdateTime: time } : { exists: true };
  }

  private writes(ref: DocumentReference) {
    this.written.add(ref.path);
  }

  create(ref: DocumentReference, data: DocumentData) {
    this.writes(ref);
    this.batch.create(ref, data);
    return this;
  }

  update(ref: DocumentReference, data: UpdateData<DocumentData>) {
    this.writes(ref);
    this.batch.update(ref, data, this.guard(ref));
    return this;
  }

  /**
   * A set of a document never read is written as a transaction would. Of a document read as
   * missing, it is a create (it must still be missing). A merge into a document read as existing
   * (statistics, mirrors) is an update of the fields it names, under the read's update time. A
   * whole-document set of a document read as existing has no such form: use update, or this refuses.
   */
  set(ref: DocumentReference, data: DocumentData, options?: SetOptions) {
    const time = this.readTime(ref);
    if (options && !('merge' in options && options.merge))
      throw new Error(`optimistic set of ${ref.path}: only { merge: true } is supported`);
    this.writes(ref);
    if (time === undefined) {
      if (options) this.batch.set(ref, data, options);
      else this.batch.set(ref, data);
    } else if (time === null) this.batch.create(ref, data);
    else if (options) {
      const [first, ...rest] = leaves(data);
      if (!first) return this;
      this.batch.update(ref, first[0], first[1], ...rest.flat(), { lastUpdateTime: time });
    } else throw new Error(`optimistic set of ${ref.path}, read as existing: use update`);
    return this;
  }

  delete(ref: DocumentReference) {
    this.writes(ref);
    const time = this.readTime(ref);
    this.batch.delete(ref, time ? { lastUpdateTime: time } : time === null ? { exists: false } : {});
    return this;
  }

  /** The batch, with a guard for every document read and not written (see the top of this file). */
  commit() {
    for (const [path, { ref, time }] of this.seen) {
      if (this.written.has(path)) continue;
      if (time)
        this.batch.update(ref.withConverter(null), { [READ_GUARD]: FieldValue.delete() }, { lastUpdateTime: time });
      else this.batch.delete(ref, { exists: false });
    }
    return this.batch.commit();
  }
}

/**
 * Starts reads a command will make later in its attempt, beside its first ones, when it knows them
 * already (the fee a new challenge will hold, the pair a follow will read): one round trip instead
 * of several in a row. Only optimistic transactions read ahead; in a server transaction this does
 * nothing, and the reads happen where the command makes them.
 */
export function readAhead(tx: Transaction, refs: readonly DocumentReference[]): void {
  if (tx instanceof OptimisticTransaction) tx.readAhead(refs);
}

/**
 * Reads started before a command's attempt, by path, for runOptimistic's `ahead`: a route's guess
 * at what its command will read (battles/seen), beside the route's own first reads. A read the
 * command never asks for decided nothing and is not guarded; one that failed is made again if the
 * command asks for it.
 */
export function startReads(refs: readonly DocumentReference[]): Map<string, Promise<DocumentSnapshot>> {
  const reads = new Map<string, Promise<DocumentSnapshot>>();
  for (const ref of refs) {
    if (reads.has(ref.path)) continue;
    const read = readDocument(ref);
    read.catch(() => {}); // answered to the command, if it reads it
    reads.set(ref.path, read);
  }
  return reads;
}

/** Codes of a batch that lost a race: a precondition failed, a created document appeared, or vanished. */
const LOST_RACE = new Set([5, 6, 9, 'not-found', 'already-exists', 'failed-precondition']);

export const OPTIMISTIC_ATTEMPTS = 30;

/** A write refused by its update-time precondition: another writer changed the document first. */
export function lostPrecondition(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 9 || code === 'failed-precondition';
}

/**
 * Updates a document only as it was at `since` (its update time when read or last written): the
 * new update time, or undefined when another writer changed it in between and nothing was written.
 */
export async function updateIfUnchanged(
  ref: DocumentReference,
  data: UpdateData<DocumentData>,
  since: Timestamp,
): Promise<Timestamp | undefined> {
  try {
    const [written] = await db.batch().update(ref.withConverter(null), data, { lastUpdateTime: since }).commit();
    return written!.writeTime;
  } catch (error) {
    if (lostPrecondition(error)) return undefined;
    throw error;
  }
}

/** Commits and lost races in this process, for the benchmarks' contention figures. */
export const optimisticStats = { commits: 0, retries: 0 };
// The one-process host of tests and benchmarks reads them from the built bundle (scripts/lib/api-host.mjs).
(globalThis as Record<symbol, unknown>)[Symbol.for('versus.optimisticStats')] = optimisticStats;

export interface OptimisticOptions {
  /**
   * Snapshots the caller has just read (a route's check of the battle it acts on). The first
   * attempt starts from them instead of reading them again, one round trip fewer; they are guarded
   * at the commit like any read, so a change since they were read loses the race and the retry
   * reads afresh. It is the same as reading them at the attempt's start, only earlier.
   */
  known?: readonly DocumentSnapshot[];
  /**
   * A check the command must pass, running beside its reads (the caller's account still active,
   * api/authenticate requireActiveUserBeside): nothing commits before it has passed, and its
   * refusal is the command's answer whatever the command itself concluded.
   */
  beside?: Promise<unknown>;
  /** Reads already under way (the gate's read of the caller's profile), by path: as `known`, still running. */
  ahead?: ReadonlyMap<string, Promise<DocumentSnapshot>>;
  /** The request's Idempotency-Key: its answer, the command's result, is stored in the same commit. */
  key?: KeyInCommit;
  /**
   * Told the commit's time once it has committed: the update time of every document it wrote, for
   * a later write that must find them unchanged (a payout's record of PayPal's answer).
   */
  committed?: (writeTime: Timestamp) => void;
}

/**
 * An Idempotency-Key whose record the command's own commit completes (api/idempotency): written
 * DONE with the command's answer in the same commit, so storing the answer costs no call after it.
 * `stored` is what a commit stored, which the route's answer is compared with when it is sent. A
 * command whose result is null or undefined stores nothing (runOptimistic).
 */
export interface KeyInCommit {
  ref: DocumentReference;
  /** The status the route answers with: set before the command runs (`res.status(201).json(await …)`). */
  status: () => number;
  stored?: StoredAnswer;
  /**
   * A key with no reservation (api/idempotency `reserved: false`): the commit creates its record,
   * which fails if another request with the key committed first. The gate read it as missing for
   * the first attempt; a later attempt reads it again and, when it is there, answers `earlier`
   * of it (the first request's answer, replayed) instead of whatever the command concluded.
   */
  unreserved?: {
    record: DocumentData;
    earlier: (stored: DocumentData) => Error;
    /**
     * `reserved: 'in-commit'` (a withdrawal, whose answer comes after PayPal's): the command's
     * commit creates the record IN_PROGRESS instead of DONE with its result, which is no answer
     * yet; a later commit (commitWithAnswer) or the route's answer completes it. Its `record`
     * carries a `holder` unique to the request, by which a commit reported lost is known to have
     * applied (runOptimistic).
     */
    reserveOnly?: boolean;
  };
  /** Set once the command's commit has created the record (`reserveOnly`): the key is this request's. */
  held?: boolean;
}

/** A key's stored answer: the record's fields and, to compare a sent answer with, its JSON. */
export interface StoredAnswer {
  status: number;
  json: string;
}
export function answerRecord(status: number, body: unknown) {
  const json = JSON.stringify(body ?? null);
  return {
    fields: { state: 'DONE' as const, status, body: JSON.parse(json) as unknown },
    stored: { status, json } satisfies StoredAnswer,
  };
}

/**
 * Writes the key's answer into this commit (a transaction's, or a batch's: commitWithAnswer);
 * `done` marks it stored once the commit has succeeded.
 */
export function storeAnswerInCommit(
  tx: {
    update(ref: DocumentReference, data: UpdateData<DocumentData>): unknown;
    create(ref: DocumentReference, data: DocumentData): unknown;
  },
  key: KeyInCommit,
  body: unknown,
): { done: () => void } {
  const { fields, stored } = answerRecord(key.status(), body);
  if (key.unreserved && !key.held) tx.create(key.ref, { ...key.unreserved.record, ...fields });
  else tx.update(key.ref, fields);
  return { done: () => (key.stored = stored) };
}

/** A `reserveOnly` key's record, IN_PROGRESS, created by this commit: held once it has succeeded. */
function reserveInCommit(tx: OptimisticTransaction, key: KeyInCommit): { done: () => void } {
  tx.create(key.ref, { ...key.unreserved!.record, state: 'IN_PROGRESS' });
  return { done: () => (key.held = true) };
}

/**
 * An unreserved key's record, read in a retry or after a refusal: the first request's answer when
 * it committed meanwhile. A read that failed leaves the command's own answer.
 */
async function answerIfStored<T>(
  read: Promise<DocumentSnapshot> | undefined,
  key: KeyInCommit | undefined,
  unconfirmed: { result: T } | undefined,
  committed: ((writeTime: Timestamp) => void) | undefined,
): Promise<{ result: T } | undefined> {
  const snapshot = read && (await read.catch(() => undefined));
  const stored = snapshot?.data();
  if (!stored || !key?.unreserved) return undefined;
  // This request's own record (`reserveOnly`: its holder): the commit reported lost had applied.
  const holder = key.unreserved.record.holder as unknown;
  if (unconfirmed && holder !== undefined && stored.holder === holder) {
    key.held = true;
    optimisticStats.commits += 1;
    if (snapshot?.updateTime) committed?.(snapshot.updateTime);
    return unconfirmed;
  }
  throw key.unreserved.earlier(stored);
}

/**
 * What a route's gate (api/authenticate requireActiveUserBeside) hands a command: when it may
 * write, and the documents the gate read, which the command reuses instead of reading them again.
 */
export interface Gate {
  passed: Promise<void>;
  reads: ReadonlyMap<string, Promise<DocumentSnapshot>>;
  /**
   * The request's Idempotency-Key (api/idempotency): reserved beside the gate's check, or, when
   * unreserved, its record read there and created by the command's commit.
   */
  key?: KeyInCommit;
}

/**
 * `work` beside a gate (api/authenticate throughGate, for a command handed the gate; none outside a
 * request): its answer once both are done, the gate's refusal first.
 */
export async function besideGate<T>(gate: Gate | undefined, work: Promise<T>): Promise<T> {
  const [passed, result] = await Promise.allSettled([gate?.passed, work]);
  if (passed.status === 'rejected') throw passed.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * Commits a batch a command writes after a provider's answer (a purchase's order, a payout marked
 * PAID) with the key's answer in it, when the request has a key: stored once the commit succeeded.
 */
export async function commitWithAnswer(batch: WriteBatch, key: KeyInCommit | undefined, body: unknown): Promise<void> {
  const answer = key ? storeAnswerInCommit(batch, key, body) : undefined;
  await batch.commit();
  answer?.done();
}

/**
 * A command's options behind a gate: nothing commits before it passes, its reads are the
 * command's, and its answer is the key's.
 */
export const gated = (gate: Gate | undefined): OptimisticOptions =>
  gate ? { beside: gate.passed, ahead: gate.reads, key: gate.key } : {};

/**
 * Runs `update` as an optimistic transaction (see OptimisticTransaction), again on fresh reads
 * while it loses races, with a short random pause. After OPTIMISTIC_ATTEMPTS it gives up with
 * ABORTED, which answers 409 `busy` like a server transaction that gave up.
 */
export async function runOptimistic<T>(
  update: (tx: Transaction) => Promise<T>,
  { known = [], beside, ahead, key, committed }: OptimisticOptions = {},
): Promise<T> {
  const passed = beside ?? Promise.resolve();
  passed.catch(() => {}); // awaited below, after the first attempt's reads
  let unconfirmed: { result: T } | undefined;
  for (let attempt = 1; ; attempt += 1) {
    const tx = attempt === 1 ? new OptimisticTransaction(known, ahead) : new OptimisticTransaction();
    // An unreserved key is read again beside a retry's first reads (the gate read it for the first):
    // a retry may have lost its race to another request with the key, whose answer is then this
    // one's. A result this attempt would commit needs no more: the commit's create of the record
    // fails if it appeared since.
    const keyRead = attempt > 1 && key?.unreserved ? (tx.get(key.ref) as Promise<DocumentSnapshot>) : undefined;
    keyRead?.catch(() => {}); // awaited below
    let result: T;
    try {
      result = await update(tx as unknown as Transaction);
    } catch (error) {
      await passed;
      // A refusal may be this request's view of what another request with the key has just done (a
      // second confirm finds the battle over): the key, read now, after the refusal, answers first.
      if (key?.unreserved) {
        const own = await answerIfStored(readDocument(key.ref), key, unconfirmed, committed);
        if (own) return own.result;
      }
      throw error;
    }
    await passed;
    const own = await answerIfStored(keyRead, key, unconfirmed, committed);
    if (own) return own.result;
    // Only once the gate has passed: then the key's reservation is this request's. A result of
    // null or undefined is no answer (an accept that found its challenge expired commits the
    // expiry, then refuses): the route's error lets the key go, and nothing replayable is stored.
    const answer =
      key && result !== null && result !== undefined
        ? key.unreserved?.reserveOnly
          ? reserveInCommit(tx, key)
          : storeAnswerInCommit(tx as unknown as Transaction, key, result)
        : undefined;
    try {
      const written = await tx.commit();
      optimisticStats.commits += 1;
      answer?.done();
      // The commit's time: the latest (a write that changed nothing reports the document's older time).
      let at: Timestamp | undefined;
      for (const { writeTime } of written) if (!at || writeTime > at) at = writeTime;
      if (at) committed?.(at);
      return result;
    } catch (error) {
      const code = (error as { code?: number | string }).code;
      if (code === undefined || !LOST_RACE.has(code)) throw error;
      // A key this commit would have created IN_PROGRESS: the client library repeats a commit
      // whose answer did not come (UNAVAILABLE), and the repeat of one that had applied fails here
      // like a lost race. The next attempt's read of the key tells: its holder is this request's
      // (answerIfStored), and this result is then the command's, committed once.
      if (key?.unreserved?.reserveOnly) unconfirmed = { result };
      optimisticStats.retries += 1;
      if (attempt >= OPTIMISTIC_ATTEMPTS) throw Object.assign(new Error('too many concurrent changes'), { code: 10 });
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * Math.min(400, 20 * attempt)));
    }
  }
}
