import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminDb, adminUser, call, fundsOf, idempotencyRecord, paypalCode, sandbox, verifiedUser } from './helpers';
import { standInPaypal, walletProducts } from './wallet-helpers';

/** Withdrawals to PayPal and the admin's review of payouts that stopped. */

beforeAll(walletProducts);

/** The player's notifications, as type and what they name (record 170: a settled payout is told). */
const told = async (uid: string) =>
  (await adminDb.collection(`users/${uid}/notifications`).get()).docs.map((doc) => ({
    type: doc.get('type') as string,
    payout: doc.get('payout') as number,
    withdrawal: doc.get('withdrawal') as unknown,
  }));

describe('POST /wallet/withdraw', () => {
  const withdraw = (token: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
    call<{ id?: string; state?: string; code?: string; amountCents?: number }>('/wallet/withdraw', {
      token,
      headers,
      body: { currency: 'EUR', ...body },
    });
  const connected = async (coins: number, email?: string) => {
    const user = await verifiedUser(coins);
    await call('/profile/paypal', {
      token: user.token,
      body: { code: await paypalCode(email ?? `w-${user.uid}@example.com`) },
    });
    return user;
  };

  /** The key's answer is stored by the commit that wrote the payout (one update time), and is the payout as stored. */
  const expectAnsweredInItsCommit = async (uid: string, key: string, answer: { id?: string }) => {
    const [record, payout] = await Promise.all([
      idempotencyRecord(uid, 'withdraw', key),
      adminDb.doc(`payouts/${answer.id!}`).get(),
    ]);
    expect(record.data()).toMatchObject({ state: 'DONE', status: 201, body: answer });
    expect(record.updateTime!.isEqual(payout.updateTime!)).toBe(true);
    expect(payout.data()).toEqual(Object.fromEntries(Object.entries(answer).filter(([field]) => field !== 'id')));
  };

  it('pays coins out to the connected account at 100 coins per 1.00', async () => {
    const user = await connected(2500);
    const answer = await withdraw(user.token, { bucks: 1200 });
    expect(answer).toMatchObject({ status: 201, body: { state: 'PAID', amountCents: 840 } });
    expect(await fundsOf(user.uid)).toBe(1300);
    const payouts = await adminDb.collection('payouts').where('uid', '==', user.uid).get();
    expect(payouts.docs.map((doc) => doc.data())).toMatchObject([
      { bucks: 1200, currency: 'EUR', state: 'PAID', source: 'funds' },
    ]);
    // Told in the commit that marked it paid; no PayPal address in it (a payout may settle after its
    // player's account was erased, which deleted their notifications).
    expect(await told(user.uid)).toEqual([{ type: 'WITHDRAWAL_PAID', payout: 1200, withdrawal: { source: 'funds' } }]);
  });

  it('refunds the coins when PayPal denies the payout, and holds them while PayPal cannot be reached', async () => {
    const denied = await connected(1500, `someone+deny-${randomUUID().slice(0, 6)}@example.com`);
    const deniedAnswer = await withdraw(denied.token, { bucks: 1000 });
    expect(deniedAnswer).toMatchObject({ status: 201, body: { state: 'FAILED', failureReason: 'PAYPAL_DENIED' } });
    // The batch PayPal made and then denied stays on the payout, to look it up there.
    expect((await adminDb.doc(`payouts/${deniedAnswer.body.id!}`).get()).get('batchId')).toEqual(expect.any(String));
    expect(await fundsOf(denied.uid)).toBe(1500);
    expect((await told(denied.uid)).map(({ type, payout }) => [type, payout])).toEqual([['WITHDRAWAL_FAILED', 1000]]);
    // A 503 may come after PayPal took the payout: refunding it would pay the coins out twice.
    const down = await connected(1500, `someone+unavailable-${randomUUID().slice(0, 6)}@example.com`);
    expect(await withdraw(down.token, { bucks: 1000 })).toMatchObject({
      status: 201,
      body: { state: 'PENDING', batchId: null },
    });
    expect(await fundsOf(down.uid)).toBe(500);
    // Nothing is settled yet, so nothing is told.
    expect(await told(down.uid)).toEqual([]);
    const refunds = await adminDb
      .collection('ledger')
      .where('uid', 'in', [denied.uid, down.uid])
      .where('reason', '==', 'withdrawal-refund')
      .get();
    expect(refunds.docs.map((doc) => doc.get('uid'))).toEqual([denied.uid]);
  });

  /** As if the payout had been requested twenty minutes ago and its next send were due: the sweeper's turn. */
  const requestedLongAgo = (payoutId: string, ago = 20 * 60_000) =>
    adminDb.doc(`payouts/${payoutId}`).update({ createdAt: Date.now() - ago, nextSendAt: Date.now() - 1 });
  const sweep = () => call<{ payoutsSettled: number }>('/internal/sweep', { body: { payouts: true } });
  const payoutOf = async (payoutId: string) => (await adminDb.doc(`payouts/${payoutId}`).get()).data()!;
  const ledgerOf = async (uid: string) =>
    (await adminDb.collection('ledger').where('uid', '==', uid).get()).docs
      .map((doc) => doc.get('reason') as string)
      .filter((reason) => reason.startsWith('withdrawal'))
      .sort();
  /** How many times PayPal (the stand-in) was asked for this payout, and the batch it made. */
  const sendsOf = async (payoutId: string) =>
    (await sandbox('/payouts/sends', { senderBatchId: payoutId })).body as { sends: number; batchId: string | null };

  it('a payout PayPal did not answer stays requested with its coins held, and the sweeper sends it again', async () => {
    const user = await connected(2500, `someone+down-once-${randomUUID().slice(0, 6)}@example.com`);
    const answer = await withdraw(user.token, { bucks: 1000 });
    expect(answer).toMatchObject({ status: 201, body: { state: 'PENDING', batchId: null } });
    expect(await fundsOf(user.uid)).toBe(1500);
    // Not sent again while the request that made it could still be asking PayPal.
    await sweep();
    expect(await payoutOf(answer.body.id!)).toMatchObject({ state: 'PENDING', batchId: null });
    expect(await sendsOf(answer.body.id!)).toEqual({ sends: 1, batchId: null });
    await requestedLongAgo(answer.body.id!);
    expect((await sweep()).status).toBe(200);
    await vi.waitFor(async () => expect(await payoutOf(answer.body.id!)).toMatchObject({ state: 'PAID' }), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await sendsOf(answer.body.id!)).toEqual({ sends: 2, batchId: (await payoutOf(answer.body.id!)).batchId });
    expect(await fundsOf(user.uid)).toBe(1500);
    expect(await ledgerOf(user.uid)).toEqual(['withdrawal']);
  });

  it("a payout PayPal took but whose answer was lost is recorded from PayPal's webhook, once PayPal confirms the batch is its own", async () => {
    // "+silent": the stand-in sends no event of its own; the test delivers PayPal's, signed.
    const [user, other] = await Promise.all([
      connected(2500, `someone+lost+silent-${randomUUID().slice(0, 6)}@example.com`),
      connected(2500, `someone+lost+silent-${randomUUID().slice(0, 6)}@example.com`),
    ]);
    const [answer, otherAnswer] = await Promise.all([
      withdraw(user.token, { bucks: 1000 }),
      withdraw(other.token, { bucks: 1000 }),
    ]);
    expect(answer).toMatchObject({ status: 201, body: { state: 'PENDING', batchId: null } });
    const payoutId = answer.body.id!;
    const { batchId } = await sendsOf(payoutId);
    const deliver = async (forPayout: string, batch: string | null) => {
      const body = JSON.stringify({
        event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
        resource: {
          batch_header: {
            payout_batch_id: batch,
            batch_status: 'SUCCESS',
            sender_batch_header: { sender_batch_id: forPayout },
          },
        },
      });
      const { headers } = (await sandbox('/webhooks/sign', { body })).body as { headers: Record<string, string> };
      return call('/wallet/paypalWebhook', { headers, body: JSON.parse(body) as unknown });
    };
    // Within a request's time limit its request may still record PayPal's answer: PayPal is asked to
    // deliver the event again later, and nothing changes.
    expect((await deliver(payoutId, batchId)).status).toBe(503);
    expect(await payoutOf(payoutId)).toMatchObject({ state: 'PENDING', batchId: null });
    // Later (the request long over), the event gives the payout its batch and it is settled.
    for (const id of [payoutId, otherAnswer.body.id!])
      await adminDb.doc(`payouts/${id}`).update({ createdAt: Date.now() - 2 * 60_000 });
    expect(await deliver(payoutId, batchId)).toMatchObject({ status: 200, body: { received: true } });
    expect(await payoutOf(payoutId)).toMatchObject({ state: 'PAID', batchId, needsReview: false });
    expect(await sendsOf(payoutId)).toEqual({ sends: 1, batchId });
    expect(await fundsOf(user.uid)).toBe(1500);
    expect(await ledgerOf(user.uid)).toEqual(['withdrawal']);
    // An event naming another payout's batch for it changes nothing (PayPal is asked whose it is).
    expect((await deliver(otherAnswer.body.id!, batchId)).status).toBe(200);
    expect(await payoutOf(otherAnswer.body.id!)).toMatchObject({ state: 'PENDING', batchId: null });
  });

  it('a payout PayPal took whose answer and webhook were both lost is never refunded: two sweeps at once send it once, find its batch and pay it once', async () => {
    const user = await connected(2500, `someone+lost+silent-${randomUUID().slice(0, 6)}@example.com`);
    const answer = await withdraw(user.token, { bucks: 1000 });
    expect(answer).toMatchObject({ status: 201, body: { state: 'PENDING', batchId: null } });
    expect(await fundsOf(user.uid)).toBe(1500);
    await requestedLongAgo(answer.body.id!);
    // Sent again, PayPal refuses the sender_batch_id it has and links the batch it made then.
    const sweeps = await Promise.all([sweep(), sweep()]);
    for (const swept of sweeps) expect(swept.status).toBe(200);
    await vi.waitFor(async () => expect(await payoutOf(answer.body.id!)).toMatchObject({ state: 'PAID' }), {
      timeout: 10_000,
      interval: 100,
    });
    const { sends, batchId } = await sendsOf(answer.body.id!);
    expect(sends).toBe(2);
    expect((await payoutOf(answer.body.id!)).batchId).toBe(batchId);
    expect(await fundsOf(user.uid)).toBe(1500);
    expect(await ledgerOf(user.uid)).toEqual(['withdrawal']);
  });

  it('a payout PayPal refuses when sent again is held unless the request itself is invalid, then refunded once', async () => {
    // A 422 on the sender's funds says nothing of the first send: held for the next one.
    const held = await connected(2500, `someone+down-then-refused-${randomUUID().slice(0, 6)}@example.com`);
    const heldAnswer = await withdraw(held.token, { bucks: 1000 });
    await requestedLongAgo(heldAnswer.body.id!);
    await sweep();
    expect(await payoutOf(heldAnswer.body.id!)).toMatchObject({
      state: 'PENDING',
      nextSendAt: expect.any(Number),
    });
    expect((await payoutOf(heldAnswer.body.id!)).nextSendAt).toBeGreaterThan(Date.now() + 5 * 60_000);
    await sweep();
    expect(await sendsOf(heldAnswer.body.id!)).toEqual({ sends: 2, batchId: null });
    expect(await fundsOf(held.uid)).toBe(1500);
    // A VALIDATION_ERROR would have refused the first send the same way: PayPal made nothing.
    const invalid = await connected(2500, `someone+down-then-invalid-${randomUUID().slice(0, 6)}@example.com`);
    const invalidAnswer = await withdraw(invalid.token, { bucks: 1000 });
    await requestedLongAgo(invalidAnswer.body.id!);
    await sweep();
    expect(await payoutOf(invalidAnswer.body.id!)).toMatchObject({ state: 'FAILED', failureReason: 'PAYPAL_REFUSED' });
    expect(await fundsOf(invalid.uid)).toBe(2500);
    await sweep();
    expect(await ledgerOf(invalid.uid)).toEqual(['withdrawal', 'withdrawal-refund']);
  });

  it('a payout PayPal refuses the first time is refunded once: PayPal made nothing', async () => {
    const user = await connected(2500, `someone+refused-${randomUUID().slice(0, 6)}@example.com`);
    const answer = await withdraw(user.token, { bucks: 1000 });
    expect(answer).toMatchObject({ status: 201, body: { state: 'FAILED', failureReason: 'PAYPAL_REFUSED' } });
    expect(await fundsOf(user.uid)).toBe(2500);
    expect(await ledgerOf(user.uid)).toEqual(['withdrawal', 'withdrawal-refund']);
  });

  it('two sweeps sending one held payout at the same moment: one takes it and PayPal is asked once more', async () => {
    const { resumePayout } = await import('../src/wallet/payouts');
    const provider = await standInPaypal();
    const user = await connected(2500, `someone+down-once-${randomUUID().slice(0, 6)}@example.com`);
    const answer = await withdraw(user.token, { bucks: 1000 });
    await requestedLongAgo(answer.body.id!);
    await Promise.all([0, 1, 2].map(() => resumePayout(provider, answer.body.id!, Date.now())));
    // Its first send and one of these: a second send would be counted, even one PayPal replayed.
    expect(await sendsOf(answer.body.id!)).toMatchObject({ sends: 2 });
    await vi.waitFor(async () => expect(await payoutOf(answer.body.id!)).toMatchObject({ state: 'PAID' }), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await fundsOf(user.uid)).toBe(1500);
  });

  it('a payout held for a week is no longer sent: it is left for an operator, its coins still held', async () => {
    const user = await connected(2500, `someone+unavailable-${randomUUID().slice(0, 6)}@example.com`);
    const answer = await withdraw(user.token, { bucks: 1000 });
    await requestedLongAgo(answer.body.id!, 8 * 86_400_000);
    await sweep();
    expect(await payoutOf(answer.body.id!)).toMatchObject({ state: 'PENDING', nextSendAt: null, needsReview: true });
    expect(await sendsOf(answer.body.id!)).toEqual({ sends: 1, batchId: null });
    expect(await fundsOf(user.uid)).toBe(1500);
  });

  it('payouts held from before the sweeper sent them again are given to it by the migration: sent again, or left for review', async () => {
    const [recent, old] = await Promise.all([
      connected(2500, `someone+down-once-${randomUUID().slice(0, 6)}@example.com`),
      connected(2500, `someone+unavailable-${randomUUID().slice(0, 6)}@example.com`),
    ]);
    const [recentAnswer, oldAnswer] = await Promise.all([
      withdraw(recent.token, { bucks: 1000 }),
      withdraw(old.token, { bucks: 1000 }),
    ]);
    // As written before 2026-11-27: no nextSendAt.
    for (const [answer, ago] of [
      [recentAnswer, 20 * 60_000],
      [oldAnswer, 8 * 86_400_000],
    ] as const)
      await adminDb
        .doc(`payouts/${answer.body.id!}`)
        .update({ createdAt: Date.now() - ago, nextSendAt: FieldValue.delete() });
    await sweep();
    expect(await sendsOf(recentAnswer.body.id!)).toEqual({ sends: 1, batchId: null });
    const { backfillPayoutSends } = await import('../src/wallet/payouts');
    expect((await backfillPayoutSends(Date.now())).scheduled).toBeGreaterThanOrEqual(2);
    expect((await payoutOf(recentAnswer.body.id!)).nextSendAt).toEqual(expect.any(Number));
    await sweep();
    await vi.waitFor(async () => expect(await payoutOf(recentAnswer.body.id!)).toMatchObject({ state: 'PAID' }), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await payoutOf(oldAnswer.body.id!)).toMatchObject({ state: 'PENDING', needsReview: true, nextSendAt: null });
    expect(await sendsOf(oldAnswer.body.id!)).toEqual({ sends: 1, batchId: null });
    for (const user of [recent, old]) expect(await fundsOf(user.uid)).toBe(1500);
  });

  describe('POST /admin/payouts/{id}/review', () => {
    type Reviewed = { state?: string; failureReason?: string | null; code?: string; review?: Record<string, unknown> };
    const review = (token: string, payoutId: string, body: Record<string, unknown>) =>
      call<Reviewed>(`/admin/payouts/${payoutId}/review`, { token, body });
    /** A payout the sweeper stopped sending: requested `daysAgo` days ago, swept once since. */
    const leftForReview = async (tag: string, daysAgo = 8) => {
      const user = await connected(2500, `someone+${tag}-${randomUUID().slice(0, 6)}@example.com`);
      const answer = await withdraw(user.token, { bucks: 1000 });
      expect(answer).toMatchObject({ status: 201, body: { state: 'PENDING' } });
      await requestedLongAgo(answer.body.id!, daysAgo * 86_400_000);
      await sweep();
      expect(await payoutOf(answer.body.id!)).toMatchObject({ state: 'PENDING', needsReview: true });
      return { user, payoutId: answer.body.id! };
    };
    const eventuallyPaid = (payoutId: string) =>
      vi.waitFor(async () => expect(await payoutOf(payoutId)).toMatchObject({ state: 'PAID' }), {
        timeout: 10_000,
        interval: 100,
      });

    it('refunds a payout PayPal made nothing of, once, with the admin and the reason on it; only for an admin', async () => {
      const [admin, { user, payoutId }] = await Promise.all([adminUser(), leftForReview('unavailable')]);
      const refund = { decision: 'refund', reason: 'No batch for this id in PayPal.' };
      expect(await review(user.token, payoutId, refund)).toMatchObject({ status: 403 });
      expect(await review(admin.token, payoutId, { decision: 'refund', reason: ' ' })).toMatchObject({ status: 400 });
      expect(await review(admin.token, 'no-such-payout', refund)).toMatchObject({ status: 404 });
      expect(await payoutOf(payoutId)).toMatchObject({ state: 'PENDING', needsReview: true });
      const answers = await Promise.all([review(admin.token, payoutId, refund), review(admin.token, payoutId, refund)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('payout-not-in-review');
      expect(answers.find((answer) => answer.status === 200)!.body).toMatchObject({
        state: 'FAILED',
        failureReason: 'NOT_PAID',
        needsReview: false,
        review: { by: admin.uid, decision: 'refund', reason: 'No batch for this id in PayPal.' },
      });
      expect(await fundsOf(user.uid)).toBe(2500);
      expect(await ledgerOf(user.uid)).toEqual(['withdrawal', 'withdrawal-refund']);
      expect(await sendsOf(payoutId)).toEqual({ sends: 1, batchId: null });
      // Settled: nothing more to decide.
      expect(await review(admin.token, payoutId, refund)).toMatchObject({
        status: 409,
        body: { code: 'payout-not-in-review' },
      });
    });

    it('sends a payout again: PayPal makes it now, or answers the batch it made; out of reach, it stays in review', async () => {
      const admin = await adminUser();
      const [unsent, lost, down] = await Promise.all([
        // A day short of PayPal's 30 days of remembering the id, and a little more: still sent.
        leftForReview('down-once', 28.5),
        leftForReview('lost+silent'),
        leftForReview('unavailable'),
      ]);
      const send = { decision: 'send', reason: 'PayPal is back.' };
      const answers = await Promise.all(
        [unsent, lost, down].map(({ payoutId }) => review(admin.token, payoutId, send)),
      );
      expect(answers[0]).toMatchObject({ status: 200, body: { review: { decision: 'send', by: admin.uid } } });
      expect(answers[1]).toMatchObject({ status: 200 });
      expect(answers[2]).toMatchObject({ status: 503, body: { code: 'payout-send-failed' } });
      await Promise.all([eventuallyPaid(unsent.payoutId), eventuallyPaid(lost.payoutId)]);
      // One batch each: the one made now, and the one PayPal had made at the first send.
      for (const { payoutId } of [unsent, lost])
        expect(await sendsOf(payoutId)).toEqual({ sends: 2, batchId: (await payoutOf(payoutId)).batchId });
      // Still out of reach: back in review, its coins held, and the sweeper does not send it.
      expect(await payoutOf(down.payoutId)).toMatchObject({ state: 'PENDING', needsReview: true, nextSendAt: null });
      await sweep();
      expect(await sendsOf(down.payoutId)).toEqual({ sends: 2, batchId: null });
      for (const { user } of [unsent, lost, down]) expect(await fundsOf(user.uid)).toBe(1500);
      for (const { user } of [unsent, lost]) expect(await ledgerOf(user.uid)).toEqual(['withdrawal']);
    });

    it('does not send a payout PayPal no longer remembers (30 days), which could pay it twice', async () => {
      const [admin, { user, payoutId }] = await Promise.all([adminUser(), leftForReview('down-once', 30)]);
      expect(await review(admin.token, payoutId, { decision: 'send', reason: 'Try again.' })).toMatchObject({
        status: 409,
        body: { code: 'payout-too-old-to-send' },
      });
      expect(await sendsOf(payoutId)).toEqual({ sends: 1, batchId: null });
      expect(await payoutOf(payoutId)).toMatchObject({ state: 'PENDING', needsReview: true });
      expect(await fundsOf(user.uid)).toBe(1500);
    });

    it("records the batch an admin found in PayPal's records, only when PayPal says it paid this payout", async () => {
      const [admin, { user, payoutId }, other] = await Promise.all([
        adminUser(),
        leftForReview('lost+silent'),
        leftForReview('lost+silent'),
      ]);
      const { batchId } = await sendsOf(payoutId);
      const { batchId: otherBatch } = await sendsOf(other.payoutId);
      const found = (id: string) => ({ decision: 'batch', batchId: id, reason: 'Found it in PayPal.' });
      expect(await review(admin.token, payoutId, found('ZZZZZZZZZZZZZ'))).toMatchObject({
        status: 404,
        body: { code: 'payout-batch-not-found' },
      });
      expect(await review(admin.token, payoutId, found(otherBatch!))).toMatchObject({
        status: 409,
        body: { code: 'payout-batch-not-this-payout' },
      });
      expect(await payoutOf(payoutId)).toMatchObject({ state: 'PENDING', needsReview: true, batchId: null });
      expect(await review(admin.token, payoutId, found(batchId!))).toMatchObject({
        status: 200,
        body: { batchId, review: { decision: 'batch' } },
      });
      await eventuallyPaid(payoutId);
      expect(await sendsOf(payoutId)).toEqual({ sends: 1, batchId });
      expect(await fundsOf(user.uid)).toBe(1500);
      expect(await ledgerOf(user.uid)).toEqual(['withdrawal']);
      // PayPal's webhook recording the same batch while the admin's decision asks PayPal: the
      // decision answers the payout as recorded, and keeps the admin's review on it.
      const raced = await leftForReview('lost+silent');
      const { batchId: racedBatch } = await sendsOf(raced.payoutId);
      const { recordPayoutBatch } = await import('../src/wallet/payouts');
      const { reviewPayout } = await import('../src/wallet/payout-review');
      const paypal = await standInPaypal();
      const webhookFirst = {
        ...paypal,
        payoutBatch: async (id: string) => {
          const batch = await paypal.payoutBatch(id);
          await recordPayoutBatch(paypal, raced.payoutId, id, Date.now());
          return batch;
        },
      };
      const decided = await reviewPayout(
        webhookFirst,
        admin.uid,
        raced.payoutId,
        { decision: 'batch', batchId: racedBatch!, reason: 'Found it.' },
        Date.now(),
      );
      expect(decided).toMatchObject({
        state: 'PAID',
        batchId: racedBatch,
        review: { decision: 'batch', by: admin.uid },
      });
      expect(await fundsOf(raced.user.uid)).toBe(1500);
      // A batch PayPal denied: recorded, then refunded as any denied payout.
      const denied = await leftForReview('lost+silent+deny');
      const { batchId: deniedBatch } = await sendsOf(denied.payoutId);
      expect(await review(admin.token, denied.payoutId, found(deniedBatch!))).toMatchObject({
        status: 200,
        body: { state: 'FAILED', failureReason: 'PAYPAL_DENIED', batchId: deniedBatch },
      });
      expect(await fundsOf(denied.user.uid)).toBe(2500);
      expect(await ledgerOf(denied.user.uid)).toEqual(['withdrawal', 'withdrawal-refund']);
    });

    it('a send and a refund of one payout at the same moment: one decides, and it is never both paid and refunded', async () => {
      const admin = await adminUser();
      // Either first, the other 0–12 ms after it: the refund reading before the send takes the
      // payout and committing after is the order that must not pay twice.
      const cases = await Promise.all(Array.from({ length: 10 }, () => leftForReview('down-once')));
      const later = (index: number) => new Promise((resolve) => setTimeout(resolve, 3 * Math.floor(index / 2)));
      await Promise.all(
        cases.map(async ({ user, payoutId }, index) => {
          const send = () => review(admin.token, payoutId, { decision: 'send', reason: 'Once more.' });
          const refund = () => review(admin.token, payoutId, { decision: 'refund', reason: 'Nothing at PayPal.' });
          const [sent, refunded] = await Promise.all(
            index % 2 === 0 ? [send(), later(index).then(refund)] : [later(index).then(send), refund()],
          );
          expect([sent.status, refunded.status].sort()).toEqual([200, 409]);
          if (refunded.status === 200) {
            expect(await sendsOf(payoutId)).toEqual({ sends: 1, batchId: null });
            expect(await fundsOf(user.uid)).toBe(2500);
            expect((await told(user.uid)).map(({ type }) => type)).toEqual(['WITHDRAWAL_FAILED']);
          } else {
            await eventuallyPaid(payoutId);
            expect(await fundsOf(user.uid)).toBe(1500);
            expect(await ledgerOf(user.uid)).toEqual(['withdrawal']);
            expect((await told(user.uid)).map(({ type }) => type)).toEqual(['WITHDRAWAL_PAID']);
          }
        }),
      );
    });
  });

  it('refuses bad amounts, amounts below the minimum or above the balance, and users without PayPal', async () => {
    const user = await connected(1500);
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ bucks: -1000 }, 400],
      [{ bucks: 1000.5 }, 400],
      [{ bucks: '1000' }, 400],
      [{ bucks: 999 }, 400, 'below-minimum'],
      [{ bucks: 1600 }, 409, 'not-enough-coins'],
      [{ bucks: 1000, currency: 'SEK' }, 400],
    ];
    for (const [body, status, code] of cases) {
      const answer = await withdraw(user.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (code) expect(answer.body.code).toBe(code);
    }
    expect(await fundsOf(user.uid)).toBe(1500);
    const loner = await verifiedUser(1500);
    expect(await withdraw(loner.token, { bucks: 1000 })).toMatchObject({
      status: 409,
      body: { code: 'no-paypal-account' },
    });
    expect((await call('/wallet/withdraw', { body: { bucks: 1000, currency: 'EUR' } })).status).toBe(401);
    expect((await adminDb.collection('payouts').where('uid', 'in', [user.uid, loner.uid]).get()).size).toBe(0);
  });

  it('50 parallel withdrawals by one user never overdraw', async () => {
    const started = Date.now();
    const user = await connected(5500);
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(user.token, { bucks: 1000 })));
    const paid = answers.filter((answer) => answer.status === 201);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(paid.length).toBeLessThanOrEqual(5);
    expect(paid.length).toBeGreaterThan(0);
    expect(await fundsOf(user.uid)).toBe(5500 - paid.length * 1000);
    const payouts = await adminDb.collection('payouts').where('uid', '==', user.uid).get();
    expect(payouts.size).toBe(paid.length);
    console.log(
      `50 parallel withdrawals: ${paid.length} paid, ${Date.now() - started} ms`,
      answers.map((a) => a.status).join(','),
    );
  });

  it('the sweeper asks PayPal about a payout still PROCESSING after 5 minutes and settles it once', async () => {
    // PayPal's webhook for this payout must never come (it would settle the payout before the
    // sweeper does): "+silent" loses the batch's webhooks.
    const user = await connected(2000, `w+silent-${randomUUID().slice(0, 8)}@example.com`);
    const paid = await withdraw(user.token, { bucks: 1000 });
    expect(paid.body.state).toBe('PAID');
    // As if PayPal's webhook had never come: still processing, requested ten minutes ago.
    await adminDb
      .doc(`payouts/${paid.body.id}`)
      .update({ state: 'PROCESSING', settledAt: null, createdAt: Date.now() - 10 * 60_000 });
    const swept = await call<{ payoutsSettled: number }>('/internal/sweep', { body: { payouts: true } });
    expect(swept.body.payoutsSettled).toBeGreaterThanOrEqual(1);
    expect((await adminDb.doc(`payouts/${paid.body.id}`).get()).get('state')).toBe('PAID');
    expect(await fundsOf(user.uid)).toBe(1000);
  });

  it("stores a keyed withdrawal's answer in the commit that marks it PAID; a repeat replays it", async () => {
    const user = await connected(3000);
    const key = randomUUID();
    const first = await withdraw(user.token, { bucks: 1000 }, { 'Idempotency-Key': key });
    expect(first).toMatchObject({ status: 201, body: { state: 'PAID', amountCents: 700 } });
    await expectAnsweredInItsCommit(user.uid, key, first.body);
    expect(await withdraw(user.token, { bucks: 1000 }, { 'Idempotency-Key': key })).toEqual(first);
    expect(await fundsOf(user.uid)).toBe(2000);
  });

  it('a payout PayPal has not decided yet is PROCESSING with its batch, answered in one commit, and its webhook pays it', async () => {
    const user = await connected(3000, `someone+later-${randomUUID().slice(0, 6)}@example.com`);
    const key = randomUUID();
    const first = await withdraw(user.token, { bucks: 1000 }, { 'Idempotency-Key': key });
    expect(first).toMatchObject({ status: 201, body: { state: 'PROCESSING', batchId: expect.any(String) } });
    await expectAnsweredInItsCommit(user.uid, key, first.body);
    expect(await fundsOf(user.uid)).toBe(2000);
    // PayPal decides two seconds later and says so by its webhook: paid, and the coins stay debited.
    await vi.waitFor(
      async () => expect((await adminDb.doc(`payouts/${first.body.id!}`).get()).get('state')).toBe('PAID'),
      { timeout: 10_000, interval: 100 },
    );
    expect(await fundsOf(user.uid)).toBe(2000);
    // Told once, when PayPal's webhook paid it (not when it was only processing).
    expect((await told(user.uid)).map(({ type }) => type)).toEqual(['WITHDRAWAL_PAID']);
  });

  it('a repeated request with the same Idempotency-Key pays out once', async () => {
    const user = await connected(3000);
    const key = randomUUID();
    const first = await withdraw(user.token, { bucks: 1000 }, { 'Idempotency-Key': key });
    const second = await withdraw(user.token, { bucks: 1000 }, { 'Idempotency-Key': key });
    expect(second).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(await fundsOf(user.uid)).toBe(2000);
  });

  it('five requests with one Idempotency-Key at the same moment pay out once: the others wait their turn or replay', async () => {
    const user = await connected(3000);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(user.token, { bucks: 1000 }, { 'Idempotency-Key': key })),
    );
    const paid = answers.filter((answer) => answer.status === 201);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((answer) => answer.body.id)).size).toBe(1);
    for (const answer of answers.filter((answer) => answer.status !== 201))
      expect(answer).toMatchObject({ status: 409, body: { code: 'idempotency-key-in-progress' } });
    expect(await fundsOf(user.uid)).toBe(2000);
    expect((await adminDb.collection('payouts').where('uid', '==', user.uid).get()).size).toBe(1);
  });
});
