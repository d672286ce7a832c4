// `npm start`: install if needed, build, start the emulators and the API, seed, start the web app,
// print the addresses and logins. `npm start -- --fresh` starts from empty data (plus the seed).
//
// The API is served as in the tests and in production: the built `api` function in one process
// under Cloud Run functions' own server (startApiHost), not by the Functions emulator, whose worker
// per concurrent request failed under a dozen players at once (docs/decisions/0001). The data is
// exported every few minutes and on Ctrl-C, within a bounded time; a second Ctrl-C, a SIGTERM or a
// hung emulator still leaves no process running and no port taken.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, watch } from 'node:fs';
import { join, relative } from 'node:path';
import {
  ensureInstalled,
  ensureMachine,
  root,
  log,
  run,
  buildFunctions,
  startEmulators,
  assertPortsFree,
  startPaymentStandIn,
  startGameStandIn,
  startAlertStandIns,
  startAppCheckStandIn,
  appCheckHostEnv,
  LOCAL_APP_CHECK_DEBUG_TOKEN,
  startApiHost,
  holdApiHost,
  releaseApiHost,
  restartFirestoreEmulator,
  startChild,
  stopChild,
  killAll,
  waitForPort,
  emulatorEnv,
  exportEmulatorData,
  describeExport,
  emulatorHeapBytes,
  PORTS,
  HOST_URL,
} from './lib/stack.mjs';
import { startFirestoreBrowserProxy } from './lib/firestore-browser-proxy.mjs';

const started = Date.now();
const fresh = process.argv.includes('--fresh');
// VERSUS_DATA_DIR: another folder for the data (bench:soak and npm test's soak stage keep theirs apart).
const dataDir = process.env.VERSUS_DATA_DIR ?? join(root, '.emulator-data');
const dataName = relative(root, dataDir) || dataDir;
/** How often the data is exported while the stack runs: a crash loses at most this much. */
const EXPORT_EVERY_MS = Number(process.env.VERSUS_EXPORT_EVERY_MS ?? 5 * 60_000);
/**
 * The Firestore emulator keeps every browser session it ever had (WebChannel), and a process that
 * has served a few hundred grows slower (issue #57: p95 2.7× after an hour's tabs, the same data
 * on a new process as fast as at the start). So it is recycled (export, a new process that imports
 * it) once it has had this many browser sessions, at most every VERSUS_RECYCLE_MIN_MS; the API and
 * the browsers' proxy hold their requests for the few seconds it takes.
 */
const RECYCLE_AFTER_SESSIONS = Number(process.env.VERSUS_RECYCLE_AFTER_SESSIONS ?? 60);
const RECYCLE_MIN_MS = Number(process.env.VERSUS_RECYCLE_MIN_MS ?? 10 * 60_000);
/**
 * How long a recycle waits for the API's running requests, new ones held meanwhile, before it gives
 * up: every player waits this long. It used to be 30 s, and a skipped recycle was tried again 5 s
 * later, so one slow request held the API for most of a minute (seen once in npm test's soak).
 */
const RECYCLE_DRAIN_MS = 15_000;
/** Scheduled functions do not fire under the emulator (DESIGN §3): the sweepers run on this timer. */
const SWEEP_EVERY_MS = 30_000;

ensureMachine();
ensureInstalled();
buildFunctions();
if (fresh) rmSync(dataDir, { recursive: true, force: true });
const imported = describeExport(dataDir);

const stack = {
  emulators: null,
  /** The Firestore emulator's JVM once recycled (before that, firebase-tools' own child). */
  firestore: null,
  paypal: null,
  games: null,
  appCheck: null,
  /** MailDev and the push and Discord stand-in. */
  alerts: [],
  host: null,
  web: null,
  build: null,
  proxy: null,
};
const timers = [];
let lastExport = imported?.exportedAt ?? null;
let exporting = null;
let stopping = false;
/**
 * The recycle running now (below); the proxy's sessions when the running emulator process started;
 * and when the next recycle may be tried (after a skipped one as long as after one done).
 */
let recycling = null;
let sessionsBefore = 0;
let recycleNotBefore = Date.now() + RECYCLE_MIN_MS;

const clock = (date) => date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });

/** One export at a time; the periodic one is skipped while another runs. */
function exportNow(reason, timeoutMs) {
  exporting ??= exportEmulatorData(dataDir, { timeoutMs, initiatedBy: `npm start (${reason})` })
    .then(() => {
      lastExport = new Date();
    })
    .finally(() => {
      exporting = null;
    });
  return exporting;
}

async function shutdown(reason, code = 0) {
  if (stopping) {
    // A second Ctrl-C: no export, every process killed now.
    log('stopping now, without an export…');
    await killAll();
    process.exit(130);
  }
  stopping = true;
  for (const timer of timers) clearInterval(timer);
  log(`${reason}: stopping (exporting the data first; Ctrl-C again to stop at once)…`);
  // A recycle under way finishes first (its new emulator holds the data), within a bounded time.
  if (recycling) await Promise.race([recycling, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  await Promise.all([
    stopChild(stack.web, 5_000),
    stopChild(stack.build, 5_000),
    stopChild(stack.paypal, 5_000),
    stopChild(stack.games, 5_000),
    stopChild(stack.appCheck, 5_000),
    ...stack.alerts.map((child) => stopChild(child, 5_000)),
    // Requests still running get the host's own time to finish; nothing new arrives meanwhile.
    stopChild(stack.host, 10_000),
    stack.proxy?.close(),
  ]);
  if (stack.emulators && stack.emulators.exitCode === null) {
    try {
      await (exporting ?? Promise.resolve()).catch(() => {});
      await exportNow('stop', 60_000);
      log(`data exported to ${dataName} at ${clock(lastExport)}`);
    } catch (error) {
      log(
        `the export failed (${error.message}); ${dataName} keeps the one from ${lastExport ? clock(lastExport) : 'never'}`,
      );
    }
  }
  await stopChild(stack.emulators, 15_000);
  await stopChild(stack.firestore, 10_000);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown('Ctrl-C'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGHUP', () => void shutdown('SIGHUP'));

/** An emulator process that exits on its own stops the stack (the last export keeps the data). */
function stopWith(child, name) {
  child.once('exit', (code) => {
    if (stopping || child.recycled) return;
    log(`${name} stopped unexpectedly (${code}); the last export is from ${lastExport ? clock(lastExport) : 'never'}`);
    void shutdown('emulators gone', 1);
  });
}

/**
 * A new Firestore emulator process with the same data: the API holds new requests and lets those
 * running finish, the browsers' proxy holds theirs, the data is exported, the old process stops and
 * a new one imports the export (restartFirestoreEmulator; the Auth emulator goes on); then both let
 * their requests go on. A browser's listens start again on the new process (the proxy tells it its
 * old session is unknown).
 */
async function recycle() {
  const started = performance.now();
  const host = stack.host;
  const sessions = stack.proxy.stats().sessions - sessionsBefore;
  let drained;
  let restarted = false;
  log(`recycling the Firestore emulator (${sessions} browser sessions): the API holds new requests…`);
  try {
    drained = await holdApiHost(host, RECYCLE_DRAIN_MS);
  } catch (error) {
    log(`recycle skipped: ${error.message}`);
    return;
  }
  try {
    if (!drained.idle) {
      log(
        `recycle skipped: requests were still running after ${RECYCLE_DRAIN_MS / 1000} s: ${drained.running.join(', ')}`,
      );
      return;
    }
    stack.proxy.hold();
    await (exporting ?? Promise.resolve()).catch(() => {});
    await exportNow('recycle', 60_000);
    if (stack.firestore) stack.firestore.recycled = true;
    restarted = true;
    stack.firestore = await restartFirestoreEmulator(dataDir);
    stopWith(stack.firestore, 'the Firestore emulator');
    sessionsBefore = stack.proxy.stats().sessions;
    log(
      `recycled the Firestore emulator in ${((performance.now() - started) / 1000).toFixed(1)} s (the old process had ${sessions} browser sessions; the data was exported and imported)`,
    );
  } catch (error) {
    log(`the recycle failed: ${error.message}`);
    if (restarted) void shutdown('the Firestore emulator did not come back', 1);
  } finally {
    stack.proxy.release({ newUpstream: restarted });
    await releaseApiHost(host).catch(() => {});
  }
}

/** The API host; started again if it exits on its own (a crash), and on each new build (below). */
async function startHost() {
  // App Check enforced as in production, with the stand-in's tokens (the web app is built with its debug token).
  const host = await startApiHost({ env: appCheckHostEnv });
  stack.host = host;
  host.once('exit', (code) => {
    if (stopping || host.stopping) return;
    log(`the API exited (${code}); starting it again…`);
    void startHost().catch((error) => log(error.message));
  });
}

function restartHostOnRebuild() {
  const built = join(root, 'functions', 'lib', 'index.js');
  const digest = () => {
    try {
      return createHash('sha256').update(readFileSync(built)).digest('hex');
    } catch {
      return null; // being written
    }
  };
  let serving = digest();
  let pending = null;
  // One restart at a time: a second build while one runs waits for it, then looks again.
  let restarting = Promise.resolve();
  const restart = async () => {
    const now = digest();
    if (now === null || now === serving || stopping) return;
    serving = now;
    log('functions rebuilt: restarting the API…');
    const old = stack.host;
    if (old) old.stopping = true;
    await stopChild(old, 10_000);
    if (stopping) return;
    await startHost().catch((error) => log(`the API did not restart: ${error.message}`));
  };
  const watcher = watch(join(root, 'functions', 'lib'), (_event, file) => {
    if (file !== 'index.js' || stopping) return;
    clearTimeout(pending);
    pending = setTimeout(() => {
      restarting = restarting.then(restart);
    }, 500);
  });
  watcher.unref();
}

try {
  // Every port this stack takes, before anything starts: another stack holds them otherwise.
  await assertPortsFree(Object.keys(PORTS).filter((name) => name !== 'benchHost' && name !== 'functions'));
  stack.emulators = await startEmulators({ functions: false, importDir: dataDir });
  stopWith(stack.emulators, 'the emulators');
  stack.proxy = await startFirestoreBrowserProxy({
    port: PORTS.browserFirestore,
    upstreamPort: PORTS.firestore,
    // VERSUS_PROXY_ENDS_LISTENS=0 shows the emulator without the proxy's help (bench:soak's proof).
    endsListens: process.env.VERSUS_PROXY_ENDS_LISTENS !== '0',
    // VERSUS_PROXY_LOG=1: every session it learns of, ends and forgets, and every lost handshake.
    ...(process.env.VERSUS_PROXY_LOG === '1' && {
      log: (message) => log(`proxy ${new Date().toISOString().slice(11, 23)}: ${message}`),
    }),
  });
  stack.paypal = await startPaymentStandIn({ apiUrl: HOST_URL });
  stack.games = await startGameStandIn();
  stack.appCheck = await startAppCheckStandIn();
  stack.alerts = await startAlertStandIns({ quiet: true });
  await startHost();
  log('seeding demo data…');
  run('npx', ['tsx', 'scripts/seed.ts'], { env: { ...process.env, ...emulatorEnv } });
  stack.web = startChild('npx', ['vite', '--config', 'web/vite.config.ts', 'web'], {
    name: 'web',
    env: {
      ...emulatorEnv,
      VERSUS_API_URL: HOST_URL,
      VITE_APP_CHECK_DEBUG_TOKEN: LOCAL_APP_CHECK_DEBUG_TOKEN,
      // A browser without a push service here gets a device of the push stand-in (lib/push-device.ts).
      VITE_PUSH_STAND_IN: '1',
    },
  });
  await waitForPort(PORTS.web);
  // Edits under functions/src are rebuilt into functions/lib, and the API restarts on them.
  stack.build = startChild('node', ['functions/build.mjs', '--watch'], { name: 'functions build' });
  restartHostOnRebuild();
} catch (error) {
  console.error(error);
  await shutdown('start failed', 1);
}

timers.push(
  setInterval(() => {
    fetch(`${HOST_URL}/internal/sweep`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ all: true }),
    })
      .then(async (response) => {
        const result = await response.json();
        const changed = Object.entries(result).filter(([, count]) => typeof count === 'number' && count > 0);
        if (changed.length > 0) log(`sweeper: ${changed.map(([name, count]) => `${name} ${count}`).join(', ')}`);
      })
      .catch((error) => log(`sweeper failed: ${error.message}`));
  }, SWEEP_EVERY_MS),
  setInterval(() => {
    if (recycling || stopping || !stack.proxy || Date.now() < recycleNotBefore) return;
    if (stack.proxy.stats().sessions - sessionsBefore < RECYCLE_AFTER_SESSIONS) return;
    recycling = recycle().finally(() => {
      recycling = null;
      // Done or skipped, the next try waits as long.
      recycleNotBefore = Date.now() + RECYCLE_MIN_MS;
    });
  }, 5_000),
  setInterval(() => {
    if (exporting || recycling) return;
    exportNow('every few minutes', 60_000).catch((error) => log(`the periodic export failed: ${error.message}`));
  }, EXPORT_EVERY_MS),
);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const data = imported
  ? `imported ${dataName}, exported ${clock(imported.exportedAt)} (${imported.accounts ?? '?'} accounts), plus the seed`
  : 'empty, plus the seed';
console.log(`
\x1b[32mVersus is running\x1b[0m (ready in ${seconds} s)

  Web app     http://localhost:${PORTS.web}   (also /en-US and /fi-FI)
  API         http://localhost:${PORTS.web}/api  →  the \`api\` function in one process on ${HOST_URL}
              (restarts on each build of functions/src)
  Emulators   Auth 127.0.0.1:${PORTS.auth} · Firestore 127.0.0.1:${PORTS.firestore} (heap ${(emulatorHeapBytes() / 1024 ** 3).toFixed(1)} GiB;
              browsers through 127.0.0.1:${PORTS.browserFirestore}, which ends the listens of closed tabs;
              recycled with its data after ${RECYCLE_AFTER_SESSIONS} browser sessions, the API waiting meanwhile)
  PayPal      stand-in on http://127.0.0.1:${PORTS.paypal} (checkout offers "approve in sandbox")
  Games       Riot and OpenDota stand-in on http://127.0.0.1:${PORTS.games}
  App Check   enforced on the API; the web app's debug token is exchanged at http://127.0.0.1:${PORTS.appCheck}
  Mail        verification and reset links: http://127.0.0.1:${PORTS.auth}/emulator/v1/projects/demo-versus/oobCodes
  Alerts      e-mails caught by MailDev: http://127.0.0.1:${PORTS.mailWeb} · pushes and Discord posts:
              http://127.0.0.1:${PORTS.alerts} (choose them in Profile → Settings → Alerts)

  Demo logins (password Versus-demo-1)
    admin@versus.test               platform admin
    creator@versus.test             creator, code VERSUS, 5000 coins
    player1@versus.test … player8   verified players, 5000 coins each
    rookie@versus.test              e-mail not verified yet

  Sweeper     expires challenges and battle windows, starts tournaments, every ${SWEEP_EVERY_MS / 1000} s (POST /internal/sweep)
  Admin       /admin (platform admins only)

  Data        ${data}
              exported to ${dataName} every ${Math.round(EXPORT_EVERY_MS / 60_000)} minutes and on Ctrl-C (npm start -- --fresh to reset)
  Ctrl-C stops everything (a second Ctrl-C stops at once, without the export).
`);
