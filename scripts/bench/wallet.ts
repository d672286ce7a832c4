// npm run bench:wallet [-- --users 50 --rounds 3]
// N concurrent users buy coins (intent → sandbox approval → orderComplete) and withdraw played
// coins (a grant at set-up: bought coins must be staked before they can be withdrawn). The
// commands go to the one-process host (scripts/lib/api-host.mjs: the built `api` function in one Node
// process, as a Cloud Functions v2 instance runs it) against the Firestore and Auth emulators and
// the PayPal stand-in; p50/p95 per command are printed beside the baseline, an authenticated no-op
// through that same host, measured in the same run (DESIGN §8). Uses a running stack
// (`npm start`) or starts its own. Ends with check:ledger's verdict on the bench's data.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { PORTS } from '../lib/stack.mjs';
import { BASELINE, sandbox as standInSandbox, startBench, timings, walletFixtures } from './common';

const { values } = parseArgs({
  options: { users: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } },
});
const USERS = Number(values.users);
const ROUNDS = Number(values.rounds);
const STAND_IN = `http://127.0.0.1:${PORTS.paypal}`;

const { url, db, api, benchUser, benchUsers, finish } = await startBench({ standIn: true });
const { applyBalanceChange } = await import('../../functions/src/wallet/ledger');

const sandbox = (path: string, body: unknown = {}) => standInSandbox(STAND_IN, path, body);

// PayPal's webhooks go to the host as well while the bench runs: through the Functions emulator
// each one would start a worker process and starve the machine, which is not what is measured.
const { previous: previousWebhookUrl } = await sandbox('/webhooks/target', { url: `${url}/wallet/paypalWebhook` });

// ---- setup (not measured) ----
await walletFixtures(db);
const run = randomUUID().slice(0, 6);
console.log(`setting up ${USERS} users…`);
const users = await benchUsers(
  USERS,
  async (index) => {
    const { uid, token } = await benchUser(run, index);
    // Bought coins are withdrawable only once played (DESIGN §5): the withdrawals draw on a played grant.
    await db.runTransaction((tx) =>
      applyBalanceChange(tx, { uid, delta: 1000 * (ROUNDS + 1), reason: 'bench-grant', ref: run }, Date.now()),
    );
    const { code } = await sandbox('/connect/codes', { email: `bench-${run}-${index}@example.com`, verified: true });
    await api('/profile/paypal', token, { code });
    return { uid, token };
  },
  10,
);

// ---- measurement ----
const { timed, report } = timings();

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

report(['createPurchaseIntent', 'orderComplete', 'withdraw'], seconds);
console.log(
  `\n${USERS} users, ${ROUNDS} rounds in ${seconds.toFixed(1)} s, through one host process (HTTP, token check, Firestore emulator, PayPal stand-in); the no-op pays the HTTP and the token check only.`,
);

if (previousWebhookUrl) await sandbox('/webhooks/target', { url: previousWebhookUrl });
process.exit(await finish());
