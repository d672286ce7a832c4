import { afterAll, describe, expect, it } from 'vitest';
import { adminDb, adminUser, call, createTournament, verifiedUser, type Body } from './helpers';

/**
 * A tournament's prize cap per game (issue #58): a platform admin sets it, and a new or edited
 * tournament whose entry fee × size passes it is refused. The tests cap NHL 23, which no other test
 * hosts, and lift the cap after.
 */
const GAME = 'nhl-23';
const setCap = (token: string, cap: unknown, game = GAME) =>
  call<Body>(`/admin/tournaments/prizeCaps/${game}`, { method: 'PUT', token, body: { cap } });
const caps = async () => ((await adminDb.doc('settings/tournaments').get()).data()?.prizeCaps ?? {}) as Body;

describe('prize caps per game', () => {
  let adminToken = '';
  afterAll(async () => {
    if (adminToken) await setCap(adminToken, null);
  });

  it('only a platform admin sets one, and a bad cap or game changes nothing', async () => {
    const admin = await adminUser();
    adminToken = admin.token;
    const player = await verifiedUser();
    expect(await setCap(player.token, 1000)).toMatchObject({ status: 403 });
    expect(await setCap(admin.token, -5)).toMatchObject({ status: 400 });
    expect(await setCap(admin.token, '1000')).toMatchObject({ status: 400 });
    expect(await setCap(admin.token, 1.5)).toMatchObject({ status: 400 });
    expect(await setCap(admin.token, 1000, 'chess')).toMatchObject({ status: 404 });
    expect((await caps())[GAME]).toBeUndefined();
    expect(await setCap(admin.token, 1000)).toMatchObject({ status: 200, body: { game: GAME, cap: 1000 } });
    expect((await caps())[GAME]).toBe(1000);
  });

  it('a tournament over its game’s cap is refused, created or edited; within it, or once lifted, it goes through', async () => {
    const admin = await adminUser();
    adminToken = admin.token;
    expect((await setCap(admin.token, 1000)).status).toBe(200);
    const host = await verifiedUser();
    const before = (await adminDb.collection('tournaments').where('uid', '==', host.uid).get()).size;
    // 8 × 130 = 1,040 coins: over the cap; nothing is written.
    const over = await createTournament(host.token, { game: GAME, entryFee: 130, size: 8 });
    expect(over).toMatchObject({ status: 409, body: { code: 'prize-over-cap', details: { cap: 1000, pool: 1040 } } });
    expect((await adminDb.collection('tournaments').where('uid', '==', host.uid).get()).size).toBe(before);
    // Free, or another game: no cap applies.
    expect((await createTournament(host.token, { game: GAME, entryFee: 0, size: 32 })).status).toBe(201);
    expect((await createTournament(host.token, { game: 'rocket-league', entryFee: 130, size: 8 })).status).toBe(201);
    // An edit that would pass the cap is refused too, and keeps the tournament as it was.
    const capped = await createTournament(host.token, {
      game: GAME,
      entryFee: 0,
      size: 8,
      startTime: Date.now() + 5 * 86_400_000,
    });
    expect(capped.status).toBe(201);
    const edit = (body: Body) => call<Body>(`/tournaments/${capped.body.id}/edit`, { token: host.token, body });
    expect(await edit({ entryFee: 130 })).toMatchObject({ status: 409, body: { code: 'prize-over-cap' } });
    expect((await adminDb.doc(`tournaments/${capped.body.id}`).get()).get('entryFee')).toBe(0);
    // Lifted: the same tournament goes through.
    expect((await setCap(admin.token, null)).status).toBe(200);
    expect((await caps())[GAME]).toBeUndefined();
    expect(await edit({ entryFee: 130 })).toMatchObject({ status: 200, body: { entryFee: 130 } });
    expect((await createTournament(host.token, { game: GAME, entryFee: 130, size: 8 })).status).toBe(201);
  });
});

/**
 * A publisher's yearly cap per host (issue #58: Riot allows an organiser 10,000 USD of prizes a
 * calendar year): a host's paid League of Legends and VALORANT tournaments count together in the
 * year of their start, each in full while open; one that takes the year past the cap is refused.
 */
const setYearlyCap = (token: string, cap: unknown, publisher = 'riot') =>
  call<Body>(`/admin/tournaments/yearlyPrizeCaps/${publisher}`, { method: 'PUT', token, body: { cap } });
const yearOf = (time: number) => new Date(time).getUTCFullYear();

describe('a publisher’s yearly prize cap per host', () => {
  let adminToken = '';
  afterAll(async () => {
    if (adminToken) await setYearlyCap(adminToken, null);
  });

  it('only a platform admin sets one, and a bad cap or publisher changes nothing', async () => {
    const admin = await adminUser();
    adminToken = admin.token;
    const player = await verifiedUser();
    expect(await setYearlyCap(player.token, 3000)).toMatchObject({ status: 403 });
    expect(await setYearlyCap(admin.token, -1)).toMatchObject({ status: 400 });
    expect(await setYearlyCap(admin.token, 3000, 'valve')).toMatchObject({ status: 404 });
    const settings = async () => (await adminDb.doc('settings/tournaments').get()).data()?.yearlyPrizeCaps ?? {};
    expect((await settings()).riot).toBeUndefined();
    expect(await setYearlyCap(admin.token, 3000)).toMatchObject({
      status: 200,
      body: { publisher: 'riot', cap: 3000 },
    });
    expect((await settings()).riot).toBe(3000);
  });

  it('counts League of Legends and VALORANT together per host and year; a cancelled one frees its part', async () => {
    const admin = await adminUser();
    adminToken = admin.token;
    expect((await setYearlyCap(admin.token, 3000)).status).toBe(200);
    const host = await verifiedUser();
    const paid = (game: string) => createTournament(host.token, { game, entryFee: 130, size: 8 });
    // 8 × 130 = 1,040 each: two fit under 3,000, a third does not, whichever Riot game it is.
    const first = await paid('league-of-legends');
    expect(first.status).toBe(201);
    const second = await paid('valorant');
    expect(second.status).toBe(201);
    const year = yearOf(Number(first.body.startTime));
    const refused = await paid('league-of-legends');
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'prize-over-yearly-cap', details: { cap: 3000, total: 2080, pool: 1040, year } },
    });
    expect((await adminDb.collection('tournaments').where('uid', '==', host.uid).get()).size).toBe(2);
    // Another publisher's game, a free one, and another host are not counted.
    expect((await paid('dota-2')).status).toBe(201);
    expect((await createTournament(host.token, { game: 'valorant', entryFee: 0 })).status).toBe(201);
    const other = await verifiedUser();
    expect((await createTournament(other.token, { game: 'valorant', entryFee: 130, size: 8 })).status).toBe(201);
    // What the year holds for the host: each tournament's full pool, by id.
    const record = (await adminDb.doc(`users/${host.uid}/prize_years/riot_${year}`).get()).data();
    expect(record).toMatchObject({
      uid: host.uid,
      publisher: 'riot',
      year,
      pools: { [first.body.id]: 1040, [second.body.id]: 1040 },
    });
    // Another year's total does not count in this one.
    await adminDb.doc(`users/${host.uid}/prize_years/riot_${year + 1}`).set({
      uid: host.uid,
      publisher: 'riot',
      year: year + 1,
      pools: { elsewhere: 2990 },
    });
    // The host cancels one: it will pay nothing, so the year has room again.
    expect((await call(`/tournaments/${second.body.id}/cancel`, { method: 'POST', token: host.token })).status).toBe(
      200,
    );
    const third = await paid('league-of-legends');
    expect(third.status).toBe(201);
    const after = (await adminDb.doc(`users/${host.uid}/prize_years/riot_${year}`).get()).data()?.pools;
    expect(after).toEqual({ [first.body.id]: 1040, [third.body.id]: 1040 });
  });

  it('an edit that takes the year past the cap is refused and changes nothing; one that lowers it frees room', async () => {
    const admin = await adminUser();
    adminToken = admin.token;
    expect((await setYearlyCap(admin.token, 3000)).status).toBe(200);
    const host = await verifiedUser();
    const first = await createTournament(host.token, { game: 'valorant', entryFee: 130, size: 16 });
    expect(first.status).toBe(201);
    const year = yearOf(Number(first.body.startTime));
    const edit = (body: Body) => call<Body>(`/tournaments/${first.body.id}/edit`, { token: host.token, body });
    // 16 × 270 = 4,320: over 3,000 on its own.
    expect(await edit({ entryFee: 270 })).toMatchObject({ status: 409, body: { code: 'prize-over-yearly-cap' } });
    expect((await adminDb.doc(`tournaments/${first.body.id}`).get()).get('entryFee')).toBe(130);
    expect((await adminDb.doc(`users/${host.uid}/prize_years/riot_${year}`).get()).get('pools')).toEqual({
      [first.body.id]: 2080,
    });
    // 2,080 of 3,000 used: 1,040 more does not fit, until the first is made smaller.
    expect((await createTournament(host.token, { game: 'valorant', entryFee: 130, size: 8 })).status).toBe(409);
    expect(await edit({ size: 8 })).toMatchObject({ status: 200 });
    expect((await createTournament(host.token, { game: 'valorant', entryFee: 130, size: 8 })).status).toBe(201);
    // Made free, it leaves the year.
    expect(await edit({ entryFee: 0 })).toMatchObject({ status: 200 });
    const pools = (await adminDb.doc(`users/${host.uid}/prize_years/riot_${year}`).get()).get('pools') as Body;
    expect(pools[first.body.id]).toBeUndefined();
  });

  it('two creations at once that fit only one: exactly one goes through', async () => {
    const admin = await adminUser();
    adminToken = admin.token;
    expect((await setYearlyCap(admin.token, 1500)).status).toBe(200);
    for (let round = 0; round < 3; round += 1) {
      const host = await verifiedUser();
      const answers = await Promise.all(
        ['league-of-legends', 'valorant'].map((game) => createTournament(host.token, { game, entryFee: 130, size: 8 })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect((await adminDb.collection('tournaments').where('uid', '==', host.uid).get()).size).toBe(1);
    }
  });
});
