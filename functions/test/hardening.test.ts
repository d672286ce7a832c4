import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { unsignedToken } from './unsigned-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  adminAuth,
  adminDb,
  call,
  createTournament,
  fundsOf,
  newUser,
  paypalCode,
  sandbox,
  signIn,
  verifiedUser,
  type Body,
  checkLedger,
  idempotencyRecord,
} from './helpers';

/** A request with a raw body, so tests can send what `call` would not (arrays, null, text, 200 kB). */
async function raw(
  path: string,
  options: {
    method?: string;
    token?: string;
    body?: string;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${API}${path}`, { method: options.method ?? 'POST', headers, body: options.body });
  const text = await response.text();
  let json: Body | null;
  try {
    json = JSON.parse(text) as Body;
  } catch {
    json = null;
  }
  return { status: response.status, json, text, headers: response.headers };
}

const accountOf = async (uid: string) => (await adminDb.doc(`users/${uid}/private/account`).get()).data() as Body;
const profileOf = async (uid: string) => (await adminDb.doc(`users/${uid}`).get()).data() as Body;
const setPayoutRate = (rate: number) =>
  adminDb.doc('settings/wallet').set({ minimumWithdrawal: 1000, minimumPurchase: 0, payoutCentsPer100Coins: rate });

beforeAll(async () => {
  await setPayoutRate(70);
  await adminDb.doc('products/coins-130').set({ active: true, bucks: 130, prices: { USD: 129, EUR: 119 }, offers: {} });
  await adminDb
    .doc('products/coins-1260')
    .set({ active: true, bucks: 1260, prices: { USD: 1099, EUR: 999 }, offers: {} });
  await adminDb
    .doc('products/coins-2750')
    .set({ active: true, bucks: 2750, prices: { USD: 2299, EUR: 2099 }, offers: {} });
});
afterAll(() => setPayoutRate(70));

async function buy(token: string, productId: string) {
  const intent = await call<{ orderID: string }>('/wallet/createPurchaseIntent', {
    token,
    body: { method: 'PAYPAL', currency: 'EUR', productId },
  });
  expect(intent.status).toBe(201);
  await sandbox(`/orders/${intent.body.orderID}/approve`);
  const done = await call('/wallet/orderComplete', { token, body: { method: 'PAYPAL', orderId: intent.body.orderID } });
  expect(done.body).toMatchObject({ status: 'COMPLETED' });
  return intent.body.orderID;
}

async function withPaypal<U extends { uid: string; token: string }>(user: U) {
  const connected = await call('/profile/paypal', {
    token: user.token,
    body: { code: await paypalCode(`payee-${user.uid}@example.com`) },
  });
  expect(connected.status).toBe(200);
  return user;
}

/**
 * A player with things under way, for the guards' tests: PayPal connected and 3,000 coins, a
 * challenge from `other` to accept, and a battle `rival` has reported, which the player's
 * confirmation would end and pay the rival.
 */
async function aPlayerMidway() {
  const [user, other, rival] = await Promise.all([
    withPaypal(await verifiedUser(3000)),
    verifiedUser(1000),
    verifiedUser(1000),
  ]);
  const incoming = await call<Body>('/battles/challenge', {
    token: other.token,
    body: { opponent: user.uid, game: 'valorant', entryFee: 130, terms: true },
  });
  const fromRival = await call<Body>('/battles/challenge', {
    token: rival.token,
    body: { opponent: user.uid, game: 'valorant', entryFee: 130, terms: true },
  });
  const battle = await call<Body>(`/battles/challenges/${fromRival.body.id as string}/accept`, {
    token: user.token,
    method: 'POST',
  });
  await call(`/battles/${battle.body.id as string}/submitWinner`, { token: rival.token, body: { winner: rival.uid } });
  return { user, other, rival, incoming, battle };
}

/** An 8 × 8 PNG sent as an upload's body. */
async function uploadPicture(token: string, path: string, method = 'POST') {
  const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#234' } })
    .png()
    .toBuffer();
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
    body: new Uint8Array(picture),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

const withdraw = (token: string, bucks: number) =>
  call<Body>('/wallet/withdraw', { token, body: { bucks, currency: 'EUR' } });

describe('money: buying and withdrawing never returns more than was paid', () => {
  it('bought coins cannot be withdrawn until played, and then pay 0.70 per 100, below their price', async () => {
    const buyer = await withPaypal(await verifiedUser());
    await buy(buyer.token, 'coins-2750');
    expect(await accountOf(buyer.uid)).toMatchObject({ funds: 2750, unplayed: 2750 });

    // The old loss: 2750 coins for 20.99 € withdrawn at once as 27.50 €.
    const refused = await withdraw(buyer.token, 2750);
    expect(refused).toMatchObject({ status: 409, body: { code: 'coins-not-played', details: { withdrawable: 0 } } });
    expect(await fundsOf(buyer.uid)).toBe(2750);
    expect((await adminDb.collection('payouts').where('uid', '==', buyer.uid).get()).size).toBe(0);

    // Staked in a battle and won, the coins are played: the payout is 19.25 €, less than 20.99 €.
    const rival = await verifiedUser(2000);
    const sent = await call<Body>('/battles/challenge', {
      token: buyer.token,
      body: { opponent: rival.uid, game: 'valorant', entryFee: 1260, terms: true },
    });
    expect(sent.status).toBe(201);
    expect((await adminDb.doc(`escrows/battle-fee:${sent.body.id as string}:${buyer.uid}`).get()).get('unplayed')).toBe(
      1260,
    );
    expect(await accountOf(buyer.uid)).toMatchObject({ funds: 1490, unplayed: 1490 });
    const battle = await call<Body>(`/battles/challenges/${sent.body.id as string}/accept`, {
      token: rival.token,
      method: 'POST',
    });
    await call(`/battles/${battle.body.id as string}/submitWinner`, {
      token: rival.token,
      body: { winner: buyer.uid },
    });
    await call(`/battles/${battle.body.id as string}/confirm`, { token: buyer.token, method: 'POST' });
    expect(await accountOf(buyer.uid)).toMatchObject({ funds: 4010, unplayed: 1490 });
    expect((await withdraw(buyer.token, 2600)).body).toMatchObject({
      code: 'coins-not-played',
      details: { withdrawable: 2520 },
    });
    const paid = await withdraw(buyer.token, 2520);
    expect(paid).toMatchObject({ status: 201, body: { state: 'PAID', amountCents: 1764 } });
    expect(await accountOf(buyer.uid)).toMatchObject({ funds: 1490, unplayed: 1490 });
    await checkLedger();
  });

  it('a refund gives bought coins back as unplayed; a prize is withdrawable', async () => {
    const buyer = await verifiedUser();
    await buy(buyer.token, 'coins-1260');
    const rival = await verifiedUser(1000);
    const sent = await call<Body>('/battles/challenge', {
      token: buyer.token,
      body: { opponent: rival.uid, game: 'valorant', entryFee: 590, terms: true },
    });
    expect(await accountOf(buyer.uid)).toMatchObject({ funds: 670, unplayed: 670 });
    expect(
      (await call(`/battles/challenges/${sent.body.id as string}/decline`, { token: rival.token, method: 'POST' }))
        .status,
    ).toBe(200);
    expect(await accountOf(buyer.uid)).toMatchObject({ funds: 1260, unplayed: 1260 });
    await checkLedger();
  });

  it('refuses every payout while the rate is not below the cheapest coin, and changes nothing', async () => {
    const user = await withPaypal(await verifiedUser(3000));
    await setPayoutRate(100);
    try {
      const answer = await withdraw(user.token, 1000);
      expect(answer).toMatchObject({ status: 503, body: { code: 'payout-rate-too-high' } });
      expect(await fundsOf(user.uid)).toBe(3000);
      expect((await adminDb.collection('payouts').where('uid', '==', user.uid).get()).size).toBe(0);
    } finally {
      await setPayoutRate(70);
    }
    expect((await withdraw(user.token, 1000)).body).toMatchObject({ state: 'PAID', amountCents: 700 });
  });

  it('a cheaper bundle put on sale pauses the next withdrawal, and taking it off resumes them', async () => {
    const user = await withPaypal(await verifiedUser(3000));
    // 0.50 a hundred coins, under the payout's 0.70: a withdrawal now would pay more than coins cost.
    const sale = adminDb.doc(`products/sale-${user.uid}`);
    await sale.set({ active: true, bucks: 1000, prices: { EUR: 500 }, offers: {} });
    try {
      const answers = await Promise.all([withdraw(user.token, 1000), withdraw(user.token, 1000)]);
      for (const answer of answers)
        expect(answer).toMatchObject({ status: 503, body: { code: 'payout-rate-too-high' } });
      expect(await fundsOf(user.uid)).toBe(3000);
    } finally {
      await sale.delete();
    }
    expect((await withdraw(user.token, 1000)).body).toMatchObject({ state: 'PAID', amountCents: 700 });
  });
});

describe('money: orders', () => {
  it('complete early → approve → complete ends COMPLETED with the coins, credited once', async () => {
    const buyer = await verifiedUser();
    const intent = await call<{ orderID: string }>('/wallet/createPurchaseIntent', {
      token: buyer.token,
      body: { method: 'PAYPAL', currency: 'EUR', productId: 'coins-130' },
    });
    const orderId = intent.body.orderID;
    const early = await call('/wallet/orderComplete', { token: buyer.token, body: { method: 'PAYPAL', orderId } });
    expect(early).toMatchObject({ status: 409, body: { code: 'payment-not-approved' } });
    expect(await fundsOf(buyer.uid)).toBe(0);
    await sandbox(`/orders/${orderId}/approve`);
    const later = await call('/wallet/orderComplete', { token: buyer.token, body: { method: 'PAYPAL', orderId } });
    expect(later).toMatchObject({ status: 200, body: { status: 'COMPLETED', bucks: 130 } });
    expect((await adminDb.doc(`paypal_orders/${orderId}`).get()).get('status')).toBe('COMPLETED');
    expect(await fundsOf(buyer.uid)).toBe(130);
  });

  it('an order nobody approves expires after 3 hours, by the sweeper, and cannot be completed after', async () => {
    const buyer = await verifiedUser();
    const intent = await call<{ orderID: string }>('/wallet/createPurchaseIntent', {
      token: buyer.token,
      body: { method: 'PAYPAL', currency: 'EUR', productId: 'coins-130' },
    });
    const orderId = intent.body.orderID;
    const createdAt = (await adminDb.doc(`paypal_orders/${orderId}`).get()).get('createdAt') as number;
    const sweep = (now: number) => call<Body>('/internal/sweep', { body: { now, orders: [orderId] } });
    expect((await sweep(createdAt + 3 * 3_600_000 - 1000)).body).toMatchObject({ ordersExpired: 0 });
    expect((await sweep(createdAt + 3 * 3_600_000)).body).toMatchObject({ ordersExpired: 1 });
    expect((await sweep(createdAt + 3 * 3_600_000 + 1000)).body).toMatchObject({ ordersExpired: 0 });
    expect((await adminDb.doc(`paypal_orders/${orderId}`).get()).get('status')).toBe('EXPIRED');
    await sandbox(`/orders/${orderId}/approve`);
    const late = await call('/wallet/orderComplete', { token: buyer.token, body: { method: 'PAYPAL', orderId } });
    expect(late).toMatchObject({ status: 409, body: { code: 'payment-expired' } });
    expect(await fundsOf(buyer.uid)).toBe(0);
  });
});

describe('money: guards', () => {
  it('a deactivated account starts nothing: 403 account-deactivated everywhere, and restoring lifts it', async () => {
    const { user, other, rival, incoming, battle } = await aPlayerMidway();
    const cup = await createTournament(rival.token, { entryFee: 130 });
    // A team tournament where the user leads a party (its join of the rival's would be refused anyway).
    const teams = await createTournament(rival.token, { gameFormat: 'TEAM', teamSize: 2 });
    const teamAct = (token: string, action: string, body: Body = {}) =>
      call<Body>(`/tournaments/${teams.body.id}/${action}`, { token, body });
    const rivalParty = await teamAct(rival.token, 'createParty', { teamName: 'Rivals' });
    const userParty = await teamAct(user.token, 'createParty', { teamName: 'Mine' });
    expect([rivalParty.status, userParty.status]).toEqual([201, 201]);
    const funds = await fundsOf(user.uid);
    expect((await call('/profile/deactivate', { token: user.token, method: 'POST' })).status).toBe(200);
    const uploadAs = (path: string, method = 'POST') => uploadPicture(user.token, path, method);
    const attempts = [
      call('/battles/challenge', {
        token: user.token,
        body: { opponent: other.uid, game: 'valorant', entryFee: 130, terms: true },
      }),
      call(`/battles/challenges/${incoming.body.id as string}/accept`, { token: user.token, method: 'POST' }),
      call('/profile/supportCreatorWithCode', { token: user.token, method: 'PUT', body: { creatorCode: 'VERSUS' } }),
      call('/profile/connections/discord', { token: user.token, method: 'PUT', body: { value: 'someone' } }),
      // Checked beside their first reads (requireActiveUserBeside): still nothing, PayPal not asked,
      // and 403 before whatever else they would have answered (a battle, room or tournament that
      // does not exist, a bundle not on sale, an amount below the minimum).
      call('/wallet/createPurchaseIntent', {
        token: user.token,
        body: { method: 'PAYPAL', currency: 'EUR', productId: 'coins-130' },
      }),
      call('/wallet/createPurchaseIntent', {
        token: user.token,
        body: { method: 'PAYPAL', currency: 'EUR', productId: 'no-such-bundle' },
      }),
      withdraw(user.token, 1000),
      withdraw(user.token, 1001),
      call('/wallet/withdraw', { token: user.token, body: { bucks: 100, currency: 'EUR' } }),
      call(`/battles/${battle.body.id as string}/confirm`, { token: user.token, method: 'POST' }),
      call('/battles/no-such-battle/submitWinner', { token: user.token, body: { winner: user.uid } }),
      call('/battles/no-such-battle/checkGame', { token: user.token, method: 'POST' }),
      call(`/users/${other.uid}/follow`, { token: user.token, method: 'POST' }),
      call('/rooms/no-such-room/sendMessage', { token: user.token, body: { message: 'hello' } }),
      call('/tournaments/elimination/no-such-tournament/match/1/report', {
        token: user.token,
        body: { winnerUid: user.uid },
      }),
      call('/tournaments/elimination/no-such-tournament/match/1/checkGame', { token: user.token, method: 'POST' }),
      call(`/tournaments/${cup.body.id}/join`, { token: user.token, method: 'POST' }),
      call('/tournaments/no-such-tournament/join', { token: user.token, method: 'POST' }),
      createTournament(user.token),
      teamAct(user.token, 'createParty', { teamName: 'Another' }),
      teamAct(user.token, `inviteToParty/${other.uid}`),
      teamAct(user.token, `joinParty/${rivalParty.body.uid as string}`),
      teamAct(user.token, 'partyReady'),
      // A picture is checked beside the account's read and stored only once it has passed.
      uploadAs('/uploads/proof'),
      uploadAs('/uploads/cover'),
      uploadAs('/profile/avatar', 'PUT'),
    ];
    for (const answer of await Promise.all(attempts))
      expect(answer).toMatchObject({ status: 403, body: { code: 'account-deactivated', statusCode: 403 } });
    expect(await fundsOf(user.uid)).toBe(funds);
    expect((await adminDb.doc(`battles/${battle.body.id as string}`).get()).get('state')).toBe('ONGOING');
    expect((await adminDb.doc(`users/${other.uid}/followers/${user.uid}`).get()).exists).toBe(false);
    const parties = (await adminDb.collection(`tournaments/${teams.body.id}/parties`).get()).docs.map((doc) =>
      doc.data(),
    );
    expect(parties).toHaveLength(2);
    expect(parties.find((party) => party.leader === user.uid)).toMatchObject({
      invited: [],
      ready: false,
      participants: [{ uid: user.uid }],
    });
    expect(parties.find((party) => party.leader === rival.uid)).toMatchObject({
      invited: [],
      participants: [{ uid: rival.uid }],
    });
    expect((await adminDb.doc(`tournaments/${cup.body.id}`).get()).get('memberUids')).toEqual([]);
    expect((await adminDb.collection('tournaments').where('uid', '==', user.uid).get()).size).toBe(0);
    expect((await adminDb.collection('payouts').where('uid', '==', user.uid).get()).size).toBe(0);
    expect((await adminDb.collection('paypal_orders').where('uid', '==', user.uid).get()).size).toBe(0);
    for (const folder of ['proofs', 'tournaments/images', 'avatars'])
      expect(existsSync(fileURLToPath(new URL(`../../.blobs/${folder}/${user.uid}`, import.meta.url))), folder).toBe(
        false,
      );
    expect((await profileOf(user.uid)).avatar ?? null).toBeNull();
    expect((await adminDb.doc(`battle_challenges/${incoming.body.id as string}`).get()).get('state')).toBe('PENDING');
    expect((await call('/profile/restore', { token: user.token, method: 'POST' })).status).toBe(200);
    expect((await withdraw(user.token, 1000)).status).toBe(201);
  });

  it('a token Firebase Auth refuses starts nothing: 401 everywhere, whatever else the command would answer', async () => {
    const { user, other, rival, incoming, battle } = await aPlayerMidway();
    const cup = await createTournament(rival.token, { entryFee: 130 });
    // A request the user made before: its key's answer is stored, and a repeat would replay it.
    const earlierKey = randomUUID();
    const earlier = await raw('/battles/challenge', {
      token: user.token,
      body: JSON.stringify({ opponent: rival.uid, game: 'valorant', entryFee: 130, terms: true }),
      headers: { 'Idempotency-Key': earlierKey },
    });
    expect(earlier.status).toBe(201);
    const funds = await fundsOf(user.uid);
    await adminAuth.updateUser(user.uid, { disabled: true });
    // A token for no user at all.
    const nobody = `nobody-${randomUUID()}`;
    const stranger = unsignedToken(nobody);
    const keys = Array.from({ length: 6 }, () => randomUUID());
    const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
    const uploadAs = (path: string, method = 'POST') => uploadPicture(user.token, path, method);
    // A reserved key (a purchase's, a withdrawal's) is not even held for a moment: watched live.
    const held: string[] = [];
    const watches = (
      await Promise.all([
        idempotencyRecord(user.uid, 'createPurchaseIntent', keys[4]!),
        idempotencyRecord(user.uid, 'withdraw', keys[5]!),
      ])
    ).map((record) =>
      record.ref.onSnapshot((snapshot) => {
        if (snapshot.exists) held.push(snapshot.ref.path);
      }),
    );
    const attempts = [
      call('/battles/challenge', {
        token: user.token,
        body: { opponent: other.uid, game: 'valorant', entryFee: 130, terms: true },
        ...keyed(keys[0]!),
      }),
      // The earlier request's key: not its answer again.
      call('/battles/challenge', {
        token: user.token,
        body: { opponent: rival.uid, game: 'valorant', entryFee: 130, terms: true },
        ...keyed(earlierKey),
      }),
      // A body that would be 400, and a battle that does not exist: 401 all the same.
      call('/battles/challenge', { token: user.token, body: { opponent: other.uid }, ...keyed(keys[1]!) }),
      call('/battles/no-such-battle/submitWinner', { token: user.token, body: { winner: user.uid } }),
      call(`/battles/challenges/${incoming.body.id as string}/accept`, {
        token: user.token,
        method: 'POST',
        ...keyed(keys[2]!),
      }),
      call(`/battles/${battle.body.id as string}/confirm`, { token: user.token, method: 'POST', ...keyed(keys[3]!) }),
      call('/wallet/createPurchaseIntent', {
        token: user.token,
        body: { method: 'PAYPAL', currency: 'EUR', productId: 'coins-130' },
        ...keyed(keys[4]!),
      }),
      call('/wallet/withdraw', { token: user.token, body: { bucks: 1000, currency: 'EUR' }, ...keyed(keys[5]!) }),
      call(`/users/${other.uid}/follow`, { token: user.token, method: 'POST' }),
      call(`/tournaments/${cup.body.id}/join`, { token: user.token, method: 'POST' }),
      createTournament(user.token),
      uploadAs('/uploads/proof'),
      uploadAs('/profile/avatar', 'PUT'),
      call('/battles/challenge', {
        token: stranger,
        body: { opponent: other.uid, game: 'valorant', entryFee: 130, terms: true },
        ...keyed(keys[0]!),
      }),
      call('/battles/challenge', { token: stranger, body: {} }),
      call(`/users/${other.uid}/follow`, { token: stranger, method: 'POST' }),
    ];
    const answers = await Promise.all(attempts);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the listeners' last changes
    for (const stop of watches) stop();
    expect(held).toEqual([]);
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 401, body: { statusCode: 401 } });
      expect(Object.keys(answer.body).sort()).toEqual(['code', 'message', 'statusCode']);
    }
    expect(await fundsOf(user.uid)).toBe(funds);
    expect((await adminDb.doc(`battles/${battle.body.id as string}`).get()).get('state')).toBe('ONGOING');
    expect((await adminDb.doc(`battle_challenges/${incoming.body.id as string}`).get()).get('state')).toBe('PENDING');
    for (const follower of [user.uid, nobody])
      expect((await adminDb.doc(`users/${other.uid}/followers/${follower}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`tournaments/${cup.body.id}`).get()).get('memberUids')).toEqual([]);
    expect((await adminDb.collection('tournaments').where('uid', '==', user.uid).get()).size).toBe(0);
    const challengesBy = async (uid: string) =>
      (await adminDb.collection('battle_challenges').where('challenger.uid', '==', uid).get()).size;
    expect([await challengesBy(user.uid), await challengesBy(nobody)]).toEqual([1, 0]); // the earlier one
    expect((await adminDb.collection('payouts').where('uid', '==', user.uid).get()).size).toBe(0);
    expect((await adminDb.collection('paypal_orders').where('uid', '==', user.uid).get()).size).toBe(0);
    // No key was reserved or answered for either caller.
    const scopes = ['battle-challenge', 'battle-accept', 'battle-confirm', 'createPurchaseIntent', 'withdraw'];
    for (const key of keys)
      for (const scope of scopes) {
        expect((await idempotencyRecord(user.uid, scope, key)).exists, scope).toBe(false);
        expect((await idempotencyRecord(nobody, scope, key)).exists, scope).toBe(false);
      }
    for (const folder of ['proofs', 'avatars'])
      expect(existsSync(fileURLToPath(new URL(`../../.blobs/${folder}/${user.uid}`, import.meta.url))), folder).toBe(
        false,
      );
    expect((await profileOf(user.uid)).avatar ?? null).toBeNull();

    // Enabled again, with a fresh token: the keys were never taken, and the earlier one replays.
    await adminAuth.updateUser(user.uid, { disabled: false });
    const token = await signIn(user.email);
    const again = await call<Body>(`/battles/challenges/${incoming.body.id as string}/accept`, {
      token,
      method: 'POST',
      ...keyed(keys[2]!),
    });
    expect(again.status).toBe(201);
    const replayed = await raw('/battles/challenge', {
      token,
      body: JSON.stringify({ opponent: rival.uid, game: 'valorant', entryFee: 130, terms: true }),
      headers: { 'Idempotency-Key': earlierKey },
    });
    expect(replayed).toMatchObject({ status: 201, json: earlier.json });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  });

  it("a token naming a player that it cannot prove takes nothing from that player's own join in the same batch", async () => {
    const [early, player] = await Promise.all([verifiedUser(), verifiedUser()]);
    // A free cup (a host has one a day); the first join keeps the tournament's batch busy, so the two after it (a token
    // naming the player, then the player's own) queue for the next batch together, in that order.
    for (let round = 0; round < 4; round += 1) {
      const cup = await createTournament((await verifiedUser()).token);
      const join = (token: string) => call(`/tournaments/${cup.body.id}/join`, { token, method: 'POST' });
      const first = join(early.token);
      // The emulator takes any unsigned token of this project, so the forgery is one for another.
      const forged = join(unsignedToken(player.uid, { aud: 'another-project' }));
      await new Promise((resolve) => setTimeout(resolve, 5));
      const own = join(player.token);
      expect((await forged).status).toBe(401);
      expect((await own).status, `round ${round}`).toBe(200);
      expect((await first).status).toBe(200);
      expect((await adminDb.doc(`tournaments/${cup.body.id}`).get()).get('memberUids')).toEqual(
        expect.arrayContaining([early.uid, player.uid]),
      );
    }
  });

  it('an Idempotency-Key is bound to its method and path: the same key on another challenge is 422', async () => {
    const [a, b, c] = await Promise.all([verifiedUser(1000), verifiedUser(1000), verifiedUser(1000)]);
    const first = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const second = await call<Body>('/battles/challenge', {
      token: c.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const key = randomUUID();
    const accept = (id: string) =>
      call<Body>(`/battles/challenges/${id}/accept`, {
        token: b.token,
        method: 'POST',
        headers: { 'Idempotency-Key': key },
      });
    expect((await accept(first.body.id as string)).status).toBe(201);
    expect(await accept(second.body.id as string)).toMatchObject({
      status: 422,
      body: { code: 'idempotency-key-reused' },
    });
    expect((await adminDb.doc(`battle_challenges/${second.body.id as string}`).get()).get('state')).toBe('PENDING');
    expect(await fundsOf(b.uid)).toBe(870);
  });

  it('five challenges with one Idempotency-Key at the same moment hold the fee once and all answer it; a later repeat replays it', async () => {
    // No reservation: the five run, the first commit creates the key's record, and the others lose
    // their race to it and answer its challenge, replayed (api/idempotency `reserved: false`).
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const key = randomUUID();
    const challenge = () =>
      raw('/battles/challenge', {
        token: a.token,
        body: JSON.stringify({ opponent: b.uid, game: 'valorant', entryFee: 130, terms: true }),
        headers: { 'Idempotency-Key': key },
      });
    const answers = await Promise.all(Array.from({ length: 5 }, challenge));
    const made = answers.filter((answer) => answer.status === 201);
    expect(made.length).toBe(5);
    expect(new Set(made.map((answer) => answer.json!.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
    expect(await fundsOf(a.uid)).toBe(870);
    expect(
      (await adminDb.collection('battle_challenges').where('participants', 'array-contains', a.uid).get()).size,
    ).toBe(1);
    const again = await raw('/battles/challenge', {
      token: a.token,
      body: JSON.stringify({ opponent: b.uid, game: 'valorant', entryFee: 130, terms: true }),
      headers: { 'Idempotency-Key': key },
    });
    expect(again).toMatchObject({ status: 201, json: { id: made[0]!.json!.id } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await fundsOf(a.uid)).toBe(870);
  });

  it("a keyed confirm and join store their answer in the command's own commit; a repeat replays it", async () => {
    const [winner, loser] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const challenge = await call<Body>('/battles/challenge', {
      token: winner.token,
      body: { opponent: loser.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const battle = await call<Body>(`/battles/challenges/${challenge.body.id as string}/accept`, {
      token: loser.token,
      method: 'POST',
    });
    const id = battle.body.id as string;
    await call(`/battles/${id}/submitWinner`, { token: winner.token, body: { winner: winner.uid } });
    const key = randomUUID();
    const confirm = () =>
      raw(`/battles/${id}/confirm`, { token: loser.token, method: 'POST', headers: { 'Idempotency-Key': key } });
    const first = await confirm();
    expect(first).toMatchObject({ status: 200, json: { id, state: 'ENDED' } });
    // One commit: the battle's end and the key's answer have the same update time.
    const [stored, ended] = await Promise.all([
      idempotencyRecord(loser.uid, 'battle-confirm', key),
      adminDb.doc(`battles/${id}`).get(),
    ]);
    expect(stored.data()).toMatchObject({ state: 'DONE', status: 200, body: first.json });
    expect(stored.updateTime!.isEqual(ended.updateTime!)).toBe(true);
    const again = await confirm();
    expect(again).toMatchObject({ status: 200, json: first.json });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await fundsOf(winner.uid)).toBe(1130);

    const host = await verifiedUser();
    const cup = await createTournament(host.token, { entryFee: 130 });
    const joinKey = randomUUID();
    const join = () =>
      raw(`/tournaments/${cup.body.id}/join`, {
        token: winner.token,
        method: 'POST',
        headers: { 'Idempotency-Key': joinKey },
      });
    const joined = await join();
    expect(joined.status).toBe(200);
    const [joinRecord, tournament] = await Promise.all([
      idempotencyRecord(winner.uid, 'tournament-join', joinKey),
      adminDb.doc(`tournaments/${cup.body.id}`).get(),
    ]);
    expect(joinRecord.data()).toMatchObject({ state: 'DONE', status: 200, body: joined.json });
    expect(joinRecord.updateTime!.isEqual(tournament.updateTime!)).toBe(true);
    const rejoin = await join();
    expect(rejoin).toMatchObject({ status: 200, json: joined.json });
    expect(rejoin.headers.get('idempotent-replayed')).toBe('true');
    expect(await fundsOf(winner.uid)).toBe(1000);
  });

  it('three confirms and three accepts with one Idempotency-Key at once pay and hold once, and all answer the same', async () => {
    const [winner, loser] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const challenge = await call<Body>('/battles/challenge', {
      token: winner.token,
      body: { opponent: loser.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const acceptKey = randomUUID();
    const accepts = await Promise.all(
      Array.from({ length: 3 }, () =>
        raw(`/battles/challenges/${challenge.body.id as string}/accept`, {
          token: loser.token,
          method: 'POST',
          headers: { 'Idempotency-Key': acceptKey },
        }),
      ),
    );
    expect(accepts.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const id = (accepts[0]!.json as Body).id as string;
    expect(accepts.map((answer) => (answer.json as Body).id)).toEqual([id, id, id]);
    expect(accepts.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await fundsOf(loser.uid)).toBe(870);

    await call(`/battles/${id}/submitWinner`, { token: winner.token, body: { winner: winner.uid } });
    const key = randomUUID();
    const confirms = await Promise.all(
      Array.from({ length: 3 }, () =>
        raw(`/battles/${id}/confirm`, { token: loser.token, method: 'POST', headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(confirms.map((answer) => answer.status)).toEqual([200, 200, 200]);
    for (const answer of confirms) expect(answer.json).toEqual(confirms[0]!.json);
    expect(confirms[0]!.json).toMatchObject({ id, state: 'ENDED', winner: { id: winner.uid } });
    expect(confirms.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect(await fundsOf(winner.uid)).toBe(1130);
    expect(await fundsOf(loser.uid)).toBe(870);
    expect((await idempotencyRecord(loser.uid, 'battle-confirm', key)).data()).toMatchObject({
      state: 'DONE',
      status: 200,
      scope: 'battle-confirm',
    });
  });

  it('a keyed accept that finds its challenge expired refuses, and so does its repeat: the key is let go', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const challenge = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    await adminDb.doc(`battle_challenges/${challenge.body.id as string}`).update({ expires: Date.now() - 1000 });
    const key = randomUUID();
    const accept = () =>
      call<Body>(`/battles/challenges/${challenge.body.id as string}/accept`, {
        token: b.token,
        method: 'POST',
        headers: { 'Idempotency-Key': key },
      });
    expect(await accept()).toMatchObject({ status: 409, body: { code: 'challenge-expired' } });
    expect(await accept()).toMatchObject({ status: 409, body: { code: 'challenge-expired' } });
    expect(await fundsOf(a.uid)).toBe(1000);
    expect(await fundsOf(b.uid)).toBe(1000);
  });
});

describe('bad input answers 4xx JSON and changes nothing', () => {
  const BAD_IDS = ['a%2Fb', '%2E%2E', '__x__', 'x'.repeat(200)];

  it('every endpoint of docs/api.md refuses a table of bad bodies', async () => {
    const user = await verifiedUser(2000);
    const admin = await verifiedUser();
    await adminAuth.setCustomUserClaims(admin.uid, { admin: true });
    const adminToken = await signIn(admin.email);
    const before = { account: await accountOf(user.uid), profile: await profileOf(user.uid) };

    interface Endpoint {
      method: string;
      path: string;
      token?: string;
      /** Bodies that are the right shape but wrong in type or text, for endpoints with a schema. */
      typed?: Body[];
    }
    const endpoints: Endpoint[] = [
      {
        method: 'POST',
        path: '/auth/register',
        typed: [
          { email: ['x@y.z'] },
          { displayName: 42 },
          { terms: 'true' },
          { displayName: '\u200B\u200B\u200B\u200B\u200B' },
          { firstName: 'Ann\u202Eeb' },
        ],
      },
      { method: 'POST', path: '/profile/resendEmailVerification', token: user.token },
      { method: 'POST', path: '/profile/syncEmail', token: user.token },
      { method: 'POST', path: '/profile/deactivate', token: user.token },
      { method: 'POST', path: '/profile/restore', token: user.token },
      {
        method: 'PUT',
        path: '/profile/connections/discord',
        token: user.token,
        typed: [{ value: ['x'] }, { value: 42 }, { value: '\u200B\u200C\u200D' }, { value: 'abc\u202Edef' }],
      },
      { method: 'DELETE', path: '/profile/connections/discord', token: user.token },
      {
        method: 'PUT',
        path: '/profile/connections/riot',
        token: user.token,
        typed: [{ value: ['Ace#EUW'] }, { value: 42 }, { value: 'Ace#EUW', extra: 1 }],
      },
      {
        method: 'PUT',
        path: '/profile/connections/steam',
        token: user.token,
        typed: [{ value: ['123'] }, { value: 123 }, { value: '1'.repeat(200) }, { value: '99999999999999999999' }],
      },
      { method: 'PUT', path: '/profile/avatar', token: user.token },
      { method: 'DELETE', path: '/profile/avatar', token: user.token },
      { method: 'POST', path: '/profile/dataExport', token: user.token },
      ...['steam', 'riot'].map((platform) => ({
        method: 'POST',
        path: `/profile/connections/${platform}/start`,
        token: user.token,
        typed: [
          { returnTo: 5 },
          { returnTo: ['http://localhost:5173/profile/connections'] },
          {},
          { returnTo: 'x'.repeat(600) },
        ],
      })),
      {
        method: 'POST',
        path: '/profile/connections/steam/openid',
        token: user.token,
        typed: [
          { state: 5, assertion: { 'openid.mode': 'id_res' } },
          { state: 'A'.repeat(32), assertion: { other: 'y' } },
          { state: 'A'.repeat(32), assertion: { 'openid.mode': 5 } },
          { state: 'A'.repeat(32), assertion: 'openid.mode=id_res' },
        ],
      },
      {
        method: 'POST',
        path: '/profile/connections/riot/oauth',
        token: user.token,
        typed: [
          { state: 5, code: 'c' },
          { state: 'A'.repeat(32), code: ['c'] },
          { state: 'A'.repeat(32), extra: 1 },
        ],
      },
      {
        method: 'PUT',
        path: '/profile/supportCreatorWithCode',
        token: user.token,
        typed: [{ creatorCode: ['VERSUS'] }, { creatorCode: 7 }],
      },
      {
        method: 'POST',
        path: '/wallet/createPurchaseIntent',
        token: user.token,
        typed: [
          { method: 'PAYPAL', currency: 'EUR', productId: ['coins-130'] },
          { method: 'PAYPAL', currency: 'EUR', productId: 'a/b' },
          { method: 'PAYPAL', currency: 'EUR', productId: '__x__' },
        ],
      },
      {
        method: 'POST',
        path: '/wallet/orderComplete',
        token: user.token,
        typed: [
          { method: 'PAYPAL', orderId: { $gt: '' } },
          { method: 'PAYPAL', orderId: '__x__' },
        ],
      },
      {
        method: 'POST',
        path: '/wallet/withdraw',
        token: user.token,
        typed: [
          { bucks: '1000', currency: 'EUR' },
          { bucks: [1000], currency: 'EUR' },
          { bucks: 1000.5, currency: 'EUR' },
          { bucks: 1000, currency: 'EUR', extra: { __x__: 1 } },
        ],
      },
      {
        method: 'POST',
        path: '/wallet/withdrawCreatorCodeBucks',
        token: user.token,
        typed: [{ bucks: '5' }, { bucks: 5, currency: ['EUR'] }],
      },
      { method: 'POST', path: '/profile/paypal', token: user.token, typed: [{ code: ['x'] }, { code: 5 }] },
      { method: 'DELETE', path: '/profile/paypal', token: user.token },
      {
        method: 'POST',
        path: '/battles/challenge',
        token: user.token,
        typed: [
          { opponent: ['x'], game: 'valorant', entryFee: 130, terms: true },
          { opponent: 'a/b', game: 'valorant', entryFee: 130, terms: true },
          { opponent: '__x__', game: 'valorant', entryFee: 130, terms: true },
          { opponent: user.uid, game: 'valorant', entryFee: '130', terms: 'true' },
        ],
      },
      ...['accept', 'decline', 'withdraw'].flatMap((action) =>
        BAD_IDS.map((id) => ({ method: 'POST', path: `/battles/challenges/${id}/${action}`, token: user.token })),
      ),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/battles/${id}/submitWinner`,
        token: user.token,
        typed: [{ winner: user.uid }],
      })),
      ...BAD_IDS.map((id) => ({ method: 'POST', path: `/battles/${id}/confirm`, token: user.token })),
      ...BAD_IDS.map((id) => ({ method: 'POST', path: `/battles/${id}/checkGame`, token: user.token })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/battles/${id}/dispute`,
        token: user.token,
        typed: [{ story: ['x'], proof: 'p' }],
      })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/admin/battles/${id}/decide`,
        token: adminToken,
        typed: [{ winner: user.uid, reasoning: 'Because.' }],
      })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/admin/battles/${id}/cancel`,
        token: adminToken,
        typed: [{ reasoning: 'Because.' }],
      })),
      {
        method: 'PUT',
        path: '/admin/campaigns/2026-11',
        token: adminToken,
        typed: [{ prize: ['A headset'] }, { prize: 42 }, { prize: '\u200B\u200B\u200B\u200B' }],
      },
      { method: 'PUT', path: '/admin/campaigns/%2E%2E', token: adminToken, typed: [{ prize: 'A headset' }] },
      {
        method: 'PUT',
        path: '/admin/tournaments/prizeCaps/nhl-23',
        token: adminToken,
        typed: [{ cap: '1000' }, { cap: -1 }, { cap: 1.5 }, { cap: [1000] }, {}],
      },
      { method: 'PUT', path: '/admin/tournaments/prizeCaps/%2E%2E', token: adminToken, typed: [{ cap: 1000 }] },
      {
        method: 'PUT',
        path: '/admin/tournaments/yearlyPrizeCaps/riot',
        token: adminToken,
        typed: [{ cap: '1000' }, { cap: -1 }, { cap: 1.5 }, { cap: [1000] }, {}],
      },
      { method: 'PUT', path: '/admin/tournaments/yearlyPrizeCaps/%2E%2E', token: adminToken, typed: [{ cap: 1000 }] },
      {
        method: 'POST',
        path: '/admin/payouts/p1/review',
        token: adminToken,
        typed: [
          { decision: 'pay', reason: 'Checked.' },
          { decision: ['refund'], reason: 'Checked.' },
          { decision: 'refund', reason: 42 },
          { decision: 'refund', reason: '   ' },
          { decision: 'batch', reason: 'Found it.' },
          { decision: 'batch', batchId: '../x', reason: 'Found it.' },
          { decision: 'refund', reason: 'x'.repeat(451) },
        ],
      },
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/admin/payouts/${id}/review`,
        token: adminToken,
        typed: [{ decision: 'refund', reason: 'Checked.' }],
      })),
      { method: 'POST', path: '/admin/campaigns/__x__/draw', token: adminToken },
      {
        method: 'POST',
        path: '/internal/sweep',
        typed: [{ all: 'true' }, { now: '1' }, { challenges: 'abc' }, { now: Date.now() + 5 * 365 * 86_400_000 }],
      },
      {
        method: 'POST',
        path: '/notifications/markAsViewed',
        token: user.token,
        typed: [{ notifications: 'abc' }, { notifications: [['a']] }, { notifications: ['a/b'] }],
      },
      { method: 'POST', path: '/notifications/popupSeen', token: user.token },
      { method: 'POST', path: '/uploads/proof', token: user.token },
      { method: 'POST', path: '/uploads/cover', token: user.token },
      {
        method: 'POST',
        path: '/tournaments/create',
        token: user.token,
        typed: [
          { name: ['Cup'] },
          { size: '8' },
          { platform: 'PC' },
          { platform: [['PC']] },
          { startTime: '2027-01-01' },
          { coverImage: 'x.png' },
          { name: '\u200B\u200B\u200B\u200B', terms: true },
          { description: 'abc\u202Edef'.repeat(5) },
        ],
      },
      ...BAD_IDS.flatMap((id) =>
        ['join', 'leave', 'checkIn', 'cancel', 'extend', 'partyReady', 'removeParty', 'leaveParty'].map((action) => ({
          method: 'POST',
          path: `/tournaments/${id}/${action}`,
          token: user.token,
        })),
      ),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/tournaments/${id}/edit`,
        token: user.token,
        typed: [{ name: 'Renamed' }],
      })),
      ...BAD_IDS.map((id) => ({
        method: 'POST',
        path: `/tournaments/${id}/createParty`,
        token: user.token,
        typed: [{ teamName: 'Owls' }],
      })),
      ...BAD_IDS.flatMap((id) =>
        ['inviteToParty', 'joinParty', 'ignoreInvite'].map((action) => ({
          method: 'POST',
          path: `/tournaments/t1/${action}/${id}`,
          token: user.token,
        })),
      ),
      { method: 'POST', path: '/tournaments/__x__/edit', token: user.token, typed: [{ size: '8' }, { rules: 42 }] },
      ...BAD_IDS.flatMap((id) => [
        {
          method: 'POST',
          path: `/tournaments/elimination/${id}/match/0/report`,
          token: user.token,
          typed: [{ winnerUid: ['a'] }, { winnerUid: 42 }],
        },
        {
          method: 'POST',
          path: `/tournaments/elimination/t1/match/${id}/setWinner`,
          token: user.token,
          typed: [{ winnerUid: 'a', reasoning: ['x'] }],
        },
        { method: 'POST', path: `/tournaments/elimination/${id}/match/0/checkGame`, token: user.token },
        { method: 'POST', path: `/tournaments/elimination/t1/match/${id}/checkGame`, token: user.token },
        {
          method: 'POST',
          path: `/tournaments/elimination/t1/match/${id}/dispute`,
          token: user.token,
          typed: [{ story: 42, proof: 'x' }],
        },
        {
          method: 'POST',
          path: `/tournaments/points/${id}/submitPoints`,
          token: user.token,
          typed: [
            { points: '5', attachment: 'x' },
            { points: 1.5, attachment: 'x' },
            { points: -3, attachment: 'x' },
          ],
        },
        {
          method: 'POST',
          path: `/tournaments/points/${id}/setParticipantPoints`,
          token: user.token,
          typed: [
            { participant: ['a'], points: 3 },
            { participant: 'a', points: '3' },
          ],
        },
        { method: 'POST', path: `/tournaments/${id}/finish`, token: user.token },
      ]),
      // Following and chat: an id that is a path, and a reserved one (the other shapes above).
      ...[BAD_IDS[0]!, BAD_IDS[2]!].flatMap((id) => [
        { method: 'POST', path: `/users/${id}/follow`, token: user.token },
        { method: 'POST', path: `/users/${id}/unfollow`, token: user.token },
        {
          method: 'POST',
          path: `/rooms/${id}/sendMessage`,
          token: user.token,
          typed: [{ message: ['hi'] }, { message: 42 }, { message: '\u200B\u200B' }, { message: 'hi', attachment: 7 }],
        },
        { method: 'POST', path: `/rooms/${id}/typed`, token: user.token },
        { method: 'POST', path: `/rooms/${id}/lastOpen`, token: user.token },
        { method: 'POST', path: `/rooms/t1/messages/${id}/delete`, token: user.token },
      ]),
    ];
    const generic: { body: string; contentType?: string; framework?: boolean }[] = [
      { body: '[]' },
      { body: '[{"value":"x"}]' },
      { body: '{"__proto__":{"admin":true}}' },
      { body: '{"constructor":{"prototype":{"x":1}}}' },
      { body: '{"nested":{"__proto__":{}}}' },
      { body: JSON.stringify({ value: 'x'.repeat(200 * 1024) }) },
      { body: 'just text', contentType: 'text/plain' },
      // Valid JSON that is no object: the Functions framework's strict parser refuses these (400)
      // before our app runs (docs/decisions/0038), so only the status is ours to assert.
      { body: 'null', framework: true },
      { body: '42', framework: true },
      { body: '"text"', framework: true },
    ];

    const failures: string[] = [];
    const expectRefused = (label: string, answer: Awaited<ReturnType<typeof raw>>, framework = false) => {
      const jsonOk =
        framework ||
        (answer.json !== null && typeof answer.json.message === 'string' && answer.json.statusCode === answer.status);
      if (answer.status < 400 || answer.status >= 500 || !jsonOk)
        failures.push(`${label} → ${answer.status} ${answer.text.slice(0, 120)}`);
    };
    // Eight endpoints at a time, each sending its bad bodies in turn.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let endpoint = endpoints[next++]; endpoint; endpoint = endpoints[next++]) await check(endpoint);
      }),
    );
    async function check(endpoint: (typeof endpoints)[number]) {
      {
        const label = `${endpoint.method} ${endpoint.path.slice(0, 60)}`;
        // Ids are the point of the id rows; the body table runs once per route shape (the first bad id).
        const bodies =
          endpoint.path.includes(BAD_IDS[1]!) ||
          endpoint.path.includes(BAD_IDS[2]!) ||
          endpoint.path.includes(BAD_IDS[3]!)
            ? []
            : generic;
        for (const bad of bodies) {
          if (endpoint.path === '/uploads/proof' && bad.contentType === undefined && bad.body.length > 1000) continue;
          const answer = await raw(endpoint.path, {
            method: endpoint.method,
            token: endpoint.token,
            body: bad.body,
            contentType: bad.contentType,
          });
          expectRefused(`${label} ${bad.body.slice(0, 30)}`, answer, bad.framework);
        }
        for (const body of endpoint.typed ?? []) {
          const answer = await raw(endpoint.path, {
            method: endpoint.method,
            token: endpoint.token,
            body: JSON.stringify(body),
          });
          expectRefused(`${label} ${JSON.stringify(body).slice(0, 60)}`, answer);
        }
        if (
          endpoint.typed === undefined &&
          /\/(battles|admin|tournaments)\//.test(endpoint.path) &&
          endpoint.path.includes('%2F')
        ) {
          expectRefused(
            `${label} (no body)`,
            await raw(endpoint.path, { method: endpoint.method, token: endpoint.token }),
          );
        }
      }
    }
    const query = await Promise.all([
      raw('/suggestUsers?displayName=a&displayName=b', { method: 'GET', token: user.token }),
      raw('/suggestUsers?displayName[x]=a', { method: 'GET', token: user.token }),
      raw('/suggestUsers?displayName=%E2%80%8B%E2%80%8B', { method: 'GET', token: user.token }),
    ]);
    query.push(
      ...(await Promise.all(
        [
          'game=a&game=b',
          'pageSize=abc',
          'from=-5',
          'name=%E2%80%8B%E2%80%8B',
          'orderBy=__name__',
          'showArchived=yes',
          'after=a%2Fb',
          'entryFee=1e3',
        ].map((search) => raw(`/searchTournaments?${search}`, { method: 'GET' })),
      )),
      ...(await Promise.all(
        [
          'displayName=a&displayName=b',
          'displayName[x]=a',
          `displayName=${'x'.repeat(25)}`,
          'from=-1',
          'from=1e9',
          'pageSize=0',
          'pageSize=abc',
          'random=maybe',
          'orderBy=__name__',
        ].map((search) => raw(`/searchUsers?${search}`, { method: 'GET' })),
      )),
    );
    query.forEach((answer, index) => expectRefused(`GET query #${index}`, answer));
    expect(failures).toEqual([]);

    // Nothing was written for the user: same account and profile, no orders, payouts, challenges or ledger moves.
    expect(await accountOf(user.uid)).toEqual(before.account);
    expect(await profileOf(user.uid)).toEqual(before.profile);
    for (const [collection, field] of [
      ['paypal_orders', 'uid'],
      ['payouts', 'uid'],
      ['escrows', 'uid'],
      ['ledger', 'uid'],
      ['tournaments', 'uid'],
    ] as const) {
      const found = await adminDb.collection(collection).where(field, '==', user.uid).get();
      expect(found.size, collection).toBe(collection === 'ledger' ? 1 : 0);
    }
    expect(
      (await adminDb.collection('battle_challenges').where('participants', 'array-contains', user.uid).get()).size,
    ).toBe(0);
    expect((await adminDb.doc('campaigns/2026-11').get()).get('prize') ?? null).not.toEqual(['A headset']);
  });

  it('the host is production’s runtime and framework, and sends no x-powered-by', async () => {
    // The Functions emulator's front proxy adds its own x-powered-by; Cloud Run functions do not.
    const response = await fetch(`${API}/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-powered-by')).toBeNull();
    const runtime = (await call<{ node: string }>('/bench/runtime', { body: {} })).body;
    expect(runtime.node).toMatch(/^v22\./);
  });

  it('a body over 100 kB is 413 JSON', async () => {
    const user = await verifiedUser();
    const answer = await raw('/profile/connections/discord', {
      method: 'PUT',
      token: user.token,
      body: JSON.stringify({ value: 'x'.repeat(150 * 1024) }),
    });
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ statusCode: 413, message: expect.stringContaining('100 kB') });
  });

  it('signed webhooks with impossible ids are acknowledged and change nothing', async () => {
    for (const id of ['a/b', '..', '__x__', ['x'], 42]) {
      const events = [
        { event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id } },
        {
          event_type: 'PAYMENT.CAPTURE.COMPLETED',
          resource: { supplementary_data: { related_ids: { order_id: id } } },
        },
        {
          event_type: 'PAYMENT.PAYOUTSBATCH.SUCCESS',
          resource: { batch_header: { sender_batch_header: { sender_batch_id: id } } },
        },
      ];
      for (const event of events) {
        const body = JSON.stringify(event);
        const { headers } = (await sandbox('/webhooks/sign', { body })).body as { headers: Record<string, string> };
        const answer = await raw('/wallet/paypalWebhook', { body, headers });
        expect(answer, JSON.stringify(event)).toMatchObject({ status: 200, json: { received: true } });
      }
    }
  });
});

describe('names and uploads', () => {
  it('display names that look alike collide; Finnish names still register', async () => {
    const suffix = randomUUID().replace(/-/g, '').slice(0, 8);
    const first = await newUser({ displayName: `Player${suffix}` });
    expect(first.uid).toBeTruthy();
    for (const lookAlike of [`Ｐlayer${suffix}`, `Рlayer${suffix}`, `Ρlayer${suffix}`, `PLAYER${suffix}`]) {
      const email = `look-${randomUUID().slice(0, 8)}@versus.test`;
      const answer = await call('/auth/register', {
        body: {
          email,
          password: 'Test-pass-1',
          displayName: lookAlike,
          firstName: 'Test',
          lastName: 'Player',
          country: 'FI',
          terms: true,
        },
      });
      expect(answer, lookAlike).toMatchObject({ status: 409, body: { code: 'display-name-taken' } });
      await expect(adminAuth.getUserByEmail(email)).rejects.toThrow();
    }
    const finnish = await call('/auth/register', {
      body: {
        email: `aija-${suffix}@versus.test`,
        password: 'Test-pass-1',
        displayName: `Äijä_${suffix.slice(0, 6)}`,
        firstName: 'Äijä',
        lastName: 'Öhman',
        country: 'FI',
        terms: true,
      },
    });
    expect(finnish.status).toBe(201);
  });

  it('the migration gives names registered before skeletons their key and drops the old one', async () => {
    const user = await newUser();
    // As the name was reserved before: keyed by the lower-cased name, no skeleton key.
    for (const doc of (await adminDb.collection('usernames').where('uid', '==', user.uid).get()).docs)
      await doc.ref.delete();
    await adminDb
      .doc(`usernames/${user.displayName.toLowerCase()}`)
      .set({ uid: user.uid, displayName: user.displayName, createdAt: 1 });
    const { backfillUsernames, usernameKey } = await import('../src/users/service');
    const result = await backfillUsernames(Date.now());
    expect(result.added).toBeGreaterThanOrEqual(1);
    expect((await adminDb.doc(`usernames/${user.displayName.toLowerCase()}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`usernames/${usernameKey(user.displayName)}`).get()).get('uid')).toBe(user.uid);
    const lookAlike = await call('/auth/register', {
      body: {
        email: `x-${randomUUID().slice(0, 8)}@versus.test`,
        password: 'Test-pass-1',
        displayName: user.displayName.toUpperCase(),
        firstName: 'Test',
        lastName: 'Player',
        country: 'FI',
        terms: true,
      },
    });
    expect(lookAlike).toMatchObject({ status: 409, body: { code: 'display-name-taken' } });
  });

  async function upload(token: string, data: Buffer, contentType = 'image/gif') {
    const response = await fetch(`${API}/uploads/proof`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
      body: new Uint8Array(data),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }
  const frame = (color: string, width = 40, height = 30) =>
    sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer();
  const animatedGif = async (width = 40, height = 30) =>
    sharp([await frame('#f00', width, height), await frame('#00f', width, height)], { join: { animated: true } })
      .gif({ delay: [100, 100], loop: 0 })
      .toBuffer();

  it('GIFs are re-encoded: animation kept; comments, application extensions and trailing bytes dropped; canvas capped', async () => {
    const user = await verifiedUser();
    const gif = await animatedGif();
    // Before the trailer (0x3B): a comment and an application extension; after it, trailing bytes.
    const comment = Buffer.from([0x21, 0xfe, 0x0b, ...Buffer.from('HIDDEN-NOTE'), 0x00]);
    const application = Buffer.from([
      0x21,
      0xff,
      0x0b,
      ...Buffer.from('EVILAPP1.00'),
      0x04,
      ...Buffer.from('DATA'),
      0x00,
    ]);
    // Extensions may follow the header and the global colour table (13 + 3 × 2^(n+1) bytes).
    const packed = gif[10]!;
    const afterTable = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
    const crafted = Buffer.concat([
      gif.subarray(0, afterTable),
      comment,
      application,
      gif.subarray(afterTable),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    expect((await sharp(crafted, { animated: true }).metadata()).pages).toBe(2);

    const stored = await upload(user.token, crafted);
    expect(stored.status).toBe(201);
    const blob = Buffer.from(await (await fetch(`${API}/blobs/${stored.body.path as string}`)).arrayBuffer());
    for (const marker of ['HIDDEN-NOTE', 'EVILAPP', '<script>']) expect(blob.includes(marker), marker).toBe(false);
    expect(await sharp(blob, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 2, width: 40 });

    const wide = await upload(user.token, await animatedGif(1600, 20));
    expect(wide).toMatchObject({ status: 201, body: { width: 1280 } });
  });

  it('a GIF declaring an absurd canvas is refused before it is decoded', async () => {
    const user = await verifiedUser();
    const gif = await animatedGif();
    const absurd = Buffer.from(gif);
    absurd.writeUInt16LE(65535, 6);
    absurd.writeUInt16LE(65535, 8);
    expect(await upload(user.token, absurd)).toMatchObject({ status: 413, body: { code: 'image-dimensions' } });
  });

  it('a picture over 8192 px a side, a header over no pixels or a WebP is refused; EXIF goes, orientation stays', async () => {
    const user = await verifiedUser();
    const wide = await sharp({ create: { width: 8200, height: 2, channels: 3, background: '#f0f' } })
      .png()
      .toBuffer();
    expect(await upload(user.token, wide, 'image/png')).toMatchObject({
      status: 413,
      body: { code: 'image-dimensions' },
    });
    // A PNG's signature and header chunk, declaring its size, over no pixels.
    const header = (width: number, height: number) => {
      const ihdr = Buffer.alloc(25);
      ihdr.writeUInt32BE(13, 0);
      ihdr.write('IHDR', 4, 'latin1');
      ihdr.writeUInt32BE(width, 8);
      ihdr.writeUInt32BE(height, 12);
      ihdr.set([8, 2, 0, 0, 0], 16);
      return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr]);
    };
    // Headers over no pixels, and a WebP labelled as a PNG: not images we take.
    for (const [width, height] of [
      [40, 30],
      [9000, 9000],
    ] as const)
      expect(await upload(user.token, header(width, height), 'image/png')).toMatchObject({
        status: 415,
        body: { code: 'image-type' },
      });
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
    expect(await upload(user.token, webp, 'image/png')).toMatchObject({ status: 415, body: { code: 'image-type' } });
    // A photo taken sideways (EXIF orientation 6) with a GPS position: stored upright, without EXIF.
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const stored = await upload(user.token, photo, 'image/jpeg');
    expect(stored).toMatchObject({ status: 201, body: { width: 40, height: 60 } });
    const blob = Buffer.from(await (await fetch(`${API}/blobs/${stored.body.path as string}`)).arrayBuffer());
    const kept = await sharp(blob).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(blob.includes('SecretPhone')).toBe(false);
  });

  it('blobs are served with nosniff and a CSP that runs nothing', async () => {
    const user = await verifiedUser();
    const stored = await upload(user.token, await frame('#0f0'), 'image/png');
    const response = await fetch(`${API}/blobs/${stored.body.path as string}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('the sweep does only what it is asked', () => {
  it('an omitted list sweeps none; `now` must be within a year', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const sent = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const expires = sent.body.expires as number;
    const limited = await call<Body>('/internal/sweep', { body: { now: expires + 1000, battles: [] } });
    expect(limited).toMatchObject({
      status: 200,
      body: { challengesExpired: 0, battlesCancelled: 0, ordersExpired: 0, payoutsSettled: 0 },
    });
    expect((await adminDb.doc(`battle_challenges/${sent.body.id as string}`).get()).get('state')).toBe('PENDING');
    expect((await call('/internal/sweep', { body: { now: Date.now() + 400 * 86_400_000, all: true } })).status).toBe(
      400,
    );
    expect(
      (await call('/internal/sweep', { body: { now: expires + 1000, challenges: [sent.body.id] } })).body,
    ).toMatchObject({ challengesExpired: 1 });
    expect(await fundsOf(a.uid)).toBe(1000);
  });
});
