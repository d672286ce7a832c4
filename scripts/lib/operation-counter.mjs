// Firestore reads and writes per command, counted by the one-process host (issue #23), loaded by
// scripts/lib/api-host.mjs when VERSUS_COUNT_OPERATIONS=1 (bench:season). Each request runs in
// its own AsyncLocalStorage context; the Firestore client's own read and commit paths are wrapped
// (they are shared by plain reads, transactions and batches, so nothing is counted twice):
//   - a document read (DocumentReader: get, getAll, in or out of a transaction): one per document;
//   - a query: one per document returned, at least one (Firestore's billing);
//   - an aggregation (count, sum): one (per 1,000 index entries in production; ours are smaller);
//   - a commit: one write per document written. The optimistic layer's read guards (a no-op update
//     or an exists: false precondition, platform/optimistic.ts) are billed writes too, and counted
//     apart as `guards`; they change nothing, so they are left out of the writes per document.
// Writes that change a document are also counted per document path and wall-clock minute, for the
// "no document written more than once a second over any minute" target.
// Calls in a row (issue #59): the longest chain of a request's Firestore calls each started after the
// one before it had answered. Calls side by side (Promise.all, a batched read) are one link; a group
// commit's wait is one. A call that answered while the request waited on a provider (PayPal, the
// game's API) that had not waited for it is no link for what starts after that provider's answer,
// which it waited for anyway (an OpenDota call's count of the day's budget, written beside the call;
// scripts/lib/calls-in-a-row.mjs). A provider on loopback answers faster than in production, and
// the emulator slower than Firestore, so a call hidden so here is hidden there too. In production
// each link is a round trip from the function to Firestore, so this, not the emulator's latency,
// stands for a command's time there. It is deterministic but for that rule, which reads the clock: a
// chain beside an unrelated provider call could count a link fewer (no command makes one).
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import { nextDepth } from './calls-in-a-row.mjs';

const require = createRequire(import.meta.url);
const firestore = '@google-cloud/firestore/build/src';
const { DocumentReader } = require(`${firestore}/document-reader.js`);
const { Query } = require(`${firestore}/reference/query.js`);
const { AggregateQuery } = require(`${firestore}/reference/aggregate-query.js`);
const { WriteBatch } = require(`${firestore}/write-batch.js`);
// platform/optimistic.ts READ_GUARD: the field a read guard deletes (it never exists).
const READ_GUARD = '_readGuard';

const context = new AsyncLocalStorage();
/**
 * Time a request spent waiting on a third party (PayPal, the game's API: every outbound fetch the
 * commands make), as the union of its open calls, sent back in this header so the benchmark can
 * tell our part of a command's latency from the provider's.
 */
export const OUTBOUND_HEADER = 'x-bench-outbound-ms';
/** Likewise the time it waited on Firestore (reads, queries, commits, and its group commit's batch). */
export const FIRESTORE_HEADER = 'x-bench-firestore-ms';
/** The request's Firestore calls in a row, sent back likewise. */
export const IN_A_ROW_HEADER = 'x-bench-firestore-in-a-row';
const originalFetch = globalThis.fetch;
// Until the answer's headers: its small JSON body follows at once.
globalThis.fetch = function (...args) {
  return timed('outbound', () => originalFetch.apply(this, args));
};
/** document path → minute → changing writes. */
let documents = new Map();
const outside = () => ({ reads: 0, writes: 0, guards: 0 });
let background = outside();
const current = () => context.getStore() ?? background;
/** A request's counts, and its open calls and waits by kind (`timed`). */
const requestStore = () => ({
  ...outside(),
  open: { outbound: { count: 0, since: 0 }, firestore: { count: 0, since: 0 } },
  ms: { outbound: 0, firestore: 0 },
  // Calls in a row: the Firestore calls and the provider calls that have answered (their depth,
  // start and end), and the deepest Firestore call started.
  chain: { answered: [], outbound: [], deepest: 0 },
});

/** Time with at least one of the request's calls of a kind open (`outbound`, `firestore`), as a union. */
async function timed(kind, call) {
  const store = context.getStore();
  if (!store) return call();
  const open = store.open[kind];
  const start = performance.now();
  if (open.count++ === 0) open.since = start;
  // A Firestore call follows every call that had answered when it started (nextDepth).
  const depth = kind === 'firestore' ? nextDepth(store.chain) : 0;
  if (depth > store.chain.deepest) store.chain.deepest = depth;
  try {
    return await call();
  } finally {
    const end = performance.now();
    if (--open.count === 0) store.ms[kind] += end - open.since;
    if (kind === 'firestore') store.chain.answered.push({ depth, start, end });
    else store.chain.outbound.push({ start, end });
  }
}

// A group commit (platform/group-commit.ts): the time a command waits for its tournament's batch,
// whose Firestore calls run in the context of the command that drains the queue, is a wait on
// Firestore too.
globalThis[Symbol.for('versus.waitOnBatch')] = (wait) => timed('firestore', wait);

// A document read through platform/reads.ts (batched with the reads started in the same tick, of
// this request or others): counted and timed in the request that asked for it, one read per
// document asked for; the shared call is counted in a store of its own, which nothing sums.
globalThis[Symbol.for('versus.batchedReads')] = {
  one: (read) => {
    current().reads += 1;
    return timed('firestore', read);
  },
  shared: (call) => context.run(requestStore(), call),
};

const wrap = (prototype, name, count) => {
  const original = prototype[name];
  prototype[name] = async function (...args) {
    const result = await timed('firestore', () => original.apply(this, args));
    count.call(this, result, current());
    return result;
  };
};
wrap(DocumentReader.prototype, '_get', function (_, store) {
  store.reads += this.allDocuments?.length ?? 0;
});
wrap(Query.prototype, '_get', (response, store) => {
  store.reads += Math.max(1, response?.result?.size ?? 0);
});
wrap(AggregateQuery.prototype, '_get', (_, store) => {
  store.reads += 1;
});

const isGuard = (write) =>
  (write.updateMask?.fieldPaths?.length === 1 && write.updateMask.fieldPaths[0] === READ_GUARD) ||
  (write.delete !== undefined && write.currentDocument?.exists === false);
const originalCommit = WriteBatch.prototype._commit;
WriteBatch.prototype._commit = async function (...args) {
  const ops = this._ops.map(({ docPath, op }) => ({ docPath, guard: isGuard(op()) }));
  const result = await timed('firestore', () => originalCommit.apply(this, args));
  const store = current();
  const minute = Math.floor(Date.now() / 60_000);
  for (const { docPath, guard } of ops) {
    if (guard) {
      store.guards += 1;
      continue;
    }
    store.writes += 1;
    const minutes = documents.get(docPath) ?? new Map();
    minutes.set(minute, (minutes.get(minute) ?? 0) + 1);
    documents.set(docPath, minutes);
  }
  return result;
};

/**
 * Serves one request in its own count, named after its command (method and route) when answered.
 * The counts are summed only when taken: a group commit (platform/group-commit.ts) drains its queue
 * in the context of the request that started it, and goes on committing later batches after that
 * request has been answered; they are counted on it.
 */
const served = [];
export function track(req, res, serve) {
  const store = requestStore();
  const entry = { command: null, store };
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    // What a group commit drains later on this request's context is not the caller's wait.
    store.answeredInARow = store.chain.deepest;
    res.setHeader(OUTBOUND_HEADER, store.ms.outbound.toFixed(1));
    res.setHeader(FIRESTORE_HEADER, store.ms.firestore.toFixed(1));
    res.setHeader(IN_A_ROW_HEADER, String(store.chain.deepest));
    return writeHead.apply(this, args);
  };
  served.push(entry);
  res.once('finish', () => {
    entry.command = `${req.method} ${req.route?.path ?? req.path}`;
  });
  return context.run(store, serve);
}

/** The counts since the last take, and the documents written most in one minute; then resets. */
export function take() {
  const commands = new Map();
  const answered = served.filter((entry) => entry.command !== null);
  const open = served.filter((entry) => entry.command === null);
  served.splice(0, served.length, ...open);
  for (const { command, store } of answered) {
    const total = commands.get(command) ?? { calls: 0, reads: 0, writes: 0, guards: 0, inARow: {} };
    total.calls += 1;
    // How many calls of this command made how many calls in a row before they answered.
    const depth = store.answeredInARow ?? store.chain.deepest;
    total.inARow[depth] = (total.inARow[depth] ?? 0) + 1;
    total.reads += store.reads;
    total.writes += store.writes;
    total.guards += store.guards;
    commands.set(command, total);
  }
  const ranked = [...documents]
    .map(([path, minutes]) => ({ path, most: Math.max(...minutes.values()) }))
    .sort((a, b) => b.most - a.most);
  // The ten written most, and the five written most outside users/ (no player's own documents).
  const hottest = [...ranked.slice(0, 10), ...ranked.filter(({ path }) => !path.startsWith('users/')).slice(0, 5)];
  const answer = {
    commands: Object.fromEntries(commands),
    // The host's CPU time since it started (µs), for the cost of a request in Cloud Run functions.
    cpu: process.cpuUsage(),
    background,
    documents: documents.size,
    hottest,
  };
  documents = new Map();
  background = outside();
  return answer;
}
