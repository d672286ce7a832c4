// npm run bench:wallet [-- --users 50 --rounds 3]
// N concurrent users buy coins (intent → sandbox approval → orderComplete) and withdraw played
// coins (a grant at set-up: bought coins must be staked before they can be withdrawn). The
// commands go to the benchmark host (scripts/bench/host.ts: the `api` Express app in one Node
// process, as a Cloud Functions v2 instance runs it) against the Firestore and Auth emulators and
// the PayPal stand-in; p50/p95 per command are printed beside the baseline, an authenticated no-op
// through that same host, measured in the same run (DESIGN §8). Uses a running stack
// (`npm start`) or starts its own. Ends with check:ledger's verdict on the bench's data.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import {
  buildFunctions,
  emulatorEnv,
  isListening,
  root,
  startEmulators,
  startPaymentStandIn,
  stopChild,
  PORTS,
  type StackChild,
} from '../lib/stack.mjs';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } },
});
const USERS = Number(values.users);
const ROUNDS = Number(values.rounds);
const STAND_IN = `http://127.0.0.1:${PORTS.paypal}`;
const BASELINE = 'authenticated no-op';

const ownStack = !(await isListening(PORTS.functions));
let emulators: StackChild | undefined;
let standIn: StackChild | undefined;
if (ownStack) {
  buildFunctions();
  emulators = await startEmulators({ quiet: true });
  standIn = await startPaymentStandIn({ quiet: true });
} else if (!(await isListening(PORTS.paypal))) {
  throw new Error('the emulators run but the PayPal stand-in does not: start the stack with npm start');
}
Object.assign(process.env, emulatorEnv);
const { adminForEmulators } = await import('../lib/emulator-admin');
const { db, auth } = adminForEmulators();
const { registerAccount } = await import('../../functions/src/users/service');

// The host in its own process, so the load generator does not share its event loop.
const host = spawn('npx', ['tsx', 'scripts/bench/host.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const HOST = await new Promise<string>((resolve, reject) => {
  host.once('exit', (code) => reject(new Error(`the benchmark host exited with ${code}`)));
  createInterface({ input: host.stdout! }).on('line', (line) => {
    const match = /^listening (\d+)$/.exec(line);
    if (match) resolve(`http://127.0.0.1:${match[1]}`);
  });
});
const { applyBalanceChange } = await import('../../functions/src/wallet/ledger');

async function api(path: string, token: string, body: unknown) {
  const response = await fetch(`${HOST}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} ${response.status} ${String(payload.message)}`);
  return payload;
}
const sandbox = async (path: string, body: unknown = {}) =>
  (await (
    await fetch(`${STAND_IN}/__sandbox${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json()) as Record<string, string>;

async function signIn(email: string, password: string) {
  const response = await fetch(
    `http://${emulatorEnv.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return ((await response.json()) as { idToken: string }).idToken;
}

// PayPal's webhooks go to the host as well while the bench runs: through the Functions emulator
// each one would start a worker process and starve the machine, which is not what is measured.
const { previous: previousWebhookUrl } = await sandbox('/webhooks/target', { url: `${HOST}/wallet/paypalWebhook` });

// ---- setup (not measured) ----
await db
  .doc('settings/wallet')
  .set({ minimumWithdrawal: 1000, minimumPurchase: 0, payoutCentsPer100Coins: 70 }, { merge: true });
await db
  .doc('products/coins-2750')
  .set({ active: true, bucks: 2750, prices: { USD: 2299, EUR: 2099 }, offers: {} }, { merge: true });
const run = randomUUID().slice(0, 6);
console.log(`setting up ${USERS} users…`);
const users: { uid: string; token: string }[] = [];
for (let start = 0; start < USERS; start += 10) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(10, USERS - start) }, async (_, offset) => {
      const index = start + offset;
      const email = `bench-${run}-${index}@versus.test`;
      const { uid } = await registerAccount(
        {
          email,
          password: 'Bench-pass-1',
          displayName: `bench_${run}_${index}`,
          firstName: 'Bench',
          lastName: 'User',
          country: 'FI',
          terms: true,
        },
        Date.now(),
      );
      await auth.updateUser(uid, { emailVerified: true });
      // Bought coins are withdrawable only once played (DESIGN §5): the withdrawals draw on a played grant.
      await db.runTransaction((tx) =>
        applyBalanceChange(tx, { uid, delta: 1000 * (ROUNDS + 1), reason: 'bench-grant', ref: run }, Date.now()),
      );
      const token = await signIn(email, 'Bench-pass-1');
      const { code } = await sandbox('/connect/codes', { email: `bench-${run}-${index}@example.com`, verified: true });
      await api('/profile/paypal', token, { code });
      return { uid, token };
    }),
  );
  users.push(...batch);
}

// ---- measurement ----
const timings = new Map<string, number[]>();
const failures = new Map<string, number>();
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  try {
    const result = await fn();
    timings.set(name, [...(timings.get(name) ?? []), performance.now() - started]);
    return result;
  } catch {
    failures.set(name, (failures.get(name) ?? 0) + 1);
    return undefined;
  }
}

async function userRound(user: { uid: string; token: string }, measure: boolean) {
  const label = (name: string) => (measure ? name : `warm-up ${name}`);
  const intent = await timed(label('createPurchaseIntent'), () =>
    api('/wallet/createPurchaseIntent', user.token, { method: 'PAYPAL', currency: 'EUR', productId: 'coins-2750' }),
  );
  if (!intent) return;
  await sandbox(`/orders/${String(intent.orderID)}/approve`);
  await timed(label('orderComplete'), () =>
    api('/wallet/orderComplete', user.token, { method: 'PAYPAL', orderId: intent.orderID }),
  );
  await timed(label('withdraw'), () => api('/wallet/withdraw', user.token, { bucks: 1000, currency: 'EUR' }));
}

async function baselineRound(user: { token: string }, measure: boolean) {
  await timed(measure ? BASELINE : 'warm-up baseline', () => api('/bench/noop', user.token, {}));
}

console.log('warming up the host (one round, not measured)…');
await Promise.all(users.map((user) => Promise.all([userRound(user, false), baselineRound(user, false)])));
console.log(`measuring: ${USERS} concurrent users × ${ROUNDS} rounds…`);
const started = performance.now();
for (let round = 0; round < ROUNDS; round += 1) {
  await Promise.all(users.map((user) => Promise.all([userRound(user, true), baselineRound(user, true)])));
}
const seconds = (performance.now() - started) / 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const baseline = [...(timings.get(BASELINE) ?? [])].sort((a, b) => a - b);
const baselineP95 = percentile(baseline, 95);
console.log(
  `\n${'command'.padEnd(26)} ${'ok'.padStart(5)} ${'failed'.padStart(6)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p95 ÷ no-op'.padStart(12)}`,
);
for (const name of ['createPurchaseIntent', 'orderComplete', 'withdraw', BASELINE]) {
  const sorted = [...(timings.get(name) ?? [])].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `${name.padEnd(26)} ${String(sorted.length).padStart(5)} ${String(failures.get(name) ?? 0).padStart(6)} ${(sorted.length / seconds).toFixed(1).padStart(7)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${p95.toFixed(0).padStart(8)} ${(p95 / baselineP95).toFixed(1).padStart(11)}×`,
  );
}
console.log(
  `\n${USERS} users, ${ROUNDS} rounds in ${seconds.toFixed(1)} s, through one host process (HTTP, token check, Firestore emulator, PayPal stand-in); the no-op pays the HTTP and the token check only.`,
);

const { spawnSync } = await import('node:child_process');
const check = spawnSync('npx', ['tsx', 'scripts/check-ledger.ts'], {
  stdio: 'inherit',
  env: { ...process.env, ...emulatorEnv },
});
if (previousWebhookUrl) await sandbox('/webhooks/target', { url: previousWebhookUrl });
await stopChild(host, 5_000);
if (ownStack) {
  await stopChild(standIn, 5_000);
  await stopChild(emulators, 30_000);
}
process.exit(check.status ?? 1);
