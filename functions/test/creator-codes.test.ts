import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { runOptimistic } from '../src/platform/optimistic';
import { adminDb, call, fundsOf, paypalCode, sandbox, verifiedUser } from './helpers';
import { complete, orderDoc, purchase, walletProducts } from './wallet-helpers';
import { notificationsOf } from './tournament-play-helpers';

/** Creator codes: supporting a creator, their share of purchases, their earnings and redemptions. */

beforeAll(walletProducts);

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

  it('a fan who switches codes after ordering earns the creator they support when it completes, by the webhook too', async () => {
    const first = await makeCreator(`F${randomUUID().slice(0, 8).toUpperCase()}`);
    const second = await makeCreator(`S${randomUUID().slice(0, 8).toUpperCase()}`);
    const [firstCode, secondCode] = [
      (await creatorData(first.token)).body.code,
      (await creatorData(second.token)).body.code,
    ];
    const fan = await verifiedUser();
    const support = (creatorCode: string) =>
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode } });
    await support(firstCode);
    // Both orders are made under the first code, which their completion reads first (creatorCodeHint).
    const { orderID: byClient } = (await purchase(fan.token, { productId: 'coins-2750' })).body;
    const { orderID: byWebhook } = (await purchase(fan.token, { productId: 'coins-2750' })).body;
    expect(await orderDoc(byClient)).toMatchObject({ creatorCodeHint: firstCode });
    await support(secondCode);
    await sandbox(`/orders/${byClient}/approve`);
    await complete(fan.token, byClient);
    // The stand-in's signed CHECKOUT.ORDER.APPROVED webhook completes the other on its own.
    await sandbox(`/orders/${byWebhook}/approve`);
    await expect.poll(async () => (await orderDoc(byWebhook))?.status).toBe('COMPLETED');
    for (const orderID of [byClient, byWebhook]) {
      expect(await orderDoc(orderID)).toMatchObject({
        status: 'COMPLETED',
        creatorUid: second.uid,
        creatorEarning: 137,
      });
      expect((await adminDb.doc(`creators/${second.uid}/pending_earnings/${orderID}`).get()).exists).toBe(true);
      expect((await adminDb.doc(`creators/${first.uid}/pending_earnings/${orderID}`).get()).exists).toBe(false);
    }
    expect(await fundsOf(fan.uid)).toBe(2 * 2750);
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
    // Each creator heard of the new supporter once (the same code again is no news), and not who it
    // is (record 144); the one left behind hears nothing.
    for (const creator of [first, second]) {
      const told = await notificationsOf(creator.uid, 'CREATOR_NEW_SUPPORTER');
      expect(told).toHaveLength(1);
      expect(told[0]).not.toHaveProperty('users');
    }
    const unknown = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: fan.token,
      body: { creatorCode: 'NOBODY-HERE' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'This creator code is not active' } });
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBe(secondCode);
    // A creator's own code, written as people write it: refused with its own reason, nothing counted.
    const own = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: first.token,
      body: { creatorCode: ` ${firstCode.toLowerCase()} ` },
    });
    expect(own).toMatchObject({
      status: 400,
      body: { code: 'own-creator-code', message: 'This is your own creator code: you can support another creator.' },
    });
    expect((await creatorData(first.token)).body.numberSupporting).toBe(0);
    const account = await adminDb.doc(`users/${first.uid}/private/account`).get();
    expect(account.get('supportingCreatorCode') ?? null).toBeNull();
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
    const code = `Q${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fans = await Promise.all(Array.from({ length: 6 }, () => verifiedUser()));
    const orders: string[] = [];
    for (const fan of fans) {
      await call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } });
      const { orderID } = (await purchase(fan.token, { productId: 'coins-2750' })).body;
      // PayPal's approval webhook would complete each order before the race: these are lost.
      await sandbox(`/orders/${orderID}/approve`, { webhook: false });
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
    await expect(supportCreator(fan.uid, code, Date.now(), { passed: Promise.resolve(), reads })).rejects.toMatchObject(
      {
        statusCode: 404,
      },
    );
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

  it('a fan stops supporting: the creator counts one fewer and earns nothing from the next purchase (walk Z)', async () => {
    const code = `Q${randomUUID().slice(0, 8).toUpperCase()}`;
    const creator = await makeCreator(code);
    const fan = await verifiedUser();
    const stop = () => call('/profile/supportCreatorWithCode', { method: 'DELETE', token: fan.token });
    // Supporting nobody, stopping changes nothing and says so the same way.
    expect(await stop()).toMatchObject({ status: 200, body: { creatorCode: null } });
    await call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: code } });
    expect((await creatorData(creator.token)).body.numberSupporting).toBe(1);
    expect(await stop()).toMatchObject({ status: 200, body: { creatorCode: null } });
    expect(await stop()).toMatchObject({ status: 200, body: { creatorCode: null } });
    expect((await creatorData(creator.token)).body.numberSupporting).toBe(0);
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).data()).toMatchObject({
      supportingCreatorCode: null,
      supportingCreatorUid: null,
    });
    const { orderID } = (await purchase(fan.token, { productId: 'coins-2750' })).body;
    await sandbox(`/orders/${orderID}/approve`);
    await complete(fan.token, orderID);
    expect(await fundsOf(fan.uid)).toBe(2750);
    expect((await adminDb.doc(`creators/${creator.uid}/pending_earnings/${orderID}`).get()).exists).toBe(false);
    expect((await creatorData(creator.token)).body.currentBalance).toBe(0);
  });

  it('a fan stopping while they switch codes: supports the new one or nobody, and every count is right', async () => {
    const suffix = randomUUID().slice(0, 6).toUpperCase();
    const [first, second] = await Promise.all(['X', 'Y'].map((letter) => makeCreator(`${letter}${suffix}`)));
    const fan = await verifiedUser();
    await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: fan.token,
      body: { creatorCode: `X${suffix}` },
    });
    const answers = await Promise.all([
      call('/profile/supportCreatorWithCode', { method: 'DELETE', token: fan.token }),
      call('/profile/supportCreatorWithCode', { method: 'PUT', token: fan.token, body: { creatorCode: `Y${suffix}` } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const chosen = (await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode') as
      string | null;
    const counts = await Promise.all(
      [first!, second!].map(async (creator) => (await creatorData(creator.token)).body.numberSupporting),
    );
    // Serialized: stop then switch (Y supported), or switch then stop (nobody).
    expect(counts).toEqual(chosen === `Y${suffix}` ? [0, 1] : [0, 0]);
    expect([`Y${suffix}`, null]).toContain(chosen);
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
    // A creator of then got its badge with its document (badges came three days before creator_codes).
    const legacyCreator = async (holder: { uid: string }, createdAt: number) => {
      await adminDb.doc(`creators/${holder.uid}`).set(legacy(createdAt));
      await adminDb
        .doc(`player_statistics/${holder.uid}`)
        .set({ uid: holder.uid, badges: { creator: createdAt } }, { merge: true });
    };
    // Two holders of one code, as the old query by code could let a race make.
    await legacyCreator(second, 2);
    await legacyCreator(first, 1);
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
