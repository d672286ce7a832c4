// The Auth, Firestore and Functions emulators: Debian's Firestore jar, the JVM's heap and logs,
// the start, the Firestore emulator's restart from an export, and exports. Only Node built-ins.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';
import { FUNCTION_URL, PORTS, PROJECT_ID, log, root, run } from './project.mjs';
import {
  assertPortsFree,
  identity,
  isListening,
  killLeftovers,
  processTree,
  signal,
  startChild,
  stopChild,
  waitForPort,
} from './processes.mjs';

export const DEBIAN_FIRESTORE_JAR =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

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
 * 3 × 2 MB. For a run of minutes (VERSUS_EMULATOR_SHORT_RUN=1, which npm test sets for every emulator it
 * starts, its soak's npm start's included) the JIT's first tier only (C1), which takes a third to a
 * half off the JVM's CPU there, and on 2 cores that CPU is the tests' (record 110).
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
    ...(process.env.VERSUS_EMULATOR_SHORT_RUN === '1' ? ['-XX:TieredStopAtLevel=1'] : []),
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

/**
 * Turns off the Functions emulator's background triggers (the Emulator Hub's own switch, as the
 * Firebase testing libraries use it). The `alerts` trigger would otherwise run for every outbox
 * document a second time, in a worker of the Functions emulator, beside the one-process host that
 * plays it as production's Firestore event does (scripts/lib/api-host.mjs). Its HTTP function stays.
 * A reload of the functions (a change under functions/lib while it runs) registers them on again.
 */
export async function disableFunctionTriggers() {
  const response = await fetch(`http://127.0.0.1:${PORTS.hub}/functions/disableBackgroundTriggers`, { method: 'PUT' });
  if (!response.ok)
    throw new Error(`the Functions emulator's triggers stayed on: ${response.status} ${await response.text()}`);
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
