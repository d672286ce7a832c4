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
