import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { runOptimistic } from '../src/platform/optimistic';
import { holdInEscrow, releaseEscrows } from '../src/wallet/escrow';
import { applyBalanceChange } from '../src/wallet/ledger';
import { adminDb, newUser } from './helpers';

const run = promisify(execFile);
const funds = async (uid: string) => (await adminDb.doc(`users/${uid}/private/account`).get()).get('funds') as number;
const grant = (uid: string, delta: number) =>
  runOptimistic((tx) =>
    applyBalanceChange(tx, { uid, delta, reason: 'test-grant', ref: `${uid}-${delta}` }, Date.now()),
  );
const hold = (uid: string, escrowId: string, amount: number) =>
  runOptimistic((tx) => holdInEscrow(tx, { escrowId, uid, amount, purpose: 'test' }, Date.now()));

describe('escrow', () => {
  it('holds an entry fee and refunds it once, however many releases race', async () => {
    const user = await newUser();
    await grant(user.uid, 590);
    const escrowId = `refund-${user.uid}`;
    await hold(user.uid, escrowId, 270);
    expect(await funds(user.uid)).toBe(320);

    const released = await Promise.all(
      Array.from({ length: 10 }, () =>
        runOptimistic((tx) => releaseEscrows(tx, [{ escrowId, to: user.uid }], 'refund', Date.now())),
      ),
    );
    expect(released.flat()).toEqual([escrowId]);
    expect(await funds(user.uid)).toBe(590);
    expect((await adminDb.doc(`escrows/${escrowId}`).get()).data()).toMatchObject({
      state: 'RELEASED',
      releasedTo: user.uid,
      release: 'refund',
    });
  });

  it('pays both fees to the winner exactly once', async () => {
    const [winner, loser] = await Promise.all([newUser(), newUser()]);
    await Promise.all([grant(winner.uid, 1260), grant(loser.uid, 1260)]);
    const ids = [`w-${winner.uid}`, `l-${loser.uid}`];
    await Promise.all([hold(winner.uid, ids[0]!, 590), hold(loser.uid, ids[1]!, 590)]);
    const prize = () =>
      runOptimistic((tx) =>
        releaseEscrows(
          tx,
          ids.map((escrowId) => ({ escrowId, to: winner.uid })),
          'prize',
          Date.now(),
        ),
      );
    await Promise.all([prize(), prize(), prize()]);
    expect(await funds(winner.uid)).toBe(1260 - 590 + 1180);
    expect(await funds(loser.uid)).toBe(1260 - 590);
  });

  it('refuses a fee above the balance, a second hold with one id, and amounts that are not whole coins', async () => {
    const user = await newUser();
    await grant(user.uid, 130);
    await expect(hold(user.uid, `big-${user.uid}`, 270)).rejects.toMatchObject({ statusCode: 409 });
    expect(
      await adminDb
        .doc(`escrows/big-${user.uid}`)
        .get()
        .then((doc) => doc.exists),
    ).toBe(false);
    await hold(user.uid, `once-${user.uid}`, 100);
    await expect(hold(user.uid, `once-${user.uid}`, 10)).rejects.toMatchObject({ statusCode: 409 });
    await expect(hold(user.uid, `half-${user.uid}`, 2.5)).rejects.toMatchObject({ statusCode: 400 });
    expect(await funds(user.uid)).toBe(30);
  });
});

describe('npm run check:ledger', () => {
  // Its own project on the emulator: a drifted balance in the suite's project would fail the other
  // files' ledger checks while this runs (npm test runs two API files at a time).
  const project = 'demo-ledger-cli';
  const db = getFirestore(initializeApp({ projectId: project }, project));
  const cli = () =>
    run('npx', ['tsx', 'scripts/check-ledger.ts'], {
      env: { ...process.env, GCLOUD_PROJECT: project, GOOGLE_CLOUD_PROJECT: project },
    }).then(
      () => 0,
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('passes on consistent data and names a balance that drifted from its ledger', { timeout: 60_000 }, async () => {
    // A player granted 130 coins, as the ledger writes it.
    const uid = `ann-${randomUUID().slice(0, 8)}`;
    const ref = `${uid}-130`;
    await Promise.all([
      db.doc(`users/${uid}`).set({ displayName: uid }),
      db.doc(`users/${uid}/private/account`).set({ funds: 130, unplayed: 0 }),
      db
        .doc(`ledger/${uid}:test-grant:${ref}`)
        .set({ uid, delta: 130, reason: 'test-grant', ref, account: 'funds', balanceAfter: 130, createdAt: 1 }),
    ]);
    expect(await cli()).toBe(0);
    await db.doc(`users/${uid}/private/account`).update({ funds: 9999 });
    const result = await cli();
    expect(result).toMatchObject({ code: 1 });
    expect((result as { stderr: string }).stderr).toContain(`user ${uid}: balance 9999 but the ledger sums to 130`);
    await db.doc(`users/${uid}/private/account`).update({ funds: 130 });
    expect(await cli()).toBe(0);
  });
});
