import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  API,
  adminDb,
  call,
  dayAhead,
  fundsOf,
  idempotencyRecord,
  newUser,
  tournamentBody,
  verifiedUser,
  type Body,
} from './helpers';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A valid creation body; each test overrides what it is about. */
const tournamentInput = (overrides: Body = {}): Body =>
  tournamentBody({
    entryFee: 130,
    name: `Friday Night Frags ${randomUUID().slice(0, 6)}`,
    description: 'Best of one, maps picked by the higher seed. Be on time.',
    rules: 'No cheats. Screenshots of every result.',
    ...overrides,
  });

const create = (token: string, overrides: Body = {}) =>
  call<Body>('/tournaments/create', { token, body: tournamentInput(overrides) });
const join = (token: string, id: string) => call<Body>(`/tournaments/${id}/join`, { token, body: {} });
const act = (token: string, id: string, action: string, body: Body = {}) =>
  call<Body>(`/tournaments/${id}/${action}`, { token, body });
const sweep = (now: number, tournaments: string[]) => call<Body>('/internal/sweep', { body: { now, tournaments } });
const tournamentOf = async (id: string) => (await adminDb.doc(`tournaments/${id}`).get()).data() as Body;
const notificationsOf = async (uid: string, type: string) =>
  (await adminDb.collection(`users/${uid}/notifications`).where('type', '==', type).get()).docs.map((doc) =>
    doc.data(),
  );
/** Retries a command while the server answers `busy` (lost a race after its retries), like a client would. */
async function persist(send: () => Promise<{ status: number; body: Body }>) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await send();
    if (answer.body.code !== 'busy' || attempt === 20) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400));
  }
}

async function uploadCover(token: string, data: Buffer, contentType = 'image/png') {
  const response = await fetch(`${API}/uploads/cover`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
    body: new Uint8Array(data),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

describe('POST /tournaments/create', () => {
  it('creates an OPEN tournament with a stored cover, and the host owns it', async () => {
    const host = await verifiedUser();
    const image = await sharp({ create: { width: 1600, height: 1013, channels: 3, background: '#aa3355' } })
      .png()
      .toBuffer();
    const cover = await uploadCover(host.token, image);
    expect(cover.status).toBe(201);
    expect(cover.body.path).toMatch(new RegExp(`^tournaments/images/${host.uid}/`));
    expect(cover.body.width).toBe(1280);

    const answer = await create(host.token, { coverImage: { name: cover.body.path, x: 30, y: 70 } });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      state: 'OPEN',
      uid: host.uid,
      owner: { uid: host.uid, displayName: host.displayName },
      participantCount: 0,
      spotsLeft: 8,
      prizePool: 0,
      coverImage: {
        name: cover.body.path,
        x: 30,
        y: 70,
        downloadUrl: expect.stringContaining(String(cover.body.path)),
      },
      coverPlaceholder: 'valorant',
      platforms: { PC: true, PS5: false },
    });
    expect(await tournamentOf(answer.body.id as string)).toMatchObject({ state: 'OPEN', name: answer.body.name });
    // The stored cover is served as an image.
    const served = await fetch(`${API}/blobs/${String(cover.body.path)}`);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('refuses every bad field of SPEC §5 and writes nothing', async () => {
    const host = await verifiedUser();
    const soon = Date.now() + DAY;
    const cases: [Body, string][] = [
      [{ name: '  ab  ' }, 'name'],
      [{ name: 'x'.repeat(76) }, 'name'],
      [{ description: 'Too short.' }, 'description'],
      [{ description: 'x'.repeat(451) }, 'description'],
      [{ rules: '   ' }, 'rules'],
      [{ startTime: Date.now() - HOUR }, 'startTime'],
      [{ startTime: Date.now() + 400 * DAY }, 'startTime'],
      [{ game: 'chess' }, 'game'],
      [{ region: 'NA' }, 'region'],
      [{ platform: [] }, 'platform'],
      [{ platform: ['PC', 'PC'] }, 'platform'],
      [{ platform: ['N64'] }, 'platform[0]'],
      [{ size: 12 }, 'size'],
      [{ entryFee: 100 }, 'entryFee'],
      [{ gameFormat: 'TEAM', teamSize: 3, entryFee: 130 }, 'entryFee'],
      [{ gameFormat: 'TEAM', teamSize: 7, entryFee: 0 }, 'teamSize'],
      [{ gameFormat: 'SOLO', teamSize: 2 }, 'teamSize'],
      [{ game: 'fortnite', entryFee: 270 }, 'entryFee'],
      [{ bracket: 'ELIMINATION', payoutStructure: 'top-3' }, 'payoutStructure'],
      [{ terms: false }, 'terms'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ coverImage: { name: 'x.png', x: 101, y: 50 } }, 'coverImage.x'],
    ];
    for (const [overrides, field] of cases) {
      const answer = await create(host.token, { startTime: soon, ...overrides });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect((answer.body.fields as Body)[field], JSON.stringify(answer.body)).toBeDefined();
    }
    // A missing or unknown game says to choose one (it said "This field is required" or "Choose one of the options").
    for (const game of ['', 'chess'])
      expect((await create(host.token, { startTime: soon, game })).body).toMatchObject({
        fields: { game: 'tournaments.errors.pick-game' },
      });
    // POINTS allows top-3; a cover that was never uploaded is refused.
    expect((await create(host.token, { bracket: 'POINTS', payoutStructure: 'top-3' })).status).toBe(201);
    const noCover = await create(host.token, {
      coverImage: { name: `tournaments/images/${host.uid}/nope.png`, x: 50, y: 50 },
    });
    expect(noCover).toMatchObject({ status: 400, body: { code: 'cover-missing' } });
    const count = await adminDb.collection('tournaments').where('uid', '==', host.uid).count().get();
    expect(count.data().count).toBe(1);
  });

  it('needs a verified e-mail, and a cover must be an image', async () => {
    const unverified = await newUser();
    expect(await create(unverified.token)).toMatchObject({ status: 403, body: { code: 'email-not-verified' } });
    const host = await verifiedUser();
    expect(
      (await uploadCover(host.token, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).status,
    ).toBe(415);
    expect((await uploadCover(host.token, Buffer.from('GIF89a'), 'text/html')).status).toBe(415);
  });

  it('allows one free tournament per local start day, and paid ones any day', async () => {
    const host = await verifiedUser();
    // 10:00 and 23:30 in Johannesburg (UTC+2 all year) on one day, 00:30 the next.
    const free = (startTime: number, entryFee = 0) =>
      create(host.token, { entryFee, startTime, timeZone: 'Africa/Johannesburg' });
    const base = dayAhead(20, 8);
    const first = await free(base);
    expect(first.status).toBe(201);
    expect(first.body.freeStartDay).toBe(isoDay(base));
    expect(await free(base + 13.5 * HOUR)).toMatchObject({ status: 409, body: { code: 'free-day-taken' } });
    expect((await free(base + 14.5 * HOUR)).status).toBe(201);
    expect((await free(base + HOUR, 130)).status).toBe(201);
    // Racing creations for one free day: exactly one wins.
    const day = dayAhead(40, 12);
    const race = await Promise.all(Array.from({ length: 5 }, () => persist(() => free(day))));
    expect(race.filter((answer) => answer.status === 201)).toHaveLength(1);
    // Cancelling the free tournament frees its day.
    const id = first.body.id as string;
    expect((await act(host.token, id, 'cancel')).status).toBe(200);
    expect((await free(base + 2 * HOUR)).status).toBe(201);
  });

  it("judges a free start's day in the zone it is made in, against claims made in other zones", async () => {
    const host = await verifiedUser();
    // 04:00 UTC: 20:00 (21:00 in summer) the day before in Los Angeles, 16:00 or 17:00 in Auckland (walk AH).
    const evening = dayAhead(20, 4);
    const laDay = isoDay(evening - DAY);
    const la = await create(host.token, { entryFee: 0, startTime: evening, timeZone: 'America/Los_Angeles' });
    expect(la.body.freeStartDay).toBe(laDay);
    // The same host an hour later, from Auckland: the same Wednesday there.
    expect(
      await create(host.token, { entryFee: 0, startTime: evening + HOUR, timeZone: 'Pacific/Auckland' }),
    ).toMatchObject({ status: 409, body: { code: 'free-day-taken' } });
    expect(
      (await create(host.token, { entryFee: 0, startTime: evening + DAY, timeZone: 'Pacific/Auckland' })).status,
    ).toBe(201);
    // Its own start moved within its day is no second one, and the claim keeps the start.
    const id = la.body.id as string;
    expect((await act(host.token, id, 'edit', { startTime: evening - 2 * HOUR })).status).toBe(200);
    const claim = await adminDb.doc(`users/${host.uid}/free_starts/${laDay}`).get();
    expect(claim.get('startTime')).toBe(evening - 2 * HOUR);
  });

  it('makes one tournament for one Idempotency-Key: sent again, or twice at once, it answers the one made', async () => {
    const host = await verifiedUser();
    const keyed = (key: string, body: Body) =>
      call<Body>('/tournaments/create', { token: host.token, body, headers: { 'Idempotency-Key': key } });
    const madeBy = async (name: unknown) =>
      (await adminDb.collection('tournaments').where('uid', '==', host.uid).where('name', '==', name).get()).size;
    // The wizard's answer lost on the way (walk AH): Create pressed again sends the same key and body.
    const body = tournamentInput();
    const key = randomUUID();
    const first = await keyed(key, body);
    expect(first.status).toBe(201);
    const again = await keyed(key, body);
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id } });
    expect(await madeBy(body.name)).toBe(1);
    // Pressed twice at once: one tournament, and neither answer a failure but "still in progress".
    const twice = tournamentInput();
    const both = await Promise.all([keyed('twice-' + key, twice), keyed('twice-' + key, twice)]);
    expect(await madeBy(twice.name)).toBe(1);
    for (const answer of both)
      if (answer.status !== 201) expect(answer.body).toMatchObject({ code: 'idempotency-key-in-progress' });
    // A changed form under the same key is another request. Bad input is refused before the key is
    // looked at (a key read first would answer 422, as above); a refusal lets the key go.
    expect(await keyed(key, { ...body, name: `${String(body.name)} II` })).toMatchObject({
      status: 422,
      body: { code: 'idempotency-key-reused' },
    });
    expect((await keyed(key, { ...body, size: 5 })).status).toBe(400);
    // A second free one that day is refused, and its key let go: the corrected form goes through with it.
    const start = dayAhead(30, 12);
    expect((await keyed(randomUUID(), tournamentInput({ entryFee: 0, startTime: start }))).status).toBe(201);
    const refused = randomUUID();
    expect(await keyed(refused, tournamentInput({ entryFee: 0, startTime: start + HOUR }))).toMatchObject({
      status: 409,
      body: { code: 'free-day-taken' },
    });
    expect((await idempotencyRecord(host.uid, 'tournament-create', refused)).exists).toBe(false);
    expect((await keyed(refused, tournamentInput({ entryFee: 0, startTime: start + 3 * DAY }))).status).toBe(201);
  });
});

describe('browse: GET /searchTournaments', () => {
  it('filters, counts, sorts and pages through tournaments', async () => {
    const host = await verifiedUser();
    const word = `zq${randomUUID().slice(0, 6)}`;
    const start = Date.now() + 5 * DAY;
    const made = [
      { game: 'valorant', region: 'EU', platform: ['PC'], entryFee: 130, startTime: start + 1 * HOUR },
      { game: 'valorant', region: 'GLOB', platform: ['PC', 'PS5'], entryFee: 0, startTime: start + 2 * HOUR },
      { game: 'fifa', region: 'EU', platform: ['PS5'], entryFee: 270, startTime: start + 3 * HOUR },
      {
        game: 'fifa',
        region: 'EU',
        platform: ['PS5'],
        entryFee: 0,
        startTime: start + 30 * HOUR,
        gameFormat: 'TEAM',
        teamSize: 2,
      },
      {
        game: 'dota-2',
        region: 'GLOB',
        platform: ['PC'],
        entryFee: 590,
        startTime: start + 4 * HOUR,
        bracket: 'POINTS',
        payoutStructure: 'top-3',
      },
      ...Array.from({ length: 7 }, (_, index) => ({
        game: 'csgo',
        entryFee: 1260,
        startTime: start + (5 + index) * HOUR,
      })),
    ];
    const ids: string[] = [];
    for (const [index, overrides] of made.entries()) {
      const answer = await create(host.token, { name: `${word} Cup ${index}`, ...overrides });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      ids.push(answer.body.id as string);
    }
    const search = (query: Record<string, string | number | boolean>) =>
      call<{ total: { value: number }; hits: { _id: string; _source: Body }[] }>(
        `/searchTournaments?${new URLSearchParams(Object.entries({ name: word, ...query }).map(([k, v]): [string, string] => [k, String(v)]))}`,
      );

    const all = await search({});
    expect(all.status).toBe(200);
    expect(all.body.total.value).toBe(12);
    expect(all.body.hits).toHaveLength(8);
    // Default order: start time, soonest first.
    expect(all.body.hits.map((hit) => hit._id).slice(0, 3)).toEqual([ids[0], ids[1], ids[2]]);
    const next = await search({ after: all.body.hits[7]!._id });
    expect(next.body.hits).toHaveLength(4);
    expect(new Set([...all.body.hits, ...next.body.hits].map((hit) => hit._id)).size).toBe(12);
    expect((await search({ from: 8 })).body.hits.map((hit) => hit._id)).toEqual(next.body.hits.map((hit) => hit._id));

    const ids_ = async (query: Record<string, string | number | boolean>) =>
      (await search({ pageSize: 20, ...query })).body.hits.map((hit) => hit._id);
    expect(await ids_({ game: 'valorant' })).toEqual([ids[0], ids[1]]);
    expect(await ids_({ region: 'GLOB', game: 'valorant' })).toEqual([ids[1]]);
    expect(await ids_({ platform: 'PS5' })).toEqual([ids[1], ids[2], ids[3]]);
    expect(await ids_({ platform: 'PS5', entryFee: 0 })).toEqual([ids[1], ids[3]]);
    expect(await ids_({ gameFormat: 'TEAM' })).toEqual([ids[3]]);
    expect(await ids_({ bracket: 'POINTS', region: 'GLOB', platform: 'PC', game: 'dota-2', entryFee: 590 })).toEqual([
      ids[4],
    ]);
    expect(await ids_({ region: 'NA' })).toEqual([]);
    expect(await ids_({ orderBy: 'entryFee', orderByType: 'desc', game: 'fifa' })).toEqual([ids[2], ids[3]]);
    expect((await ids_({ orderBy: 'startTime', orderByType: 'desc' }))[0]).toBe(ids[3]);
    expect((await ids_({ orderBy: 'created', orderByType: 'desc' }))[0]).toBe(ids[11]);
    // A prefix of a word finds it; archived tournaments only when asked for.
    expect((await search({ name: word.slice(0, 5), pageSize: 20 })).body.total.value).toBeGreaterThanOrEqual(12);
    // Several words are a phrase: in that order, the last a prefix ("1" of "1", "10" and "11").
    expect((await search({ name: `${word.toUpperCase()}  Cup`, pageSize: 20 })).body.total.value).toBe(12);
    expect(await ids_({ name: `${word} cup 1` })).toEqual([ids[1], ids[10], ids[11]]);
    expect(await ids_({ name: `cup ${word}` })).toEqual([]);
    expect(await ids_({ name: `${word} 1` })).toEqual([]);
    await act(host.token, ids[0]!, 'cancel');
    expect(await ids_({ game: 'valorant' })).toEqual([ids[1]]);
    expect(await ids_({ game: 'valorant', showArchived: true })).toEqual([ids[0], ids[1]]);

    const bads: Record<string, string | number>[] = [
      { game: 'chess' },
      { region: 'MOON' },
      { orderBy: 'hack' },
      { pageSize: 500 },
      { from: -1 },
      { entryFee: 99 },
    ];
    for (const bad of bads) {
      const answer = await search(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('name search tokens from before phrases', () => {
  it('are given the phrases by the backfill (npm run migrate), once', async () => {
    const host = await verifiedUser();
    const word = `zw${randomUUID().slice(0, 6)}`;
    const made = await create(host.token, { name: `${word} Winter Brawl` });
    const id = made.body.id as string;
    const search = async (name: string) =>
      (await call<{ hits: { _id: string }[] }>(`/searchTournaments?name=${encodeURIComponent(name)}`)).body.hits.map(
        (hit) => hit._id,
      );
    expect(await search(`${word} winter br`)).toEqual([id]);
    // As a tournament made before 2026-11-28 has them: each word's prefixes only.
    await adminDb.doc(`tournaments/${id}`).update({
      nameTokens: [word, 'wi', 'win', 'wint', 'winte', 'winter', 'br', 'bra', 'braw', 'brawl'],
    });
    expect(await search(`${word} winter br`)).toEqual([]);
    const { backfillNameTokens } = await import('../src/tournaments/search');
    expect((await backfillNameTokens()).updated).toBeGreaterThanOrEqual(1);
    expect(await search(`${word} winter br`)).toEqual([id]);
    expect((await backfillNameTokens()).updated).toBe(0);
  });
});

describe('joining and leaving (SOLO)', () => {
  it('holds the fee, tells the host and the player, refunds on leave', async () => {
    const host = await verifiedUser();
    const player = await verifiedUser(500);
    const { body } = await create(host.token);
    const id = body.id as string;

    const joined = await join(player.token, id);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ participantCount: 1, spotsLeft: 7, prizePool: 130 });
    expect(await fundsOf(player.uid)).toBe(370);
    expect(await tournamentOf(id)).toMatchObject({
      participants: [{ id: player.uid, kind: 'PLAYER', displayName: player.displayName, checkedIn: false }],
      memberUids: [player.uid],
    });
    expect(await notificationsOf(host.uid, 'USER_JOINED_ADMIN_TOURNAMENT')).toHaveLength(1);
    expect(await notificationsOf(player.uid, 'JOIN_TOURNAMENT')).toHaveLength(1);
    expect(await join(player.token, id)).toMatchObject({ status: 409, body: { code: 'already-joined' } });

    expect((await act(player.token, id, 'leave')).status).toBe(200);
    expect(await fundsOf(player.uid)).toBe(500);
    expect(await tournamentOf(id)).toMatchObject({ participantCount: 0, prizePool: 0, memberUids: [] });
    // The host hears of the leave too (record 163), gathered per day as the joins are.
    expect(await notificationsOf(host.uid, 'USER_LEFT_ADMIN_TOURNAMENT')).toMatchObject([
      { tournament: { id }, users: [{ uid: player.uid, displayName: player.displayName }], people: 1, viewed: false },
    ]);
    // The player's coin history names the tournament on the fee and its refund.
    const name = (await tournamentOf(id)).name as string;
    const history = await adminDb.collection('ledger').where('uid', '==', player.uid).get();
    expect(history.docs.map((doc) => [doc.data().reason, doc.data().title]).sort()).toEqual([
      ['escrow-hold', name],
      ['escrow-refund', name],
      ['test-grant', undefined],
    ]);
    const escrow = await adminDb.collection('escrows').where('purpose', '==', `tournament:${id}`).get();
    expect(escrow.docs[0]!.data()).not.toHaveProperty('title');
    expect(await act(player.token, id, 'leave')).toMatchObject({ status: 409, body: { code: 'not-joined' } });
    // Joining again holds the fee again, once.
    expect((await join(player.token, id)).status).toBe(200);
    expect(await fundsOf(player.uid)).toBe(370);
  });

  it('refuses the poor, the unverified, a team tournament and a missing one', async () => {
    const host = await verifiedUser();
    const { body } = await create(host.token, { entryFee: 590 });
    const poor = await verifiedUser(100);
    expect(await join(poor.token, body.id as string)).toMatchObject({
      status: 409,
      body: { code: 'not-enough-coins', details: { needed: 590, funds: 100 } },
    });
    expect(await fundsOf(poor.uid)).toBe(100);
    const unverified = await newUser();
    expect((await join(unverified.token, body.id as string)).status).toBe(403);
    const team = await create(host.token, { gameFormat: 'TEAM', teamSize: 2, entryFee: 0 });
    expect(await join(poor.token, team.body.id as string)).toMatchObject({
      status: 409,
      body: { code: 'team-tournament' },
    });
    expect((await join(poor.token, 'nope')).status).toBe(404);
    // The host may play in their own tournament.
    const rich = await verifiedUser();
    const free = await create(rich.token, { entryFee: 0 });
    expect((await join(rich.token, free.body.id as string)).status).toBe(200);
  });

  it('33 players racing for 32 places: exactly 32 in, one refused, each fee held once', async () => {
    const host = await verifiedUser();
    const { body } = await create(host.token, { size: 32, entryFee: 130 });
    const id = body.id as string;
    const players = await Promise.all(Array.from({ length: 33 }, () => verifiedUser(130)));
    const started = Date.now();
    const answers = await Promise.all(players.map((player) => persist(() => join(player.token, id))));
    console.log(`33 joins racing: ${Date.now() - started} ms`, answers.map((answer) => answer.status).join(','));
    const codes = answers.map((answer) => answer.status);
    expect(codes.filter((status) => status === 200)).toHaveLength(32);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.body.code).toBe('tournament-full');
    const tournament = await tournamentOf(id);
    expect(tournament).toMatchObject({ participantCount: 32, spotsLeft: 0, prizePool: 32 * 130 });
    const funds = await Promise.all(players.map((player) => fundsOf(player.uid)));
    expect(funds.filter((value) => value === 0)).toHaveLength(32);
    expect(funds.filter((value) => value === 130)).toHaveLength(1);
    const held = await adminDb.collection('escrows').where('purpose', '==', `tournament:${id}`).get();
    expect(held.size).toBe(32);
  });
});

describe("a join's reads guessed from the tournament as the host last read it", () => {
  it('holds the fee the tournament asks now, whatever the host last saw', async () => {
    const host = await verifiedUser();
    const [first, second, third] = await Promise.all([verifiedUser(500), verifiedUser(500), verifiedUser(500)]);
    const { body } = await create(host.token, { size: 8, entryFee: 0 });
    const id = body.id as string;
    expect((await join(first.token, id)).status).toBe(200); // the host has read it free
    // Paid now, as another instance's edit could have left it: the join reads the fee's documents after all.
    await adminDb.doc(`tournaments/${id}`).update({ entryFee: 130 });
    expect((await join(second.token, id)).status).toBe(200);
    // Free again: the guessed fee reads are not needed, and nothing is held.
    await adminDb.doc(`tournaments/${id}`).update({ entryFee: 0 });
    expect((await join(third.token, id)).status).toBe(200);
    expect(await Promise.all([first, second, third].map((player) => fundsOf(player.uid)))).toEqual([500, 370, 500]);
    const held = await adminDb.collection('escrows').where('purpose', '==', `tournament:${id}`).get();
    expect(held.docs.map((doc) => doc.get('uid'))).toEqual([second.uid]);
    // The host cancels: the one fee held goes back, and nothing else moves.
    expect((await call(`/tournaments/${id}/cancel`, { token: host.token, body: {} })).status).toBe(200);
    expect(await Promise.all([first, second, third].map((player) => fundsOf(player.uid)))).toEqual([500, 500, 500]);
  });
});

describe('joins combined in one process (group commit)', () => {
  it('33 joins at once are combined; a player short of coins fails alone and the next takes the place', async () => {
    const { joinTournament } = await import('../src/tournaments/joining');
    const host = await verifiedUser();
    const { body } = await create(host.token, { size: 32, entryFee: 130 });
    const id = body.id as string;
    const poor = await verifiedUser(100);
    const rich = await Promise.all(Array.from({ length: 33 }, () => verifiedUser(130)));
    // The poor player arrives among the first 32; the 33rd rich one gets the place they cannot pay for.
    const order = [...rich.slice(0, 5), poor, ...rich.slice(5)];
    const now = Date.now();
    const answers = await Promise.allSettled(order.map((player) => joinTournament(player.uid, id, now)));
    const refusedCodes = answers.flatMap((answer) =>
      answer.status === 'rejected' ? [(answer.reason as { code?: string }).code] : [],
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(32);
    expect(refusedCodes.sort()).toEqual(['not-enough-coins', 'tournament-full']);
    expect(answers[5]).toMatchObject({ status: 'rejected', reason: { code: 'not-enough-coins' } });
    expect(await fundsOf(poor.uid)).toBe(100);
    const tournament = await tournamentOf(id);
    expect(tournament).toMatchObject({ participantCount: 32, prizePool: 32 * 130 });
    expect(new Set(tournament.memberUids as string[]).has(rich[32]!.uid)).toBe(false);
    expect(new Set(tournament.memberUids as string[]).has(rich[31]!.uid)).toBe(true);
    // The host hears about the newcomers in one notice gathering all 32, not 32 notices.
    expect(await notificationsOf(host.uid, 'USER_JOINED_ADMIN_TOURNAMENT')).toMatchObject([
      { people: 32, viewed: false },
    ]);
  });

  it('the host’s join notices gather per tournament and day while unread, then start again', async () => {
    const host = await verifiedUser();
    const [first, second, third, fourth] = await Promise.all(Array.from({ length: 4 }, () => verifiedUser(500)));
    const { body } = await create(host.token);
    const id = body.id as string;
    for (const player of [first, second, third]) expect((await join(player!.token, id)).status).toBe(200);
    const [gathered] = await notificationsOf(host.uid, 'USER_JOINED_ADMIN_TOURNAMENT');
    expect(gathered).toMatchObject({
      people: 3,
      users: [third, second, first].map((player) => ({ uid: player!.uid, displayName: player!.displayName })),
      tournament: { id },
    });
    const [notice] = (
      await adminDb
        .collection(`users/${host.uid}/notifications`)
        .where('type', '==', 'USER_JOINED_ADMIN_TOURNAMENT')
        .get()
    ).docs;
    await call('/notifications/markAsViewed', { token: host.token, body: { notifications: [notice!.id] } });
    expect((await join(fourth!.token, id)).status).toBe(200);
    const notices = await notificationsOf(host.uid, 'USER_JOINED_ADMIN_TOURNAMENT');
    expect(notices.sort((a, b) => (a.createdAt as number) - (b.createdAt as number))).toMatchObject([
      { viewed: true, people: 3 },
      { viewed: false, people: 1, users: [{ uid: fourth!.uid }] },
    ]);
  });
});

/** A tournament starting soon with `count` paid players joined; returns them. */
async function startingSoon(count: number, overrides: Body = {}) {
  const host = await verifiedUser();
  const startTime = Date.now() + 20 * 60_000;
  const created = await create(host.token, { startTime, ...overrides });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const players = await Promise.all(Array.from({ length: count }, () => verifiedUser(1000)));
  for (const player of players) expect((await join(player.token, id)).status).toBe(200);
  return { host, id, players, startTime };
}

describe('check-in and the start', () => {
  it('check-in is open in the 30 minutes before the start; joining then checks in', async () => {
    const host = await verifiedUser();
    const early = await create(host.token, { startTime: Date.now() + 2 * HOUR });
    const player = await verifiedUser(500);
    await join(player.token, early.body.id as string);
    expect(await act(player.token, early.body.id as string, 'checkIn')).toMatchObject({
      status: 409,
      body: { code: 'check-in-closed' },
    });
    const [notice] = await notificationsOf(player.uid, 'JOIN_TOURNAMENT');
    expect(notice).not.toHaveProperty('reasoning');
    const { id, players } = await startingSoon(1);
    expect((await tournamentOf(id)).participants).toMatchObject([{ checkedIn: true }]);
    // Its notice says so rather than asking for a check-in.
    expect(await notificationsOf(players[0]!.uid, 'JOIN_TOURNAMENT')).toMatchObject([{ reasoning: 'checked-in' }]);
    expect((await act(players[0]!.token, id, 'checkIn')).status).toBe(200);
  });

  it('with 3 checked-in players the start cancels and refunds everyone', async () => {
    const { id, players, startTime, host } = await startingSoon(3);
    expect((await sweep(startTime - 1000, [id])).body).toMatchObject({ tournamentsStarted: 0 });
    expect((await sweep(startTime, [id])).body).toMatchObject({ tournamentsNotStarted: 1 });
    expect(await tournamentOf(id)).toMatchObject({
      state: 'CANCELLED',
      archived: true,
      cancelReason: 'too-few-players',
    });
    for (const player of players) {
      expect(await fundsOf(player.uid)).toBe(1000);
      expect(await notificationsOf(player.uid, 'TOURNAMENT_CANCELLED')).toHaveLength(1);
    }
    expect(await notificationsOf(host.uid, 'TOURNAMENT_CANCELLED')).toHaveLength(1);
    expect((await sweep(startTime + 1000, [id])).body).toMatchObject({
      tournamentsStarted: 0,
      tournamentsNotStarted: 0,
    });
  });

  it('with 5 checked-in players it seeds them, builds the bracket and drops the no-show', async () => {
    const { id, players, startTime } = await startingSoon(6);
    // One player joined before check-in opened and never checked in: simulate by un-checking.
    const doc = adminDb.doc(`tournaments/${id}`);
    const participants = ((await doc.get()).get('participants') as Body[]).map((entrant, index) =>
      index === 5 ? { ...entrant, checkedIn: false } : entrant,
    );
    await doc.update({ participants });
    // Trophies decide the seeds (as if earned: restored below, so check:stats still rebuilds them).
    await adminDb.doc(`users/${players[3]!.uid}`).update({ trophies: 50 });
    const fourth = participants[3]!;
    await doc.update({
      participants: participants.map((entrant) => (entrant === fourth ? { ...entrant, trophies: 50 } : entrant)),
    });

    expect((await sweep(startTime, [id])).body).toMatchObject({ tournamentsStarted: 1 });
    const tournament = await tournamentOf(id);
    expect(tournament).toMatchObject({
      state: 'ONGOING',
      participantCount: 5,
      prizePool: 5 * 130,
      chat: { id: expect.any(String) },
    });
    expect((tournament.seeds as string[])[0]).toBe(players[3]!.uid);
    expect(tournament.seeds).toHaveLength(5);
    await adminDb.doc(`users/${players[3]!.uid}`).update({ trophies: 0 });
    expect(await fundsOf(players[5]!.uid)).toBe(1000);
    expect(await fundsOf(players[0]!.uid)).toBe(870);
    const bracket = (await adminDb.doc(`tournaments/${id}/bracket/state`).get()).data() as Body;
    expect(bracket.version).toBe(1);
    const matches = (await adminDb.collection(`tournaments/${id}/matches`).get()).docs.map((m) => m.data());
    expect(matches).toHaveLength(7);
    // 5 players in 8 slots: three byes, one match to play in round 1, the top seed waits.
    expect(matches.filter((m) => m.round === 1 && m.state === 'BYE')).toHaveLength(3);
    expect(matches.filter((m) => m.round === 1 && m.state === 'READY')).toHaveLength(1);
    expect(await join((await verifiedUser(500)).token, id)).toMatchObject({
      status: 409,
      body: { code: 'tournament-not-open' },
    });
  });

  it('a POINTS tournament starts with a points table', async () => {
    const { id, startTime } = await startingSoon(4, { bracket: 'POINTS', payoutStructure: 'top-3' });
    await sweep(startTime, [id]);
    const points = await adminDb.collection(`tournaments/${id}/points`).get();
    expect(points.size).toBe(4);
    expect(points.docs[0]!.data()).toMatchObject({ rounds: [], total: 0 });
  });
});

describe('host powers and the inactivity clock', () => {
  it('the host edits and participants are told; paid-for fields are fixed once someone joined', async () => {
    const host = await verifiedUser();
    const { body } = await create(host.token);
    const id = body.id as string;
    expect((await act(host.token, id, 'edit', { size: 16 })).body).toMatchObject({ size: 16, spotsLeft: 16 });
    const player = await verifiedUser(500);
    await join(player.token, id);
    const stranger = await verifiedUser();
    expect(await act(stranger.token, id, 'edit', { name: 'Hijacked name' })).toMatchObject({ status: 403 });
    expect(await act(host.token, id, 'edit', { entryFee: 270 })).toMatchObject({
      status: 409,
      body: { code: 'tournament-locked' },
    });
    expect(await act(host.token, id, 'edit', { description: 'short' })).toMatchObject({ status: 400 });
    const edited = await act(host.token, id, 'edit', { name: 'Renamed Cup', rules: 'New rules apply.' });
    expect(edited.body).toMatchObject({ name: 'Renamed Cup', nameTokens: expect.arrayContaining(['renamed']) });
    // The notice names what changed, under the new name.
    expect(await notificationsOf(player.uid, 'TOURNAMENT_EDITED')).toMatchObject([
      { tournament: { id, name: 'Renamed Cup' }, changed: ['name', 'rules'] },
    ]);
    // A moved start is told with its new time (record 182).
    const moved = (edited.body.startTime as number) + 60 * 60_000;
    expect(await act(host.token, id, 'edit', { startTime: moved })).toMatchObject({ status: 200 });
    expect(await notificationsOf(player.uid, 'TOURNAMENT_EDITED')).toContainEqual(
      expect.objectContaining({ changed: ['startTime'], startTime: moved }),
    );
  });

  it('the host cancels: every fee refunded, everyone told', async () => {
    const host = await verifiedUser();
    const { body } = await create(host.token, { entryFee: 270 });
    const id = body.id as string;
    const players = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    for (const player of players) await join(player.token, id);
    expect(await act(players[0]!.token, id, 'cancel')).toMatchObject({ status: 403 });
    // A word to the players is checked before anything moves (record 162).
    expect(await act(host.token, id, 'cancel', { reasoning: 'x'.repeat(451) })).toMatchObject({
      status: 400,
      body: { fields: { reasoning: 'tournaments.errors.text-too-long' } },
    });
    expect(await tournamentOf(id)).toMatchObject({ state: 'OPEN' });
    const why = 'The server is down all week.';
    const cancels = await Promise.all([
      act(host.token, id, 'cancel', { reasoning: `  ${why} ` }),
      act(host.token, id, 'cancel', { reasoning: why }),
    ]);
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await tournamentOf(id)).toMatchObject({ state: 'CANCELLED', cancelReason: 'host', cancelNote: why });
    for (const player of players) {
      expect(await fundsOf(player.uid)).toBe(300);
      expect(await notificationsOf(player.uid, 'TOURNAMENT_CANCELLED')).toMatchObject([
        { reasoning: 'host', payout: 270, note: why },
      ]);
    }
  });

  it('a cancel without a word (or only spaces) tells the players no note', async () => {
    const host = await verifiedUser();
    const ids = await Promise.all([0, 1].map(async () => (await create(host.token)).body.id as string));
    const player = await verifiedUser(1000);
    for (const id of ids) await join(player.token, id);
    // An older page's cancel sends no body at all.
    expect((await call(`/tournaments/${ids[0]}/cancel`, { method: 'POST', token: host.token })).status).toBe(200);
    expect((await act(host.token, ids[1]!, 'cancel', { reasoning: '   ' })).status).toBe(200);
    for (const id of ids) expect(await tournamentOf(id)).toMatchObject({ state: 'CANCELLED', cancelNote: null });
    const notices = await notificationsOf(player.uid, 'TOURNAMENT_CANCELLED');
    expect(notices).toHaveLength(2);
    for (const notice of notices) expect(notice).not.toHaveProperty('note');
  });

  it('warns the host 24 h before timing out, extends by 24 h, cancels and refunds at timesOut', async () => {
    const { id, players, startTime, host } = await startingSoon(4);
    await sweep(startTime, [id]);
    const timesOut = (await tournamentOf(id)).timesOut as number;
    expect(timesOut).toBe(startTime + 2 * DAY);
    expect(await act(host.token, id, 'extend')).toMatchObject({ status: 409, body: { code: 'not-timing-out' } });
    expect((await sweep(timesOut - DAY - 1000, [id])).body).toMatchObject({ tournamentsWarned: 0 });
    expect((await sweep(timesOut - DAY, [id])).body).toMatchObject({ tournamentsWarned: 1 });
    expect((await sweep(timesOut - DAY + 1000, [id])).body).toMatchObject({ tournamentsWarned: 0 });
    expect(await notificationsOf(host.uid, 'ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED')).toHaveLength(1);

    // The page's Extend acts at the server's now, which is before this test's simulated warning time:
    // move the clock of the tournament instead, so the extension is due now.
    await adminDb.doc(`tournaments/${id}`).update({ timesOut: Date.now() + HOUR });
    const extended = await act(host.token, id, 'extend');
    expect(extended.status).toBe(200);
    const newTimesOut = extended.body.timesOut as number;
    expect(newTimesOut).toBeGreaterThanOrEqual(Date.now() + HOUR + DAY - 60_000);
    expect(extended.body.warnedAt).toBeNull();

    expect((await sweep(newTimesOut, [id])).body).toMatchObject({ tournamentsTimedOut: 1 });
    expect(await tournamentOf(id)).toMatchObject({ state: 'CANCELLED', cancelReason: 'inactivity' });
    for (const player of players) expect(await fundsOf(player.uid)).toBe(1000);
  });
});

describe("Riot's licence for a paid competition in Europe (issue #58)", () => {
  it('a paid Riot game tournament in the EU needs its reference, stored and shown; elsewhere none is kept', async () => {
    const host = await verifiedUser();
    const paid = { game: 'valorant', region: 'EU', entryFee: 130, payoutStructure: 'top-2', size: 8 };
    expect(await create(host.token, { ...paid, riotLicence: null })).toMatchObject({
      status: 400,
      body: { fields: { riotLicence: 'tournaments.errors.riot-licence' } },
    });
    expect(await create(host.token, { ...paid, riotLicence: ' x ' })).toMatchObject({
      status: 400,
      body: { fields: { riotLicence: 'tournaments.errors.riot-licence' } },
    });
    // Its territory: one country at least, each a real one.
    for (const riotLicenceCountries of [null, [], ['FI', 'XX']])
      expect(await create(host.token, { ...paid, riotLicence: 'EUR-2026-00420', riotLicenceCountries })).toMatchObject({
        status: 400,
        body: { fields: { riotLicenceCountries: 'tournaments.errors.riot-licence-countries' } },
      });
    const licensed = await create(host.token, {
      ...paid,
      riotLicence: ' EUR-2026-00421 ',
      riotLicenceCountries: ['SE', 'FI', 'SE'],
    });
    expect(licensed).toMatchObject({
      status: 201,
      body: { riotLicence: 'EUR-2026-00421', riotLicenceCountries: ['FI', 'SE'] },
    });
    const id = licensed.body.id as string;
    // An edit cannot take it away while it is needed; a fee taken off drops it.
    expect(await act(host.token, id, 'edit', { riotLicence: '' })).toMatchObject({
      status: 400,
      body: { fields: { riotLicence: 'tournaments.errors.riot-licence' } },
    });
    expect(await act(host.token, id, 'edit', { riotLicence: 'EUR-2026-00422' })).toMatchObject({ status: 200 });
    expect(await tournamentOf(id)).toMatchObject({ riotLicence: 'EUR-2026-00422' });
    expect(await act(host.token, id, 'edit', { entryFee: 0 })).toMatchObject({ status: 200 });
    expect(await tournamentOf(id)).toMatchObject({ riotLicence: null, riotLicenceCountries: null });
    // Outside the EU, free, or another publisher's game: none needed, none kept.
    // (The free one on another day: the edited one became this host's free tournament of its day.)
    for (const other of [
      { region: 'GLOB' },
      { entryFee: 0, startTime: Date.now() + 5 * DAY },
      { game: 'rocket-league' },
    ]) {
      const made = await create(host.token, { ...paid, ...other, riotLicence: 'EUR-IGNORED' });
      expect(made, JSON.stringify(other)).toMatchObject({ status: 201, body: { riotLicence: null } });
    }
  });

  it("only players whose account is in the licence's countries join; nothing is held from the others", async () => {
    const host = await verifiedUser();
    const { id } = (
      await create(host.token, {
        game: 'valorant',
        region: 'EU',
        entryFee: 130,
        payoutStructure: 'top-2',
        size: 8,
        riotLicence: 'EUR-2026-00500',
        riotLicenceCountries: ['FI', 'SE'],
      })
    ).body as { id: string };
    const finn = await verifiedUser(500);
    const german = await verifiedUser(500, { country: 'DE' });
    expect(await join(german.token, id)).toMatchObject({ status: 403, body: { code: 'outside-licence-territory' } });
    expect(await fundsOf(german.uid)).toBe(500);
    expect(await join(finn.token, id)).toMatchObject({ status: 200 });
    expect(await fundsOf(finn.uid)).toBe(370);
    expect((await tournamentOf(id)).participants).toHaveLength(1);
  });
});
