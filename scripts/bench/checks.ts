// npm run bench:checks [-- --entries 100000]
// The paged checks at size (issue #23): writes a consistent world of about `--entries` ledger
// entries into its own emulator project (players in pairs, each with a purchase, nine wagered
// battles against their partner, whose fees are held and released to the winner, with both
// players' history entries, and a paid withdrawal), fills the statistics with `check:stats -- --fix`, then times `check:ledger` and
// `check:stats` as a user would run them, each in its own process, with its peak memory. Uses the
// running emulators (`npm start`) or starts its own.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorEnv, isListening, startEmulators, stopChild, PORTS, type StackChild } from '../lib/stack.mjs';

const { values } = parseArgs({ options: { entries: { type: 'string', default: '100000' } } });
const ENTRIES = Number(values.entries);
const BATTLES_PER_PAIR = 9;
const FEE = 100;
// Per pair: 2 purchases, 2 withdrawals, 2 holds per battle and 2 prize releases per battle.
const PAIRS = Math.max(1, Math.round(ENTRIES / (4 + 4 * BATTLES_PER_PAIR)));
const project = `demo-scale-${randomUUID().slice(0, 6)}`;

let emulators: StackChild | undefined;
if (!(await isListening(PORTS.firestore))) emulators = await startEmulators({ quiet: true, functions: false });
Object.assign(process.env, emulatorEnv, { GCLOUD_PROJECT: project });
const db = getFirestore(initializeApp({ projectId: project }));

// ---- the world ----
const started = performance.now();
// No ramp-up (BulkWriter's 500/50/5 rule is for a live database; this one is new and ours).
const writer = db.bulkWriter({ throttling: false });
writer.onWriteError((error) => error.failedAttempts < 5);
let entries = 0;
const at = Date.UTC(2026, 9, 1);
/** Each balance after its last entry: an entry carries it, stamped after the one before (record 108). */
const after = new Map<string, number>();
function ledger(uid: string, delta: number, reason: string, ref: string, unplayedDelta = 0) {
  entries += 1;
  const balanceAfter = (after.get(uid) ?? 0) + delta;
  after.set(uid, balanceAfter);
  void writer.create(db.doc(`ledger/${uid}:${reason}:${ref}`), {
    uid,
    account: 'funds',
    delta,
    reason,
    ref,
    ...(unplayedDelta ? { unplayedDelta } : {}),
    balanceAfter,
    createdAt: at + entries,
  });
}
process.stderr.write(`writing ${PAIRS * 2} players, ${PAIRS * BATTLES_PER_PAIR} battles into ${project}…\n`);
for (let pair = 0; pair < PAIRS; pair += 1) {
  const uids = [`p${pair}a`, `p${pair}b`];
  const funds = new Map(uids.map((uid) => [uid, 1000]));
  const unplayed = new Map(uids.map((uid) => [uid, 1000]));
  for (const uid of uids) ledger(uid, 1000, 'purchase', `order-${uid}`, 1000);
  for (let battle = 0; battle < BATTLES_PER_PAIR; battle += 1) {
    const challenge = `c${pair}-${battle}`;
    const winner = uids[(pair + battle) % 2]!;
    for (const uid of uids) {
      const escrowId = `battle-fee:${challenge}:${uid}`;
      const spent = Math.min(unplayed.get(uid)!, FEE);
      unplayed.set(uid, unplayed.get(uid)! - spent);
      ledger(uid, -FEE, 'escrow-hold', escrowId, -spent);
      ledger(winner, FEE, 'escrow-prize', escrowId);
      funds.set(uid, funds.get(uid)! - FEE);
      funds.set(winner, funds.get(winner)! + FEE);
      void writer.create(db.doc(`escrows/${escrowId}`), {
        escrowId,
        uid,
        amount: FEE,
        unplayed: spent,
        purpose: 'battle-fee',
        state: 'RELEASED',
        release: 'prize',
        releasedTo: winner,
        releasedAt: at,
        createdAt: at,
      });
    }
    for (const uid of uids)
      void writer.create(db.doc(`users/${uid}/history/battle_b${pair}-${battle}`), {
        kind: 'battle',
        at: at + battle * 3_600_000,
        ref: `b${pair}-${battle}`,
        game: 'valorant',
        won: uid === winner,
        opponent: { uid: uids.find((other) => other !== uid), displayName: 'x' },
        coins: uid === winner ? 2 * FEE : -FEE,
      });
    void writer.create(db.doc(`battles/b${pair}-${battle}`), {
      id: `b${pair}-${battle}`,
      challengeId: challenge,
      participants: uids,
      state: 'ENDED',
      entryFee: FEE,
      prize: 2 * FEE,
      winner: { id: winner },
      outcome: 'AGREED',
      createdAt: at,
      endedAt: at + battle * 3_600_000,
    });
  }
  for (const uid of uids) {
    ledger(uid, -100, 'withdrawal', `payout-${uid}`);
    funds.set(uid, funds.get(uid)! - 100);
    void writer.create(db.doc(`payouts/payout-${uid}`), { uid, bucks: 100, state: 'PAID', createdAt: at });
    void writer.create(db.doc(`users/${uid}`), { uid, displayName: uid, createdAt: at, anonymised: false });
    void writer.create(db.doc(`users/${uid}/private/account`), {
      funds: funds.get(uid),
      unplayed: unplayed.get(uid),
    });
  }
  if (pair % 200 === 199) await writer.flush();
}
await writer.close();
const written = (performance.now() - started) / 1000;
process.stderr.write(`${entries} ledger entries written in ${written.toFixed(0)} s\n`);

// ---- the checks, as a user runs them ----
function run(script: string, ...args: string[]) {
  const begun = performance.now();
  const child = spawnSync('npx', ['tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, GCLOUD_PROJECT: project },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seconds = (performance.now() - begun) / 1000;
  const memory = /peak memory (\d+) MB/.exec(child.stdout ?? '')?.[1] ?? '?';
  if (child.status !== 0) console.error(child.stdout);
  return { ok: child.status === 0, seconds, memory };
}
const fill = run('check-stats', '--fix');
const ledgerCheck = run('check-ledger');
const statsCheck = run('check-stats');

console.log(
  `\nworld: ${PAIRS * 2} players, ${entries} ledger entries, ${PAIRS * BATTLES_PER_PAIR} battles, ${PAIRS * BATTLES_PER_PAIR * 2} escrows, ${PAIRS * 2} payouts (written in ${written.toFixed(0)} s)`,
);
console.log(`${'check'.padEnd(22)} ${'verdict'.padEnd(8)} ${'seconds'.padStart(8)} ${'peak MB'.padStart(8)}`);
for (const [name, result] of [
  ['check:stats --fix', fill],
  ['check:ledger', ledgerCheck],
  ['check:stats', statsCheck],
] as const)
  console.log(
    `${name.padEnd(22)} ${(result.ok ? 'clean' : 'FINDINGS').padEnd(8)} ${result.seconds.toFixed(1).padStart(8)} ${result.memory.padStart(8)}`,
  );
await stopChild(emulators, 30_000);
process.exit(ledgerCheck.ok && statsCheck.ok ? 0 : 1);
