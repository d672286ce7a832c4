// npm run bench:tournaments [-- --players 32 --rounds 3]
// Per round: a host creates a paid tournament of 32 starting in 20 minutes, 32 players join it at
// the same moment (POST /tournaments/{id}/join through the benchmark host, scripts/bench/host.ts),
// then the sweeper's start seeds the 32 and builds the bracket (timed in this process, as the
// scheduled sweeper runs it). p50/p95 per command are printed beside the baseline, an
// authenticated no-op through the same host in the same run (DESIGN §8), with the optimistic
// transactions' lost races (platform/optimistic) as the contention figure. Then all 32 players
// report their round-one match at once (both sides agreeing): p95 per report, the lost races,
// and how many of the 16 matches were left undecided (must be 0). Uses a running stack
// (`npm start`) or starts its own. Ends with check:ledger's verdict.
import { spawn, spawnSync } from 'node:child_process';
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
  options: { players: { type: 'string', default: '32' }, rounds: { type: 'string', default: '3' } },
});
const PLAYERS = Number(values.players);
const ROUNDS = Number(values.rounds);
const BASELINE = 'authenticated no-op';
const FEE = 130;

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
const { applyBalanceChange } = await import('../../functions/src/wallet/ledger');
const { startTournament } = await import('../../functions/src/tournaments/start');

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

// ---- setup (not measured) ----
const run = randomUUID().slice(0, 6);
console.log(`setting up a host and ${PLAYERS} players…`);
async function benchUser(index: number | 'host') {
  const email = `bench-t-${run}-${index}@versus.test`;
  const { uid } = await registerAccount(
    {
      email,
      password: 'Bench-pass-1',
      displayName: `bench_t_${run}_${index}`,
      firstName: 'Bench',
      lastName: 'Player',
      country: 'FI',
      terms: true,
    },
    Date.now(),
  );
  await auth.updateUser(uid, { emailVerified: true });
  await db.runTransaction((tx) =>
    applyBalanceChange(tx, { uid, delta: FEE * (ROUNDS + 1), reason: 'bench-grant', ref: run }, Date.now()),
  );
  return { uid, token: await signIn(email, 'Bench-pass-1') };
}
const hostUser = await benchUser('host');
const players: { uid: string; token: string }[] = [];
for (let start = 0; start < PLAYERS; start += 8)
  players.push(
    ...(await Promise.all(Array.from({ length: Math.min(8, PLAYERS - start) }, (_, i) => benchUser(start + i)))),
  );

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
const contention = { commits: 0, retries: 0 };
const reports = { commits: 0, retries: 0, lost: 0 };

async function round(measure: boolean) {
  const label = (name: string) => (measure ? name : `warm-up ${name}`);
  const startTime = Date.now() + 20 * 60_000;
  const tournament = await timed(label('create'), () =>
    api('/tournaments/create', hostUser.token, {
      game: 'valorant',
      region: 'EU',
      platform: ['PC'],
      gameFormat: 'SOLO',
      teamSize: 1,
      size: 32,
      bracket: 'ELIMINATION',
      entryFee: FEE,
      payoutStructure: 'top-2',
      name: `Bench Cup ${run}`,
      description: 'A benchmark tournament: 32 players join at once.',
      rules: 'None.',
      startTime,
      timeZone: 'Europe/Helsinki',
      coverImage: null,
      terms: true,
    }),
  );
  if (!tournament) return;
  const id = String(tournament.id);
  await api('/bench/stats', null, {});
  await Promise.all([
    ...players.map((player) =>
      timed(label('join (32 at once)'), () => api(`/tournaments/${id}/join`, player.token, {})),
    ),
    ...players.map((player) =>
      timed(measure ? BASELINE : 'warm-up baseline', () => api('/bench/noop', player.token, {})),
    ),
  ]);
  const stats = (await api('/bench/stats', null, {})) as { commits: number; retries: number };
  if (measure) {
    contention.commits += stats.commits;
    contention.retries += stats.retries;
  }
  const startedOk = await timed(label('start with 32 (sweeper)'), async () => {
    const outcome = await startTournament(id, startTime);
    if (outcome !== 'started') throw new Error(`start answered ${outcome}`);
    return true;
  });
  if (!startedOk) return;

  // Round one: every player reports their match at the same moment, both sides naming the first.
  const ready = (await db.collection(`tournaments/${id}/matches`).where('state', '==', 'READY').get()).docs;
  const byUid = new Map(players.map((player) => [player.uid, player]));
  await api('/bench/stats', null, {});
  await Promise.all([
    ...ready.flatMap((doc) => {
      const sides = doc.get('participants') as string[];
      return sides.map((side) =>
        timed(label('report (32 at once)'), () =>
          api(`/tournaments/elimination/${id}/match/${doc.id}/report`, byUid.get(side)!.token, {
            winnerUid: sides[0],
          }),
        ),
      );
    }),
    ...players.map((player) =>
      timed(measure ? BASELINE : 'warm-up baseline', () => api('/bench/noop', player.token, {})),
    ),
  ]);
  const reportStats = (await api('/bench/stats', null, {})) as { commits: number; retries: number };
  const decided = (await db.collection(`tournaments/${id}/matches`).where('round', '==', 1).get()).docs.filter(
    (doc) => doc.get('state') === 'COMPLETED' && Object.keys(doc.get('reports') as object).length === 2,
  ).length;
  if (measure) {
    reports.commits += reportStats.commits;
    reports.retries += reportStats.retries;
    reports.lost += ready.length - decided;
  }
}

console.log('warming up (one round, not measured)…');
await round(false);
console.log(`measuring: ${ROUNDS} rounds of ${PLAYERS} players joining one tournament at once…`);
const started = performance.now();
for (let index = 0; index < ROUNDS; index += 1) await round(true);
const seconds = (performance.now() - started) / 1000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const baselineP95 = percentile(
  [...(timings.get(BASELINE) ?? [])].sort((a, b) => a - b),
  95,
);
console.log(
  `\n${'command'.padEnd(26)} ${'ok'.padStart(5)} ${'failed'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p95 ÷ no-op'.padStart(12)}`,
);
for (const name of ['create', 'join (32 at once)', 'start with 32 (sweeper)', 'report (32 at once)', BASELINE]) {
  const sorted = [...(timings.get(name) ?? [])].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `${name.padEnd(26)} ${String(sorted.length).padStart(5)} ${String(failures.get(name) ?? 0).padStart(6)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${p95.toFixed(0).padStart(8)} ${(p95 / baselineP95).toFixed(1).padStart(11)}×`,
  );
}
console.log(
  `\njoin contention: ${contention.commits} commits, ${contention.retries} lost races retried (${(contention.retries / Math.max(1, contention.commits)).toFixed(2)} per join).`,
);
console.log(
  `report contention: ${reports.commits} commits, ${reports.retries} lost races retried (${(reports.retries / Math.max(1, reports.commits)).toFixed(2)} per report); round-one matches left undecided: ${reports.lost}.`,
);
console.log(
  `${ROUNDS} rounds in ${seconds.toFixed(1)} s; the start runs in this process, as the scheduled sweeper does.`,
);

const check = spawnSync('npx', ['tsx', 'scripts/check-ledger.ts'], {
  stdio: 'inherit',
  env: { ...process.env, ...emulatorEnv },
});
await stopChild(host, 5_000);
if (ownStack) {
  await stopChild(standIn, 5_000);
  await stopChild(emulators, 30_000);
}
process.exit(reports.lost > 0 ? 1 : (check.status ?? 1));
