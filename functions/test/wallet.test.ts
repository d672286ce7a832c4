import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { runOptimistic } from '../src/platform/optimistic';
import {
  adminDb,
  adminUser,
  call,
  fundsOf,
  idempotencyRecord,
  newUser,
  PAYPAL_STAND_IN,
  paypalCode,
  sandbox,
  verifiedUser,
} from './helpers';

const purchase = (token: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  call<{ orderID: string; message?: string; code?: string }>('/wallet/createPurchaseIntent', {
    token,
    headers,
    body: { method: 'PAYPAL', currency: 'EUR', productId: 'coins-130', ...body },
  });
const complete = (token: string, orderId: string, headers?: Record<string, string>) =>
  call<{ status?: string; bucks?: number; code?: string; message?: string }>('/wallet/orderComplete', {
    token,
    headers,
    body: { method: 'PAYPAL', orderId },
  });
/** The PayPal adapter in this process, on the stand-in the host uses. */
const standInPaypal = async () =>
  (await import('../src/platform/payment-provider')).paypalProvider({
    PAYPAL_API_BASE: PAYPAL_STAND_IN,
    PAYPAL_CLIENT_ID: 'versus-local-sandbox',
    PAYPAL_CLIENT_SECRET: 'versus-local-sandbox-secret',
  });
const orderDoc = async (orderId: string) => (await adminDb.doc(`paypal_orders/${orderId}`).get()).data();

beforeAll(async () => {
  // The seed normally writes these; tests must not depend on `npm start` having run.
  await adminDb.doc('settings/wallet').set({ minimumWithdrawal: 1000, minimumPurchase: 0, payoutCentsPer100Coins: 70 });
  await adminDb.doc('products/coins-130').set({ active: true, bucks: 130, prices: { USD: 129, EUR: 119 }, offers: {} });
  await adminDb
    .doc('products/coins-2750')
    .set({ active: true, bucks: 2750, prices: { USD: 2299, EUR: 2099 }, offers: {} });
  await adminDb.doc('products/retired').set({ active: false, bucks: 9999, prices: { USD: 1, EUR: 1 }, offers: {} });
  await adminDb.doc('products/usd-only').set({ active: true, bucks: 270, prices: { USD: 259 }, offers: {} });
});

describe('POST /wallet/createPurchaseIntent', () => {
  it('creates a PayPal order in the chosen currency and an order document the buyer can watch', async () => {
    const buyer = await verifiedUser();
    const answer = await purchase(buyer.token, { currency: 'USD' });
    expect(answer.status).toBe(201);
    expect(answer.body.orderID).toMatch(/^[A-Z0-9]{10,}$/);
    expect(await orderDoc(answer.body.orderID)).toMatchObject({
      orderID: answer.body.orderID,
      uid: buyer.uid,
      productId: 'coins-130',
      bucks: 130,
      currency: 'USD',
      amountCents: 129,
      status: 'CREATED',
    });
  });

  it('refuses bad input and changes nothing', async () => {
    const buyer = await verifiedUser();
    const cases: [Record<string, unknown>, number][] = [
      [{ productId: 'nope' }, 404],
      [{ productId: 'retired' }, 404],
      [{ currency: 'GBP' }, 400],
      [{ currency: 'EUR', productId: 'usd-only' }, 400],
      [{ method: 'CARD' }, 400],
      [{ productId: '' }, 400],
    ];
    for (const [body, status] of cases) {
      const answer = await purchase(buyer.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ statusCode: status, message: expect.any(String) });
    }
    expect((await adminDb.collection('paypal_orders').where('uid', '==', buyer.uid).get()).size).toBe(0);
    expect(
      (
        await call('/wallet/createPurchaseIntent', {
          body: { method: 'PAYPAL', currency: 'EUR', productId: 'coins-130' },
        })
      ).status,
    ).toBe(401);
  });

  it('needs a verified e-mail address', async () => {
    const unverified = await newUser();
    const answer = await purchase(unverified.token);
    expect(answer).toMatchObject({ status: 403, body: { code: 'email-not-verified' } });
  });

  it('honours an Idempotency-Key: a repeat answers the same order, a different body is refused', async () => {
    const buyer = await verifiedUser();
    const key = randomUUID();
    const first = await purchase(buyer.token, {}, { 'Idempotency-Key': key });
    const again = await purchase(buyer.token, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: { orderID: first.body.orderID } });
    expect((await adminDb.collection('paypal_orders').where('uid', '==', buyer.uid).get()).size).toBe(1);
    const other = await purchase(buyer.token, { productId: 'coins-2750' }, { 'Idempotency-Key': key });
    expect(other).toMatchObject({ status: 422, body: { code: 'idempotency-key-reused' } });
    expect((await purchase(buyer.token, {}, { 'Idempotency-Key': 'not a key!' })).status).toBe(400);
  });

  it("stores a keyed order's answer in the commit that creates the order", async () => {
    const buyer = await verifiedUser();
    const key = randomUUID();
    const first = await purchase(buyer.token, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const [record, order] = await Promise.all([
      idempotencyRecord(buyer.uid, 'createPurchaseIntent', key),
      adminDb.doc(`paypal_orders/${first.body.orderID}`).get(),
    ]);
    expect(record.data()).toMatchObject({ state: 'DONE', status: 201, body: first.body });
    // One commit: the order's creation and the key's answer have the same time.
    expect(record.updateTime!.isEqual(order.createTime!)).toBe(true);
  });
});

describe('POST /wallet/orderComplete', () => {
  it('captures an approved order and credits its coins once', async () => {
    const buyer = await verifiedUser();
    const { orderID } = (await purchase(buyer.token)).body;
    expect((await sandbox(`/orders/${orderID}/approve`)).status).toBe(200);
    const answer = await complete(buyer.token, orderID);
    expect(answer).toMatchObject({ status: 200, body: { status: 'COMPLETED', bucks: 130 } });
    expect(await fundsOf(buyer.uid)).toBe(130);
    expect(await orderDoc(orderID)).toMatchObject({ status: 'COMPLETED', captureId: expect.any(String) });
    // Completing again answers the same and credits nothing more.
    expect(await complete(buyer.token, orderID)).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
    expect(await fundsOf(buyer.uid)).toBe(130);
  });

  it('credits once when 20 calls race on one order', async () => {
    const buyer = await verifiedUser();
    const { orderID } = (await purchase(buyer.token, { productId: 'coins-2750' })).body;
    await sandbox(`/orders/${orderID}/approve`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => complete(buyer.token, orderID)));
    // Every caller either hears COMPLETED or that the order was busy; none is credited twice.
    for (const answer of answers) {
      if (answer.status !== 200) expect(answer.body, `answer ${answer.status}`).toMatchObject({ code: 'busy' });
    }
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(await fundsOf(buyer.uid)).toBe(2750);
    const entries = await adminDb
      .collection('ledger')
      .where('uid', '==', buyer.uid)
      .where('reason', '==', 'purchase')
      .get();
    expect(entries.size).toBe(1);
  });

  it('credits nothing before approval, for a declined card or a cancelled payment', async () => {
    const buyer = await verifiedUser();
    const waiting = (await purchase(buyer.token)).body.orderID;
    expect(await complete(buyer.token, waiting)).toMatchObject({ status: 409, body: { code: 'payment-not-approved' } });
    expect(await orderDoc(waiting)).toMatchObject({ status: 'CREATED' });

    const declined = (await purchase(buyer.token)).body.orderID;
    await sandbox(`/orders/${declined}/decline`);
    expect(await complete(buyer.token, declined)).toMatchObject({ status: 409, body: { code: 'payment-declined' } });
    expect(await orderDoc(declined)).toMatchObject({ status: 'DECLINED' });

    const cancelled = (await purchase(buyer.token)).body.orderID;
    await sandbox(`/orders/${cancelled}/cancel`);
    expect(await complete(buyer.token, cancelled)).toMatchObject({ status: 409, body: { code: 'payment-cancelled' } });
    expect(await fundsOf(buyer.uid)).toBe(0);
  });

  it("refuses someone else's order, an unknown order, another method and a missing token", async () => {
    // PayPal's webhook for the approval would complete the order for its buyer (rightly) while the
    // refusals below are checked: the stand-in's webhooks go to a closed port until the test ends.
    const target = await sandbox('/webhooks/target', { url: 'http://127.0.0.1:9/' });
    onTestFinished(async () => {
      await sandbox('/webhooks/target', { url: target.body.previous });
    });
    const buyer = await verifiedUser();
    const thief = await verifiedUser();
    const { orderID } = (await purchase(buyer.token)).body;
    await sandbox(`/orders/${orderID}/approve`);
    expect((await complete(thief.token, orderID)).status).toBe(404);
    expect((await complete(thief.token, 'UNKNOWN123')).status).toBe(404);
    expect(
      (await call('/wallet/orderComplete', { token: buyer.token, body: { method: 'BITCOIN', orderId: orderID } }))
        .status,
    ).toBe(400);
    expect((await call('/wallet/orderComplete', { body: { method: 'PAYPAL', orderId: orderID } })).status).toBe(401);
    expect(await fundsOf(thief.uid)).toBe(0);
    expect(await fundsOf(buyer.uid)).toBe(0);
    expect(await orderDoc(orderID)).toMatchObject({ status: 'CREATED' });
  });

  it("is completed by PayPal's signed webhook without the buyer's call, and a forged webhook is refused", async () => {
    const buyer = await verifiedUser();
    const { orderID } = (await purchase(buyer.token)).body;
    const forged = await call('/wallet/paypalWebhook', {
      body: { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderID } },
      headers: {
        'paypal-transmission-id': 'x',
        'paypal-transmission-sig': 'forged',
        'paypal-transmission-time': new Date().toISOString(),
      },
    });
    expect(forged.status).toBe(400);
    // The stand-in posts a signed CHECKOUT.ORDER.APPROVED webhook when the buyer approves.
    await sandbox(`/orders/${orderID}/approve`);
    for (let attempt = 0; attempt < 50 && (await orderDoc(orderID))?.status !== 'COMPLETED'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await orderDoc(orderID)).toMatchObject({ status: 'COMPLETED', completedVia: 'webhook' });
    expect(await fundsOf(buyer.uid)).toBe(130);
    // The buyer's own call afterwards completes nothing twice.
    expect(await complete(buyer.token, orderID)).toMatchObject({ status: 200, body: { status: 'COMPLETED' } });
    expect(await fundsOf(buyer.uid)).toBe(130);
  });
});

describe('creator codes', () => {
  const makeCreator = async (code: string) => {
    const creator = await verifiedUser();
    const { setCreatorCode } = await import('../src/creators/service');
    await setCreatorCode(creator.uid, code, Date.now());
    return creator;
  };
  const creatorData = (token: string) =>
    call<{ currentBalance: number; numberSupporting: number; timeDataSet: Record<string, number>; code: string }>(
      '/profile/creatorCodeData',
      { token },
    );

  it('a supporter buying coins earns the creator 5 %, recorded under the day', async () => {
    const code = `C${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fan = await verifiedUser();
    expect(
      (
        await call('/profile/supportCreatorWithCode', {
          method: 'PUT',
          token: fan.token,
          body: { creatorCode: ` ${code.toLowerCase()} ` },
        })
      ).status,
    ).toBe(200);
    expect((await creatorData(creator.token)).body).toMatchObject({ currentBalance: 0, numberSupporting: 1, code });

    const { orderID } = (await purchase(fan.token, { productId: 'coins-2750' })).body;
    await sandbox(`/orders/${orderID}/approve`);
    await complete(fan.token, orderID);
    // The share waits as a pending earning until the creator opens their data (or the sweeper runs).
    expect((await adminDb.doc(`creators/${creator.uid}`).get()).get('balance')).toBe(0);
    expect((await adminDb.doc(`creators/${creator.uid}/pending_earnings/${orderID}`).get()).data()).toMatchObject({
      bucks: 137,
    });
    const data = (await creatorData(creator.token)).body;
    const today = new Date().toISOString().slice(0, 10);
    expect(data.currentBalance).toBe(137);
    expect(data.timeDataSet[today]).toBe(137);
    expect((await adminDb.doc(`creators/${creator.uid}/pending_earnings/${orderID}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`ledger/${creator.uid}:creator-earning:${orderID}`).get()).data()).toMatchObject({
      account: 'creator',
      delta: 137,
      balanceAfter: 137,
    });
    expect(await fundsOf(creator.uid)).toBe(0);
    expect(await fundsOf(fan.uid)).toBe(2750);
  });

  it('purchases with one code racing the sweeper and the creator settle every share once', async () => {
    const code = `P${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fans = await Promise.all(Array.from({ length: 8 }, () => verifiedUser()));
    for (const fan of fans)
      await call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } });
    const orders = await Promise.all(
      fans.map(async (fan) => {
        const { orderID } = (await purchase(fan.token, { productId: 'coins-2750' })).body;
        await sandbox(`/orders/${orderID}/approve`);
        return { fan, orderID };
      }),
    );
    const sweep = () => call('/internal/sweep', { body: { creators: [creator.uid] } });
    const answers = await Promise.all([
      ...orders.map(({ fan, orderID }) => complete(fan.token, orderID)),
      ...Array.from({ length: 4 }, sweep),
      ...Array.from({ length: 4 }, () => creatorData(creator.token)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const data = (await creatorData(creator.token)).body;
    expect(data.currentBalance).toBe(8 * 137);
    expect(data.timeDataSet[new Date().toISOString().slice(0, 10)]).toBe(8 * 137);
    expect((await adminDb.doc(`creators/${creator.uid}`).get()).get('totalEarned')).toBe(8 * 137);
    expect((await adminDb.collection(`creators/${creator.uid}/pending_earnings`).get()).size).toBe(0);
    const entries = await adminDb.collection('ledger').where('uid', '==', creator.uid).get();
    expect(entries.docs.map((doc) => doc.get('delta'))).toEqual(orders.map(() => 137));
  });

  it('switching creators moves the supporter count; an unknown code is 404 and changes nothing', async () => {
    const first = await makeCreator(`F${randomUUID().slice(0, 8).toUpperCase()}`);
    const second = await makeCreator(`S${randomUUID().slice(0, 8).toUpperCase()}`);
    const fan = await verifiedUser();
    const firstCode = (await creatorData(first.token)).body.code;
    const secondCode = (await creatorData(second.token)).body.code;
    await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: fan.token,
      body: { creatorCode: firstCode },
    });
    await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: fan.token,
      body: { creatorCode: firstCode },
    });
    expect((await creatorData(first.token)).body.numberSupporting).toBe(1);
    await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: fan.token,
      body: { creatorCode: secondCode },
    });
    expect((await creatorData(first.token)).body.numberSupporting).toBe(0);
    expect((await creatorData(second.token)).body.numberSupporting).toBe(1);
    const unknown = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: fan.token,
      body: { creatorCode: 'NOBODY-HERE' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'This creator code is not active' } });
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBe(secondCode);
  });

  it('a code carries its creator’s name and state: refused while they are deactivated, taken again once restored', async () => {
    const code = `D${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fan = await verifiedUser();
    const entry = async () => (await adminDb.doc(`creator_codes/${code}`).get()).data();
    expect(await entry()).toEqual({
      uid: creator.uid,
      active: true,
      displayName: creator.displayName,
      ownerDeactivated: false,
    });
    const support = () =>
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } });
    expect((await call('/profile/deactivate', { method: 'POST', token: creator.token })).status).toBe(200);
    expect(await entry()).toMatchObject({ ownerDeactivated: true });
    expect(await support()).toMatchObject({ status: 404, body: { message: 'This creator code is not active' } });
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBeNull();
    expect((await call('/profile/restore', { method: 'POST', token: creator.token })).status).toBe(200);
    expect(await entry()).toMatchObject({ ownerDeactivated: false });
    expect(await support()).toMatchObject({
      status: 200,
      body: { creatorCode: code, creator: { uid: creator.uid, displayName: creator.displayName } },
    });
    expect((await creatorData(creator.token)).body.numberSupporting).toBe(1);
  });

  it('a supporter’s purchase earns a deactivated creator nothing, and earns again once they are restored', async () => {
    const code = `E${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fan = await verifiedUser();
    await call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } });
    const buy = async () => {
      const { orderID } = (await purchase(fan.token)).body;
      await sandbox(`/orders/${orderID}/approve`);
      expect((await complete(fan.token, orderID)).status).toBe(200);
      return (await orderDoc(orderID))!;
    };
    expect((await call('/profile/deactivate', { method: 'POST', token: creator.token })).status).toBe(200);
    expect(await buy()).toMatchObject({ status: 'COMPLETED', creatorUid: null, creatorEarning: 0 });
    expect(await fundsOf(fan.uid)).toBe(130);
    expect((await call('/profile/restore', { method: 'POST', token: creator.token })).status).toBe(200);
    expect(await buy()).toMatchObject({ creatorUid: creator.uid, creatorEarning: 6 });
    expect((await creatorData(creator.token)).body.currentBalance).toBe(6);
  });

  it('purchases completing as their creator is deactivated: a share only for those committed before it', async () => {
    // PayPal's approval webhook would complete each order before the race: webhooks go nowhere here.
    const target = await sandbox('/webhooks/target', { url: 'http://127.0.0.1:9/' });
    onTestFinished(async () => {
      await sandbox('/webhooks/target', { url: target.body.previous });
    });
    const code = `Q${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fans = await Promise.all(Array.from({ length: 6 }, () => verifiedUser()));
    const orders: string[] = [];
    for (const fan of fans) {
      await call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } });
      const { orderID } = (await purchase(fan.token, { productId: 'coins-2750' })).body;
      await sandbox(`/orders/${orderID}/approve`);
      orders.push(orderID);
    }
    // Half the purchases complete first; the deactivation and the other half then start together,
    // so both sides of it are seen whichever way each race goes.
    const earlier = await Promise.all(
      orders.slice(0, 3).map((orderID, index) => complete(fans[index]!.token, orderID)),
    );
    const [deactivated, ...later] = await Promise.all([
      call('/profile/deactivate', { method: 'POST', token: creator.token }),
      ...orders.slice(3).map((orderID, index) => complete(fans[index + 3]!.token, orderID)),
    ]);
    const completed = [...earlier, ...later];
    expect(deactivated!.status).toBe(200);
    for (const answer of completed) expect(answer.status).toBe(200);
    // The code's last write is the deactivation's: every share was committed before it, none after.
    const deactivatedAt = (await adminDb.doc(`creator_codes/${code}`).get()).updateTime!;
    const sides = { before: 0, after: 0 };
    for (const orderID of orders) expect((await orderDoc(orderID))?.status).toBe('COMPLETED');
    for (const orderID of orders) {
      const order = await adminDb.doc(`paypal_orders/${orderID}`).get();
      // The share waits as a pending earning, or is in the creator's ledger once a sweep settled it.
      const [pending, settled] = await Promise.all([
        adminDb.doc(`creators/${creator.uid}/pending_earnings/${orderID}`).get(),
        adminDb.doc(`ledger/${creator.uid}:creator-earning:${orderID}`).get(),
      ]);
      const before = order.updateTime! < deactivatedAt;
      expect(order.get('creatorEarning'), orderID).toBe(before ? 137 : 0);
      expect(pending.exists || settled.exists, orderID).toBe(before);
      if (before) sides.before += 1;
      else sides.after += 1;
    }
    console.log(`purchases racing a deactivation: ${sides.before} before it, ${sides.after} after`);
    expect(sides.before).toBeGreaterThanOrEqual(3);
  });

  it('a support racing its creator’s deactivation: supported before it, or refused after it', async () => {
    const code = `R${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fans = await Promise.all(Array.from({ length: 6 }, () => verifiedUser()));
    const [deactivated, ...answers] = await Promise.all([
      call('/profile/deactivate', { method: 'POST', token: creator.token }),
      ...fans.map((fan) =>
        call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } }),
      ),
    ]);
    expect(deactivated!.status).toBe(200);
    const supported = answers.filter((answer) => answer.status === 200).length;
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(fans.length - supported);
    // Each answer is what happened: the count and the fans' accounts agree with it.
    expect((await adminDb.doc(`creators/${creator.uid}`).get()).get('numberSupporting')).toBe(supported);
    for (const [index, fan] of fans.entries())
      expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBe(
        answers[index]!.status === 200 ? code : null,
      );
    // And after it, nobody more.
    const late = await verifiedUser();
    expect(
      (await call('/profile/supportCreatorWithCode', { method: 'PUT', token: late.token, body: { creatorCode: code } }))
        .status,
    ).toBe(404);
  });

  it('a support that read the code before its creator was deactivated does not commit after it', async () => {
    const { supportCreator } = await import('../src/creators/service');
    const code = `G${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fan = await verifiedUser();
    // What the support reads first, as its gate would hand them over: read before the deactivation.
    const entry = await adminDb.doc(`creator_codes/${code}`).get();
    const account = await adminDb.doc(`users/${fan.uid}/private/account`).get();
    expect((await call('/profile/deactivate', { method: 'POST', token: creator.token })).status).toBe(200);
    const reads = new Map([
      [entry.ref.path, Promise.resolve(entry)],
      [account.ref.path, Promise.resolve(account)],
    ]);
    // Its first attempt sees an active creator; the commit finds the entry changed, and the next
    // attempt's fresh read refuses.
    await expect(supportCreator(fan.uid, code, { passed: Promise.resolve(), reads })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await adminDb.doc(`creators/${creator.uid}`).get()).get('numberSupporting')).toBe(0);
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBeNull();
  });

  it('a fan entering a code again after it changed hands moves from its old creator to its new one', async () => {
    const { setCreatorCode } = await import('../src/creators/service');
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const first = await makeCreator(`H${suffix}`);
    const [second, fan] = await Promise.all([verifiedUser(), verifiedUser()]);
    const support = () =>
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: `H${suffix}` } });
    expect((await support()).status).toBe(200);
    await setCreatorCode(first.uid, `HN${suffix}`, Date.now());
    await setCreatorCode(second.uid, `H${suffix}`, Date.now());
    expect(await support()).toMatchObject({ status: 200, body: { creator: { uid: second.uid } } });
    expect((await creatorData(first.token)).body.numberSupporting).toBe(0);
    expect((await creatorData(second.token)).body.numberSupporting).toBe(1);
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).data()).toMatchObject({
      supportingCreatorCode: `H${suffix}`,
      supportingCreatorUid: second.uid,
    });
  });

  it('a fan of a creator who replaced their code: taking the new code or another creator’s keeps the counts right', async () => {
    const { setCreatorCode } = await import('../src/creators/service');
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const [creator, other] = await Promise.all([makeCreator(`P${suffix}`), makeCreator(`Q${suffix}`)]);
    const fan = await verifiedUser();
    const support = (creatorCode: string) =>
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode } });
    expect((await support(`P${suffix}`)).status).toBe(200);
    await setCreatorCode(creator.uid, `PN${suffix}`, Date.now());
    expect((await support(`PN${suffix}`)).status).toBe(200);
    expect((await creatorData(creator.token)).body.numberSupporting).toBe(1);
    expect((await support(`Q${suffix}`)).status).toBe(200);
    expect((await creatorData(creator.token)).body.numberSupporting).toBe(0);
    expect((await creatorData(other.token)).body.numberSupporting).toBe(1);
  });

  it('entries and supports from before the entry copied the profile still work, and the migration completes them', async () => {
    const { backfillCreatorCodes } = await import('../src/creators/service');
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const [creator, other] = await Promise.all([makeCreator(`V${suffix}`), makeCreator(`W${suffix}`)]);
    const fan = await verifiedUser();
    const support = (creatorCode: string) =>
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode } });
    // The shapes written before: an entry with only its owner and state, an account with only the code.
    await adminDb.doc(`creator_codes/V${suffix}`).set({ uid: creator.uid, active: true });
    expect(await support(`V${suffix}`)).toMatchObject({
      status: 200,
      body: { creator: { uid: creator.uid, displayName: creator.displayName } },
    });
    await adminDb.doc(`users/${fan.uid}/private/account`).update({ supportingCreatorUid: FieldValue.delete() });
    expect((await support(`W${suffix}`)).status).toBe(200);
    expect((await creatorData(creator.token)).body.numberSupporting).toBe(0);
    expect((await creatorData(other.token)).body.numberSupporting).toBe(1);
    expect((await backfillCreatorCodes()).completed).toBeGreaterThanOrEqual(1);
    expect((await adminDb.doc(`creator_codes/V${suffix}`).get()).data()).toEqual({
      uid: creator.uid,
      active: true,
      displayName: creator.displayName,
      ownerDeactivated: false,
    });
  });

  it('a fan switching to two codes at once supports one of them; the code left loses the fan once', async () => {
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const creators = await Promise.all(['A', 'B', 'C'].map((letter) => makeCreator(`${letter}${suffix}`)));
    const fan = await verifiedUser();
    const support = (creatorCode: string) =>
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode } });
    await support(`A${suffix}`);
    const answers = await Promise.all([support(`B${suffix}`), support(`C${suffix}`)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const counts = await Promise.all(
      creators.map(async (creator) => (await creatorData(creator.token)).body.numberSupporting),
    );
    const chosen = (await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode') as string;
    // Serialized: A → B → C or A → C → B. Each step moved one fan, so only the last code counts them.
    expect(counts[0]).toBe(0);
    expect(counts.slice(1)).toEqual(chosen === `B${suffix}` ? [1, 0] : [0, 1]);
  });

  it('two people claiming one code at once: one gets it, the other is told it is taken', async () => {
    const { setCreatorCode } = await import('../src/creators/service');
    const code = `U${randomUUID().slice(0, 8).toUpperCase()}`;
    const people = await Promise.all(Array.from({ length: 4 }, () => verifiedUser()));
    const outcomes = await Promise.allSettled(people.map((person) => setCreatorCode(person.uid, code, Date.now())));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ statusCode: 409 });
    const owner = people[outcomes.findIndex((outcome) => outcome.status === 'fulfilled')]!;
    expect((await adminDb.doc(`creator_codes/${code}`).get()).data()).toMatchObject({ uid: owner.uid, active: true });
    const holders = await adminDb.collection('creators').where('code', '==', code).get();
    expect(holders.docs.map((doc) => doc.id)).toEqual([owner.uid]);
  });

  it('a code given up for another is free again; a revoked one stays its creator’s', async () => {
    const { setCreatorCode } = await import('../src/creators/service');
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const [creator, other] = await Promise.all([makeCreator(`OLD${suffix}`), verifiedUser()]);
    await setCreatorCode(creator.uid, `NEW${suffix}`, Date.now());
    expect((await adminDb.doc(`creator_codes/OLD${suffix}`).get()).exists).toBe(false);
    expect(await setCreatorCode(other.uid, `OLD${suffix}`, Date.now())).toEqual({
      uid: other.uid,
      code: `OLD${suffix}`,
    });
    await setCreatorCode(other.uid, null, Date.now());
    expect((await adminDb.doc(`creator_codes/OLD${suffix}`).get()).data()).toMatchObject({
      uid: other.uid,
      active: false,
    });
    await expect(setCreatorCode(creator.uid, `OLD${suffix}`, Date.now())).rejects.toMatchObject({ statusCode: 409 });
    // Granted again (or the seed run twice): the same code, active again.
    await setCreatorCode(other.uid, `OLD${suffix}`, Date.now());
    await setCreatorCode(other.uid, `OLD${suffix}`, Date.now());
    expect((await adminDb.doc(`creator_codes/OLD${suffix}`).get()).data()).toMatchObject({
      uid: other.uid,
      active: true,
    });
    expect((await adminDb.doc(`creators/${other.uid}`).get()).data()).toMatchObject({
      code: `OLD${suffix}`,
      active: true,
    });
  });

  it("creators from before creator_codes: the migration gives each code's entry to its first holder, once", async () => {
    const { backfillCreatorCodes, setCreatorCode } = await import('../src/creators/service');
    const code = `L${randomUUID().slice(0, 8).toUpperCase()}`;
    const [first, second, fan] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const legacy = (createdAt: number) => ({
      code,
      active: true,
      balance: 0,
      numberSupporting: 0,
      timeDataSet: {},
      totalEarned: 0,
      createdAt,
    });
    // Two holders of one code, as the old query by code could let a race make.
    await adminDb.doc(`creators/${second.uid}`).set(legacy(2));
    await adminDb.doc(`creators/${first.uid}`).set(legacy(1));
    const support = () =>
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } });
    expect((await support()).status).toBe(404);

    const result = await backfillCreatorCodes();
    expect(result.clashes).toContain(`${code} (${second.uid})`);
    expect((await adminDb.doc(`creator_codes/${code}`).get()).data()).toEqual({
      uid: first.uid,
      active: true,
      displayName: first.displayName,
      ownerDeactivated: false,
    });
    expect((await backfillCreatorCodes()).clashes).toContain(`${code} (${second.uid})`);
    expect(await support()).toMatchObject({ status: 200, body: { creator: { uid: first.uid } } });
    // The second holder giving the code up or changing it leaves the first one's entry alone.
    await setCreatorCode(second.uid, `N${code}`, Date.now());
    await setCreatorCode(second.uid, null, Date.now());
    expect((await adminDb.doc(`creator_codes/${code}`).get()).data()).toMatchObject({ uid: first.uid, active: true });
    expect((await adminDb.doc(`creator_codes/N${code}`).get()).data()).toMatchObject({
      uid: second.uid,
      active: false,
    });
  });

  it('creator data is for creators only', async () => {
    const player = await verifiedUser();
    expect(await creatorData(player.token)).toMatchObject({ status: 403, body: { code: 'not-a-creator' } });
    expect((await call('/profile/creatorCodeData')).status).toBe(401);
  });

  it('redeeming moves the whole creator balance into a payout; a stale amount or one below the minimum is refused', async () => {
    const creator = await makeCreator(`R${randomUUID().slice(0, 8).toUpperCase()}`);
    const { applyBalanceChange } = await import('../src/wallet/ledger');
    await runOptimistic((tx) =>
      applyBalanceChange(
        tx,
        { uid: creator.uid, account: 'creator', delta: 1500, reason: 'creator-earning', ref: 'test' },
        Date.now(),
      ),
    );
    const redeem = (bucks: unknown) =>
      call<{ state?: string; code?: string }>('/wallet/withdrawCreatorCodeBucks', {
        token: creator.token,
        body: { bucks },
      });

    expect(await redeem(1500)).toMatchObject({ status: 409, body: { code: 'no-paypal-account' } });
    await call('/profile/paypal', {
      token: creator.token,
      body: { code: await paypalCode(`creator-${creator.uid}@example.com`) },
    });
    expect(await redeem(1400)).toMatchObject({ status: 409, body: { code: 'creator-balance-changed' } });
    expect((await redeem(-5)).status).toBe(400);
    expect(await redeem(1500)).toMatchObject({ status: 201, body: { state: 'PAID' } });
    expect((await creatorData(creator.token)).body.currentBalance).toBe(0);
    expect(await fundsOf(creator.uid)).toBe(0);

    await runOptimistic((tx) =>
      applyBalanceChange(
        tx,
        { uid: creator.uid, account: 'creator', delta: 200, reason: 'creator-earning', ref: 'small' },
        Date.now(),
      ),
    );
    expect(await redeem(200)).toMatchObject({ status: 400, body: { code: 'below-minimum' } });
  });
});

describe('PayPal connection', () => {
  it('connects a verified PayPal account and disconnects it', async () => {
    const user = await verifiedUser();
    const answer = await call('/profile/paypal', {
      token: user.token,
      body: { code: await paypalCode('seller@example.com') },
    });
    expect(answer).toMatchObject({ status: 200, body: { connectedPaypal: { email: 'seller@example.com' } } });
    expect((await adminDb.doc(`users/${user.uid}/private/account`).get()).get('connectedPaypal')).toMatchObject({
      email: 'seller@example.com',
    });
    expect((await call('/profile/paypal', { method: 'DELETE', token: user.token })).status).toBe(200);
    expect((await adminDb.doc(`users/${user.uid}/private/account`).get()).get('connectedPaypal')).toBeUndefined();
  });

  it('refuses an unverified PayPal account, a used or made-up code, and an unverified Versus user', async () => {
    const user = await verifiedUser();
    const unverified = await call('/profile/paypal', {
      token: user.token,
      body: { code: await paypalCode('new@example.com', false) },
    });
    expect(unverified).toMatchObject({
      status: 400,
      body: { code: 'paypal-connect-failed', message: expect.stringContaining('verified e-mail') },
    });
    expect((await call('/profile/paypal', { token: user.token, body: { code: 'made-up' } })).status).toBe(400);
    const code = await paypalCode('once@example.com');
    expect((await call('/profile/paypal', { token: user.token, body: { code } })).status).toBe(200);
    expect((await call('/profile/paypal', { token: user.token, body: { code } })).status).toBe(400);
    const rookie = await newUser();
    expect(
      (await call('/profile/paypal', { token: rookie.token, body: { code: await paypalCode('r@example.com') } }))
        .status,
    ).toBe(403);
  });
});

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
  });

  it('refunds the coins when PayPal denies the payout, and holds them while PayPal cannot be reached', async () => {
    const denied = await connected(1500, `someone+deny-${randomUUID().slice(0, 6)}@example.com`);
    const deniedAnswer = await withdraw(denied.token, { bucks: 1000 });
    expect(deniedAnswer).toMatchObject({ status: 201, body: { state: 'FAILED', failureReason: 'PAYPAL_DENIED' } });
    // The batch PayPal made and then denied stays on the payout, to look it up there.
    expect((await adminDb.doc(`payouts/${deniedAnswer.body.id!}`).get()).get('batchId')).toEqual(expect.any(String));
    expect(await fundsOf(denied.uid)).toBe(1500);
    // A 503 may come after PayPal took the payout: refunding it would pay the coins out twice.
    const down = await connected(1500, `someone+unavailable-${randomUUID().slice(0, 6)}@example.com`);
    expect(await withdraw(down.token, { bucks: 1000 })).toMatchObject({
      status: 201,
      body: { state: 'PENDING', batchId: null },
    });
    expect(await fundsOf(down.uid)).toBe(500);
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
  const sweep = () => call<{ payoutsSettled: number }>('/internal/sweep', { body: { all: true } });
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
      const { recordPayoutBatch, reviewPayout } = await import('../src/wallet/payouts');
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
          } else {
            await eventuallyPaid(payoutId);
            expect(await fundsOf(user.uid)).toBe(1500);
            expect(await ledgerOf(user.uid)).toEqual(['withdrawal']);
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
    const user = await connected(2000);
    // PayPal's webhook for this payout must never come (it would settle the payout before the
    // sweeper does): the stand-in's webhooks go to a closed port until the test ends.
    const target = await sandbox('/webhooks/target', { url: 'http://127.0.0.1:9/' });
    onTestFinished(async () => {
      await sandbox('/webhooks/target', { url: target.body.previous });
    });
    const paid = await withdraw(user.token, { bucks: 1000 });
    expect(paid.body.state).toBe('PAID');
    // As if PayPal's webhook had never come: still processing, requested ten minutes ago.
    await adminDb
      .doc(`payouts/${paid.body.id}`)
      .update({ state: 'PROCESSING', settledAt: null, createdAt: Date.now() - 10 * 60_000 });
    const swept = await call<{ payoutsSettled: number }>('/internal/sweep', { body: { all: true } });
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
