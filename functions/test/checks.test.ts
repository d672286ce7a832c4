import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { MIN_PARTICIPANTS } from '@versus/domain/tournaments/tournament';
import { findLedgerProblems, ledgerPhases } from '../../scripts/lib/ledger-check';
import { runPaged } from '../../scripts/lib/paged';
import { adminDb, call, verifiedUser, type Body } from './helpers';
import { started } from './tournament-play-helpers';

/**
 * check:ledger (issue #23): the paged check proves what the one-snapshot check proves. Each case
 * breaks one thing in a small, consistent world and both readers must name it. The world lives in
 * its own project on the same emulator, so the suite's own data and its after-file checks are not
 * touched.
 */
const db: Firestore = getFirestore(initializeApp({ projectId: 'demo-checks' }, 'checks'));
const stateFile = join(mkdtempSync(join(tmpdir(), 'checks-')), 'state.json');

const paged = async () =>
  (await runPaged(db, ledgerPhases(db), { stateFile, resume: false, quiet: true })).findings.sort();

async function clear() {
  balances.clear();
  clock = 0;
  for (const name of ['users', 'ledger', 'escrows', 'payouts', 'creators', 'tournaments']) {
    const docs = await db.collection(name).listDocuments();
    await Promise.all(docs.map((doc) => db.recursiveDelete(doc)));
  }
}

/** Each balance's figure after its last entry, and the world's clock (one tick an entry). */
const balances = new Map<string, number>();
let clock = 0;

/**
 * A ledger entry under its id, `{uid}:{reason}:{ref}`, as wallet/ledger.ts writes it: stamped after
 * the entries before it, with its balance's figure after it.
 */
const entryId = (data: { uid: string; reason: string; ref: string }) => `${data.uid}:${data.reason}:${data.ref}`;
const entry = (data: { uid: string; reason: string; ref: string; delta: number; [key: string]: unknown }) => {
  const balance = `${String(data.account ?? 'funds')}:${data.uid}`;
  const balanceAfter = (balances.get(balance) ?? 0) + data.delta;
  balances.set(balance, balanceAfter);
  clock += 1;
  return db.doc(`ledger/${entryId(data)}`).set({ account: 'funds', createdAt: clock, balanceAfter, ...data });
};

/** Ann bought 500 and staked 100 on a battle she won (200 back); Ben staked 100 and lost;
 * Cy joined a tournament for 50 that paid her 40 and its host Ann 10; Ann withdrew 100 (paid),
 * Ben 50 (failed, refunded); Ann is a creator with 30 earned. */
async function world() {
  await clear();
  const batch = db.batch();
  const account = (uid: string, funds: number, unplayed = 0) => {
    batch.set(db.doc(`users/${uid}`), { displayName: uid });
    batch.set(db.doc(`users/${uid}/private/account`), { funds, unplayed });
  };
  account('ann', 500 - 100 + 200 + 10 - 100, 400);
  account('ben', 300 - 100 - 50 + 50);
  account('cy', 100 - 50 + 40);
  batch.set(db.doc('creators/ann'), { balance: 30 });
  batch.set(db.doc('tournaments/t1'), {
    uid: 'ann',
    participants: [{ id: 'cy', uid: 'cy', escrowId: 'e-cy', members: [{ uid: 'cy' }] }],
    results: [{ participant: 'cy', place: 1, amount: 40 }],
    hostShare: 10,
  });
  batch.set(db.doc('escrows/e-ann'), { amount: 100, state: 'RELEASED', release: 'prize', releasedTo: 'ann' });
  batch.set(db.doc('escrows/e-ben'), { amount: 100, state: 'RELEASED', release: 'prize', releasedTo: 'ann' });
  batch.set(db.doc('escrows/e-cy'), { amount: 50, state: 'RELEASED', release: 'pool', releasedTo: 'tournament:t1' });
  batch.set(db.doc('payouts/p-ann'), { uid: 'ann', source: 'funds', bucks: 100, state: 'PAID' });
  batch.set(db.doc('payouts/p-ben'), { uid: 'ben', source: 'funds', bucks: 50, state: 'FAILED' });
  await batch.commit();
  await Promise.all([
    entry({ uid: 'ann', delta: 500, reason: 'purchase', ref: 'o1', unplayedDelta: 500 }),
    entry({ uid: 'ann', delta: -100, reason: 'escrow-hold', ref: 'e-ann', unplayedDelta: -100 }),
    entry({ uid: 'ann', delta: 100, reason: 'escrow-prize', ref: 'e-ann' }),
    entry({ uid: 'ann', delta: 100, reason: 'escrow-prize', ref: 'e-ben' }),
    entry({ uid: 'ann', delta: 10, reason: 'tournament-host-share', ref: 'tournament:t1' }),
    entry({ uid: 'ann', delta: -100, reason: 'withdrawal', ref: 'p-ann' }),
    entry({ uid: 'ann', account: 'creator', delta: 30, reason: 'creator-earning', ref: 'o9' }),
    entry({ uid: 'ben', delta: 300, reason: 'grant', ref: 'g' }),
    entry({ uid: 'ben', delta: -100, reason: 'escrow-hold', ref: 'e-ben' }),
    entry({ uid: 'ben', delta: -50, reason: 'withdrawal', ref: 'p-ben' }),
    entry({ uid: 'ben', delta: 50, reason: 'withdrawal-refund', ref: 'p-ben' }),
    entry({ uid: 'cy', delta: 100, reason: 'grant', ref: 'g' }),
    entry({ uid: 'cy', delta: -50, reason: 'escrow-hold', ref: 'e-cy' }),
    entry({ uid: 'cy', delta: 40, reason: 'tournament-prize', ref: 'tournament:t1' }),
  ]);
}

/** What a finding is about ("user ben", "escrow e-ben"): the two readers word a few differently. */
const subjects = (findings: string[]) => [...new Set(findings.map((finding) => finding.split(':')[0]!))].sort();
const snapshot = async () => (await findLedgerProblems(db)).sort();

describe('check:ledger in pages proves what the snapshot proves', () => {
  beforeEach(world);

  it('finds nothing in a world whose money adds up', async () => {
    expect(await snapshot()).toEqual([]);
    expect(await paged()).toEqual([]);
  });

  const cases: [string, () => Promise<unknown>, string[]][] = [
    [
      'a balance that is not its ledger',
      () => db.doc('users/ben/private/account').update({ funds: 201 }),
      ['user ben: balance 201 but the ledger sums to 200'],
    ],
    [
      'unplayed coins the ledger did not move',
      () => db.doc('users/ann/private/account').update({ unplayed: 300 }),
      ['user ann: unplayed 300 but the ledger moves it by 400'],
    ],
    [
      'an escrow released twice',
      () => entry({ uid: 'ben', delta: 100, reason: 'escrow-refund', ref: 'e-ben' }),
      ['escrow e-ben: released 2 times', 'user ben: balance 200 but the ledger sums to 300'],
    ],
    [
      'a pool that paid more than it held',
      () => db.doc('ledger/ann:tournament-host-share:tournament:t1').update({ delta: 11 }),
      [
        'pool tournament:t1: holds 50 but paid out 51',
        'user ann: balance 510 but the ledger sums to 511',
        'user ann: coin history out of order at ann:tournament-host-share:tournament:t1: 610 after 600 and 11',
      ],
    ],
    [
      'a failed payout never refunded',
      () => db.doc('ledger/ben:withdrawal-refund:p-ben').delete(),
      ['payout p-ben: failed without a refund', 'user ben: balance 200 but the ledger sums to 150'],
    ],
    [
      'a creator balance that is not its ledger',
      () => db.doc('creators/ann').update({ balance: 31 }),
      ['creator ann: creator balance 31 but the ledger sums to 30'],
    ],
    [
      'a coin history whose entries are stamped out of the order they were applied in',
      () => db.doc('ledger/ann:withdrawal:p-ann').update({ createdAt: 0 }),
      ['user ann: coin history out of order at ann:withdrawal:p-ann: 510 after 0 and -100'],
    ],
    [
      'a release of an escrow that does not exist',
      () => db.doc('escrows/e-ann').delete(),
      ['release of unknown escrow e-ann'],
    ],
  ];
  it.each(cases)('names %s', async (_, breakIt, expected) => {
    await breakIt();
    expect(await snapshot()).toEqual(expected.sort());
    expect(subjects(await paged())).toEqual(subjects(expected));
  });

  it('resumes from the last page done', async () => {
    await db.doc('users/cy/private/account').update({ funds: 1 });
    const phases = ledgerPhases(db);
    // The first run stops after the users' first page (a crash, as far as the state file knows).
    const users = { ...phases[0]!, pageSize: 1 };
    let pages = 0;
    const crashing = {
      ...users,
      check: async (ids: string[], docs: QueryDocumentSnapshot[]) => {
        pages += 1;
        if (pages === 2) throw new Error('the machine went away');
        return users.check(ids, docs);
      },
    };
    await expect(
      runPaged(db, [crashing, ...phases.slice(1)], { stateFile, resume: false, quiet: true }),
    ).rejects.toThrow('the machine went away');
    const resumed = await runPaged(db, [users, ...phases.slice(1)], { stateFile, resume: true, quiet: true });
    // ann was done before the crash; ben and cy after it, then the other phases.
    expect(resumed.findings).toEqual(['user cy: balance 1 but the ledger sums to 90']);
    expect(resumed.units).toBe(2 + 3 + 2 + 1 + 14);
  });
});

/**
 * check:stats (issue #23): a player read in their own transaction is proved as the one-snapshot
 * check proves them, and the platform's figures by aggregation as by counting. Here in the suite's
 * own project: what is broken is put back.
 */
describe('check:stats per player and by aggregation proves what the snapshot proves', () => {
  const findingsOf = (all: string[], uid: string) => all.filter((finding) => finding.includes(uid)).sort();

  it('a battle played to the end: both readers agree, and both name a counter moved by hand', async () => {
    const {
      checkPlayers,
      checkPlatform,
      checkStatistics,
      readPlatformSources,
      readPlayersSources,
      readStatisticsSources,
    } = await import('../src/users/rebuild-statistics');
    const [a, b] = await Promise.all([verifiedUser(500), verifiedUser(500)]);
    const sent = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const accepted = await call<Body>(`/battles/challenges/${sent.body.id as string}/accept`, {
      token: b.token,
      method: 'POST',
    });
    const id = accepted.body.id as string;
    await call(`/battles/${id}/submitWinner`, { token: a.token, body: { winner: a.uid } });
    expect((await call<Body>(`/battles/${id}/confirm`, { token: b.token, method: 'POST' })).body).toMatchObject({
      state: 'ENDED',
    });
    expect(checkPlayers(await readPlayersSources([a.uid, b.uid]))).toEqual([]);
    expect(checkPlatform(await readPlatformSources(Date.now()))).toEqual([]);

    const stats = adminDb.doc(`player_statistics/${a.uid}`);
    await stats.update({ battleVictories: FieldValue.increment(1) });
    try {
      const paged = checkPlayers(await readPlayersSources([a.uid, b.uid])).sort();
      expect(paged).toEqual([`player_statistics/${a.uid}: battleVictories is 2, rebuilt 1`]);
      expect(findingsOf(checkStatistics(await readStatisticsSources()), a.uid)).toEqual(paged);
    } finally {
      await stats.update({ battleVictories: FieldValue.increment(-1) });
    }

    // The battle is in both players' history; a line taken out is named (read through a field mask).
    const { historyProblems } = await import('../src/users/rebuild-statistics');
    expect(await historyProblems('battles', [id])).toEqual([]);
    const line = adminDb.doc(`users/${b.uid}/history/battle_${id}`);
    const kept = (await line.get()).data()!;
    await line.delete();
    try {
      expect(await historyProblems('battles', [id])).toEqual([`users/${b.uid}/history/battle_${id} is missing`]);
    } finally {
      await line.set(kept);
    }

    const shard = adminDb.doc('statistics/user_statistics/shards/0');
    await shard.set({ battles: FieldValue.increment(1) }, { merge: true });
    try {
      const aggregated = checkPlatform(await readPlatformSources(Date.now()));
      expect(aggregated).toHaveLength(1);
      expect(aggregated[0]).toMatch(/^statistics\/user_statistics: battles is \d+, rebuilt \d+$/);
      expect(checkPlatform((await readStatisticsSources()).platform)).toEqual(aggregated);
    } finally {
      await shard.set({ battles: FieldValue.increment(-1) }, { merge: true });
    }
  });

  it('a tournament a sweep started in a month to come (its clock ahead): both readers count it there', async () => {
    const { checkPlatform, readPlatformSources, readStatisticsSources } =
      await import('../src/users/rebuild-statistics');
    // The first hour of next month (UTC), as the tests' sweeps at a start do near a month's end.
    const today = new Date();
    await started(MIN_PARTICIPANTS, {}, Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1, 1));
    expect(checkPlatform(await readPlatformSources(Date.now()))).toEqual([]);
    expect(checkPlatform((await readStatisticsSources()).platform)).toEqual([]);
  });
});
