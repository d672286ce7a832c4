// `npm start`: install if needed, build, start the emulators, seed, start the web app, print logins.
// `npm start -- --fresh` starts from empty data (plus the seed).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureInstalled,
  ensureMachine,
  root,
  log,
  run,
  buildFunctions,
  startEmulators,
  startPaymentStandIn,
  startGameStandIn,
  startChild,
  stopChild,
  waitForPort,
  emulatorEnv,
  PORTS,
  FUNCTION_URL,
} from './lib/stack.mjs';

const started = Date.now();
const fresh = process.argv.includes('--fresh');
const dataDir = join(root, '.emulator-data');

ensureMachine();
ensureInstalled();
buildFunctions();
if (fresh) rmSync(dataDir, { recursive: true, force: true });

const children = [];
let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping (exporting emulator data)…');
  // The web server first, then the emulators, which export their data as they exit.
  for (const child of children.slice(1).reverse()) await stopChild(child, 5_000);
  await stopChild(children[0], 60_000);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

try {
  children.push(await startEmulators({ importDir: dataDir, exportOnExit: dataDir }));
  children.push(await startPaymentStandIn());
  children.push(await startGameStandIn());
  log('seeding demo data…');
  run('npx', ['tsx', 'scripts/seed.ts'], { env: { ...process.env, ...emulatorEnv } });
  children.push(
    startChild('npx', ['vite', '--config', 'web/vite.config.ts', 'web'], { name: 'web', env: emulatorEnv }),
  );
  await waitForPort(PORTS.web);
} catch (error) {
  console.error(error);
  await shutdown(1);
}

// Scheduled functions do not fire under the emulator (DESIGN §3): run the sweepers every 30 s.
const SWEEP_EVERY_MS = 30_000;
const sweeper = setInterval(() => {
  fetch(`${FUNCTION_URL}/internal/sweep`, {
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
}, SWEEP_EVERY_MS);
sweeper.unref();

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
\x1b[32mVersus is running\x1b[0m (ready in ${seconds} s)

  Web app     http://localhost:${PORTS.web}   (also /en-US and /fi-FI)
  API         http://localhost:${PORTS.web}/api  →  the \`api\` function in the emulator
  Emulators   Auth 127.0.0.1:${PORTS.auth} · Firestore 127.0.0.1:${PORTS.firestore} · Functions 127.0.0.1:${PORTS.functions}
  PayPal      stand-in on http://127.0.0.1:${PORTS.paypal} (checkout offers "approve in sandbox")
  Mail        verification and reset links: http://127.0.0.1:${PORTS.auth}/emulator/v1/projects/demo-versus/oobCodes

  Demo logins (password Versus-demo-1)
    admin@versus.test               platform admin
    creator@versus.test             creator, code VERSUS, 5000 coins
    player1@versus.test … player8   verified players, 5000 coins each
    rookie@versus.test              e-mail not verified yet

  Sweeper     expires challenges and battle windows, starts tournaments, every ${SWEEP_EVERY_MS / 1000} s (POST /internal/sweep)
  Admin       /admin (platform admins only)

  Ctrl-C stops everything; data is kept in .emulator-data (npm start -- --fresh to reset).
`);
