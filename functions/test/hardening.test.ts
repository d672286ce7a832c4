import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unsignedToken } from './unsigned-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuth,
  adminDb,
  call,
  createTournament,
  fundsOf,
  sandbox,
  signIn,
  verifiedUser,
  type Body,
  checkLedger,
  idempotencyRecord,
} from './helpers';
import {
  accountOf,
  aPlayerMidway,
  buy,
  profileOf,
  raw,
  setPayoutRate,
  uploadPicture,
  walletSettings,
  withdraw,
  withPaypal,
} from './hardening-helpers';

/** Money under attack: what is paid out never passes what was paid in; orders; the guards. */

beforeAll(walletSettings);
afterAll(() => setPayoutRate(70));

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
      call('/tournaments/no-such-tournament/finish', { token: user.token, method: 'POST' }),
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
      // A malformed id too (the Discord channel's PUT checked it first: 404 without a token).
      call('/discord/tournaments/a%2Fb', { token: user.token, method: 'PUT', body: { url: 'x' } }),
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
