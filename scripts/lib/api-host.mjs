// The module that Cloud Run functions' own server runs in tests and benchmarks (DESIGN §3, §8):
// `functions-framework --target=api --source=scripts/lib/api-host.mjs` under Node 22, started by
// startApiHost in stack.mjs. Its `api` is the built function (functions/lib, the deployed bundle
// with its onRequest wrapper) plus two paths that exist only here:
//   POST /bench/noop   the baseline: the token check every command pays, and nothing else;
//   POST /bench/stats  the optimistic transactions' commits and lost races since the last read;
//   POST /bench/runtime the Node.js version serving (production's is 22);
//   POST /bench/operations Firestore reads and writes per command since the last read, and the
//                      documents written most in one minute (only with VERSUS_COUNT_OPERATIONS=1:
//                      scripts/lib/operation-counter.mjs).
//   POST /stack/hold   (npm start only, with its control token) new requests wait, and the answer
//                      comes when the requests already running have finished: npm start recycles
//                      the emulators meanwhile (scripts/start.mjs); POST /stack/release lets them in.
// One process serves every request at once, as one Cloud Functions v2 instance does (up to 80).
// It also plays Eventarc for the `alerts` trigger (issue #60): each alert the commands write to the
// outbox is handed to the deployed trigger as it appears, as production's Firestore event would be.
import { getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { api as deployed, alerts } from '../../functions/lib/index.js';

const counter = process.env.VERSUS_COUNT_OPERATIONS === '1' ? await import('./operation-counter.mjs') : null;

/**
 * The outbox's created documents, handed to the `alerts` trigger (its `run`, what Eventarc calls):
 * every PENDING alert never tried (`attempts` 0) as the listen sees it, the first snapshot's too, so
 * a listen opened again (npm start recycles the emulator) misses none; the alert's claim makes a
 * second hand-over send nothing. Retries are the sweeper's.
 */
function relayAlerts() {
  const stop = getFirestore(getApps()[0])
    .collection('outbox')
    .where('state', '==', 'PENDING')
    .onSnapshot(
      (snapshot) => {
        for (const change of snapshot.docChanges())
          if (change.type === 'added' && change.doc.get('attempts') === 0)
            Promise.resolve(alerts.run({ params: { id: change.doc.id }, data: change.doc })).catch((error) =>
              console.error(`alert ${change.doc.id}: ${error.message}`),
            );
      },
      (error) => {
        console.error(`the outbox's listen failed (${error.message}); listening again in 5 s`);
        stop();
        setTimeout(relayAlerts, 5_000).unref();
      },
    );
}
if (process.env.VERSUS_ALERT_RELAY !== '0') relayAlerts();

const stats = () => globalThis[Symbol.for('versus.optimisticStats')] ?? { commits: 0, retries: 0 };

async function noop(req, res) {
  const header = req.get('authorization') ?? '';
  try {
    await getAuth(getApps()[0]).verifyIdToken(header.replace(/^Bearer /, ''));
    res.json({ ok: true });
  } catch {
    res.status(401).json({ message: 'Sign in first.', statusCode: 401 });
  }
}

/** npm start's token for /stack/*, so no browser (the dev server passes /api/* on) can hold the API. */
const controlToken = process.env.VERSUS_STACK_CONTROL_TOKEN;
/** The requests being served: what each is and since when (a hold that times out names them). */
const running = new Set();
/** While held: the promise new requests wait on, and its resolve. */
let held = null;
const drained = new Set();
const settle = () => {
  if (running.size !== 0) return;
  for (const resolve of drained) resolve(true);
  drained.clear();
};

/**
 * Holds new requests, and answers once those running have finished (or `false` after `timeoutMs`,
 * with those still running and for how long).
 */
async function hold(req, res) {
  if (!held) {
    let release;
    const promise = new Promise((resolve) => {
      release = resolve;
    });
    held = { promise, release };
  }
  const timeoutMs = Math.min(60_000, Number(req.body?.timeoutMs) || 30_000);
  const idle = await new Promise((resolve) => {
    if (running.size === 0) return resolve(true);
    drained.add(resolve);
    setTimeout(() => {
      drained.delete(resolve);
      resolve(false);
    }, timeoutMs);
  });
  const now = performance.now();
  res.json({
    held: true,
    idle,
    running: [...running].map(({ what, since }) => `${what} (${((now - since) / 1000).toFixed(1)} s)`),
  });
}

function release(res) {
  held?.release();
  held = null;
  res.json({ held: false });
}

export async function api(req, res) {
  if (req.path.startsWith('/stack/') && controlToken) {
    if (req.get('x-versus-stack') !== controlToken)
      return res.status(404).json({ message: 'Not found.', statusCode: 404 });
    if (req.method === 'POST' && req.path === '/stack/hold') return hold(req, res);
    if (req.method === 'POST' && req.path === '/stack/release') return release(res);
  }
  while (held) await held.promise;
  // Its caller left while it was held (a tab closed during a recycle): as if it never came. Its
  // `close` has been emitted already, so it would stay in `running` for good, and every later hold
  // would wait for it in vain (a soak of 2026-12-05 skipped two recycles so).
  if (res.destroyed) return;
  const request = { what: `${req.method} ${req.path}`, since: performance.now() };
  running.add(request);
  res.once('close', () => {
    running.delete(request);
    settle();
  });
  return serve(req, res);
}

function serve(req, res) {
  if (req.method === 'POST' && req.path === '/bench/noop') return noop(req, res);
  if (req.method === 'POST' && req.path === '/bench/stats') {
    const figures = stats();
    res.json({ commits: figures.commits, retries: figures.retries });
    figures.commits = 0;
    figures.retries = 0;
    return;
  }
  if (req.method === 'POST' && req.path === '/bench/runtime') return res.json({ node: process.version });
  if (req.method === 'POST' && req.path === '/bench/operations') return res.json(counter?.take() ?? null);
  return counter ? counter.track(req, res, () => deployed(req, res)) : deployed(req, res);
}
