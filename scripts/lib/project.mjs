// Where the stack lives (the repository, the project, its ports) and how it runs a command.
// Only Node built-ins here: this file runs before `npm ci` on a fresh clone.
import { spawn, spawnSync } from 'node:child_process';
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
  /** The push service's and Discord's stand-in (scripts/alerts-stand-in.mjs). */
  alerts: 5013,
  /** MailDev: the SMTP server that catches every e-mail, and its inbox page. */
  mail: 1025,
  mailWeb: 1080,
  host: 5002,
  /** A benchmark's own host beside a running `npm start`, whose host has the port above. */
  benchHost: 5003,
  /** bench:client's Hosting of the production build beside `npm start`'s web server. */
  benchWeb: 5174,
};
/** Debian's `chromium`, the whole browser, and `chromium-headless-shell` (record 97). */
export const CHROMIUM = { full: '/usr/bin/chromium', headlessShell: '/usr/lib/chromium/chromium-headless-shell' };
/** The `api` function in the Functions emulator (`npm start`). */
export const FUNCTION_URL = `http://127.0.0.1:${PORTS.functions}/${PROJECT_ID}/${REGION}/api`;
/** The same built function in one process under Cloud Run functions' server (tests, benchmarks). */
export const HOST_URL = `http://127.0.0.1:${PORTS.host}`;

export const emulatorEnv = {
  FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.auth}`,
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
  GCLOUD_PROJECT: PROJECT_ID,
  GOOGLE_CLOUD_PROJECT: PROJECT_ID,
  // Against the emulators no credential is needed: without this, each process's first Firestore
  // client probes Google's metadata server for one (a MetadataLookupWarning where something else
  // answers that address, a wait where nothing does). Production finds its credentials there.
  METADATA_SERVER_DETECTION: 'none',
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
