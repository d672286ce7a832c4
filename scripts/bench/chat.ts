// npm run bench:chat [-- --members 32 --seconds 60]
// 32 members of one tournament's room type and send for a minute (bounded in count and time)
// through the benchmark host (scripts/bench/host.ts): each member sends a message every ~2 s
// (under the 10-per-10-s limit) and a typing notice every ~1 s, beside an authenticated no-op as
// the baseline (DESIGN §8). Prints p50/p95 of sendMessage and typed against the no-op, the
// optimistic transactions' lost races, and the messages lost (sent and answered 201 but not
// stored, or stored twice): must be 0. Uses a running stack (`npm start`) or starts its own.
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
  options: { members: { type: 'string', default: '32' }, seconds: { type: 'string', default: '60' } },
});
const MEMBERS = Math.min(32, Number(values.members));
const SECONDS = Math.min(120, Number(values.seconds));
const BASELINE = 'authenticated no-op';

const ownStack = !(await isListening(PORTS.functions));
let emulators: StackChild | undefined;
let standIn: StackChild | undefined;
if (ownStack) {
  buildFunctions();
  emulators = await startEmulators({ quiet: true });
  standIn = await startPaymentStandIn({ quiet: true });
}
Object.assign(process.env, emulatorEnv);
const { adminForEmulators } = await import('../lib/emulator-admin');
const { db, auth } = adminForEmulators();
const { registerAccount } = await import('../../functions/src/users/service');

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

async function api(path: string, token: string | null, body: unknown) {
  const response = await fetch(`${HOST}${path}`, {
    method: 'POST',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path} ${response.status} ${String(payload.message)}`);
  return payload;
}
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

// ---- setup (not measured): a host, a free tournament of 32, its members ----
const run = randomUUID().slice(0, 6);
console.log(`setting up a room with ${MEMBERS} members…`);
async function benchUser(index: number | 'host') {
  const email = `bench-c-${run}-${index}@versus.test`;
  const { uid } = await registerAccount(
    {
      email,
      password: 'Bench-pass-1',
      displayName: `bench_c_${run}_${index}`,
      firstName: 'Bench',
      lastName: 'Player',
      country: 'FI',
      terms: true,
    },
    Date.now(),
  );
  await auth.updateUser(uid, { emailVerified: true });
  return { uid, token: await signIn(email, 'Bench-pass-1') };
}
const owner = await benchUser('host');
const tournament = await api('/tournaments/create', owner.token, {
  game: 'valorant',
  region: 'EU',
  platform: ['PC'],
  gameFormat: 'SOLO',
  teamSize: 1,
  size: 32,
  bracket: 'ELIMINATION',
  entryFee: 0,
  payoutStructure: 'winner-takes-all',
  name: `Bench Chat ${run}`,
  description: 'A benchmark room: 32 members talk at once.',
  rules: 'None.',
  startTime: Date.now() + 3 * 86_400_000,
  timeZone: 'Europe/Helsinki',
  coverImage: null,
  terms: true,
});
const room = String(tournament.id);
const members: { uid: string; token: string }[] = [];
for (let start = 0; start < MEMBERS; start += 8)
  members.push(
    ...(await Promise.all(Array.from({ length: Math.min(8, MEMBERS - start) }, (_, i) => benchUser(start + i)))),
  );
await Promise.all(members.map((member) => api(`/tournaments/${room}/join`, member.token, {})));

// ---- measurement ----
const timings = new Map<string, number[]>();
const failures = new Map<string, number>();
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T | undefined> {
  const started = performance.now();
  try {
    const result = await fn();
    timings.set(name, [...(timings.get(name) ?? []), performance.now() - started]);
    return result;
  } catch (error) {
    failures.set(name, (failures.get(name) ?? 0) + 1);
    if ((failures.get(name) ?? 0) === 1) console.warn(`${name} failed: ${String(error)}`);
    return undefined;
  }
}
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sentIds = new Set<string>();
await api('/bench/stats', null, {});
console.log(`measuring: ${MEMBERS} members typing and sending for ${SECONDS} s…`);
const deadline = Date.now() + SECONDS * 1000;
await Promise.all(
  members.map(async (member, index) => {
    await pause((index * 2000) / MEMBERS);
    let count = 0;
    while (Date.now() < deadline && count < 200) {
      count += 1;
      await Promise.all([
        timed('typed', () => api(`/rooms/${room}/typed`, member.token, {})),
        timed(BASELINE, () => api('/bench/noop', member.token, {})),
      ]);
      await pause(900 + Math.random() * 200);
      const sent = await timed('sendMessage', () =>
        api(`/rooms/${room}/sendMessage`, member.token, { message: `message ${count} from ${index}` }),
      );
      if (sent) sentIds.add(String(sent.id));
      await pause(900 + Math.random() * 200);
    }
  }),
);
const stats = (await api('/bench/stats', null, {})) as { commits: number; retries: number };
const stored = (await db.collection(`rooms/${room}/messages`).get()).docs.map((doc) => doc.id);
const lost = [...sentIds].filter((id) => !stored.includes(id)).length + (stored.length - new Set(stored).size);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const baselineP95 = percentile(
  [...(timings.get(BASELINE) ?? [])].sort((a, b) => a - b),
  95,
);
console.log(
  `\n${'command'.padEnd(22)} ${'ok'.padStart(6)} ${'failed'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p95 ÷ no-op'.padStart(12)}`,
);
for (const name of ['sendMessage', 'typed', BASELINE]) {
  const sorted = [...(timings.get(name) ?? [])].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `${name.padEnd(22)} ${String(sorted.length).padStart(6)} ${String(failures.get(name) ?? 0).padStart(6)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${p95.toFixed(0).padStart(8)} ${(p95 / baselineP95).toFixed(1).padStart(11)}×`,
  );
}
console.log(
  `\ncontention: ${stats.commits} commits, ${stats.retries} lost races retried; messages answered ${sentIds.size}, stored ${stored.length}, lost ${lost}.`,
);

await stopChild(host, 5_000);
if (ownStack) {
  await stopChild(standIn, 5_000);
  await stopChild(emulators, 30_000);
}
process.exit(lost > 0 || (failures.get('sendMessage') ?? 0) > 0 ? 1 : 0);
