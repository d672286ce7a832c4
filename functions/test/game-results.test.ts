import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { decideMatchByGame, reportMatch } from '../src/tournaments/play';
import { notificationsOf } from './tournament-play-helpers';
import {
  adminDb,
  call,
  checkLedger,
  createTournament,
  dotaAccount,
  fundsOf,
  gameFault,
  gameSandbox,
  linkRiot,
  linkSteam,
  riotAccount,
  verifiedUser,
  type Body,
  type Player,
} from './helpers';

/**
 * Results read from the game (issue #22): a Dota 2 battle decided by the game's own record (the
 * OpenDota stand-in), never a League of Legends one (Riot's data never touches a wager, issue #58),
 * tournament matches of both, and every way it falls back to reports.
 */
const battleOf = async (id: string) => (await adminDb.doc(`battles/${id}`).get()).data() as Body;
const checkGame = (player: Player, id: string) =>
  call<Body>(`/battles/${id}/checkGame`, { token: player.token, method: 'POST' });
const submit = (player: Player, id: string, winner: string) =>
  call<Body>(`/battles/${id}/submitWinner`, { token: player.token, body: { winner } });
const sweep = (now: number, battles: string[]) => call<Body>('/internal/sweep', { body: { now, battles } });

/** Two players, each linked to a game account unless told otherwise, and a battle between them. */
async function battle(game: 'league-of-legends' | 'dota-2', fee: number, link: [boolean, boolean] = [true, true]) {
  const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
  const accounts: string[] = [];
  /** Links player `index` to their game account. */
  const linkers: (() => Promise<void>)[] = [];
  for (const player of [a, b]) {
    if (game === 'league-of-legends') {
      const account = await riotAccount();
      accounts.push(account.puuid);
      linkers.push(async () => {
        await linkRiot(player, account.puuid);
      });
    } else {
      const account = await dotaAccount();
      accounts.push(account);
      linkers.push(async () => {
        await linkSteam(player, account);
      });
    }
  }
  for (const [index, linker] of linkers.entries()) if (link[index]) await linker();
  const sent = await call<Body>('/battles/challenge', {
    token: a.token,
    body: { opponent: b.uid, game, entryFee: fee, terms: true },
  });
  expect(sent.status).toBe(201);
  const accepted = await call<Body>(`/battles/challenges/${sent.body.id as string}/accept`, {
    token: b.token,
    method: 'POST',
  });
  expect(accepted.status).toBe(201);
  const id = accepted.body.id as string;
  const createdAt = (await battleOf(id)).createdAt as number;
  /** A game the two accounts played, `winner` on the winning side (minutes after the battle began). */
  const played = (winner: 0 | 1, extra: Body = {}) =>
    gameSandbox<{ matchId: string }>('/matches', {
      game,
      winners: [accounts[winner]],
      losers: [accounts[1 - winner]],
      startedAt: createdAt + 60_000,
      ...extra,
    });
  return { a, b, id, accounts, createdAt, played, linkLater: (index: 0 | 1) => linkers[index]!() };
}

describe('a battle decided by the game', () => {
  it('Dota 2: "Check with the game" finds the game; the prize, the evidence and the notices follow', async () => {
    const { a, b, id, played } = await battle('dota-2', 130);
    expect((await battleOf(id)).gameCheckAt).toBeGreaterThan(Date.now());
    // Nothing played yet: nothing changes.
    expect((await checkGame(a, id)).body).toMatchObject({
      found: false,
      reason: 'no-game',
      battle: { state: 'ONGOING' },
    });
    const { matchId } = await played(1);
    const checked = await checkGame(a, id);
    expect(checked.body).toMatchObject({
      found: true,
      battle: { state: 'ENDED', outcome: 'GAME_API', winner: { id: b.uid } },
    });
    const ended = await battleOf(id);
    expect(ended.evidence).toMatchObject({
      game: 'dota-2',
      matchId,
      url: expect.stringContaining('opendota.com/matches/'),
      sides: [
        { users: [b.uid], won: true },
        { users: [a.uid], won: false },
      ],
    });
    expect(ended.gameCheckAt).toBeNull();
    expect(await fundsOf(b.uid)).toBe(1000 - 130 + 260);
    expect(await fundsOf(a.uid)).toBe(1000 - 130);
    const notices = await adminDb.collection(`users/${a.uid}/notifications`).where('type', '==', 'BATTLE_ENDED').get();
    expect(notices.size).toBe(1);
    // Asked again, or a late report: nothing moves twice.
    expect((await checkGame(b, id)).body).toMatchObject({ found: false, reason: 'over' });
    expect(await submit(a, id, a.uid)).toMatchObject({ status: 409, body: { code: 'result-contradicts-game' } });
    expect(await fundsOf(b.uid)).toBe(1000 - 130 + 260);
    await checkLedger();
  });

  it('a report that contradicts the game is refused with its match, and the game decides', async () => {
    const { a, b, id, played } = await battle('dota-2', 130);
    const { matchId } = await played(0);
    const refused = await submit(b, id, b.uid);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'result-contradicts-game', details: { matchId, winner: a.uid } },
    });
    expect(await battleOf(id)).toMatchObject({ state: 'ENDED', outcome: 'GAME_API', winner: { id: a.uid } });
    // The winner's own report agrees with the game: answered with the decided battle.
    expect(await submit(a, id, a.uid)).toMatchObject({ status: 200, body: { outcome: 'GAME_API' } });
  });

  it('one game decides one battle: a second open battle between the pair goes on by reports', async () => {
    const { a, b, id, played } = await battle('dota-2', 130);
    // B challenges A back while the first battle is open: two battles between the same accounts.
    const sent = await call<Body>('/battles/challenge', {
      token: b.token,
      body: { opponent: a.uid, game: 'dota-2', entryFee: 130, terms: true },
    });
    const second = await call<Body>(`/battles/challenges/${sent.body.id as string}/accept`, {
      token: a.token,
      method: 'POST',
    });
    expect(second.status).toBe(201);
    await played(0);
    // Asked on both at once: the one game decides exactly one of them.
    const checks = await Promise.all([checkGame(a, id), checkGame(b, second.body.id as string)]);
    expect(checks.map((check) => check.body.found).sort()).toEqual([false, true]);
    expect(checks.find((check) => !check.body.found)!.body).toMatchObject({
      reason: 'no-game',
      battle: { state: 'ONGOING' },
    });
    // A won the one game: one prize (both fees of one battle), the other battle's fee still held.
    expect(await fundsOf(a.uid)).toBe(1000 - 260 + 260);
    expect(await fundsOf(b.uid)).toBe(1000 - 260);
    await checkLedger();
  });

  it("a check with the game and the other side's confirm at the same moment end the battle once", async () => {
    const { a, b, id, played } = await battle('dota-2', 130);
    expect((await submit(a, id, a.uid)).body).toMatchObject({ state: 'ONGOING', submittedWinner: a.uid });
    await played(0);
    // Both ask the game, which decides: one decision commits, the other finds the battle over.
    const [checked, confirmed] = await Promise.all([
      checkGame(a, id),
      call<Body>(`/battles/${id}/confirm`, { token: b.token, method: 'POST' }),
    ]);
    expect(checked.status).toBe(200);
    expect(confirmed).toMatchObject({ status: 200, body: { state: 'ENDED', winner: { id: a.uid } } });
    expect(await battleOf(id)).toMatchObject({ state: 'ENDED', outcome: 'GAME_API', winner: { id: a.uid } });
    expect(await fundsOf(a.uid)).toBe(1000 - 130 + 260);
    expect(await fundsOf(b.uid)).toBe(1000 - 130);
    const ended = await adminDb.collection(`users/${b.uid}/notifications`).where('type', '==', 'BATTLE_ENDED').get();
    expect(ended.size).toBe(1);
    await checkLedger();
  });

  it('only the two players make the game be asked', async () => {
    const { id, played } = await battle('dota-2', 130);
    await played(0);
    const outsider = await verifiedUser(0);
    for (const path of ['submitWinner', 'confirm', 'checkGame'])
      expect(
        await call(`/battles/${id}/${path}`, { token: outsider.token, body: { winner: outsider.uid } }),
      ).toMatchObject({ status: 403, body: { code: 'not-a-participant' } });
    expect(await battleOf(id)).toMatchObject({ state: 'ONGOING', winner: null });
  });

  it('Dota 2: the sweeper finds the game on its clock and decides', async () => {
    const { a, id, played } = await battle('dota-2', 0);
    await played(0, { durationSeconds: 2400 });
    const due = (await battleOf(id)).gameCheckAt as number;
    expect((await sweep(due, [id])).body).toMatchObject({ battlesDecidedByGame: 1 });
    expect(await battleOf(id)).toMatchObject({ state: 'ENDED', outcome: 'GAME_API', winner: { id: a.uid } });
  });
});

describe('falling back to reports', () => {
  it('a side without a linked account: the game is not asked, reports go on', async () => {
    const { a, b, id, played, linkLater } = await battle('dota-2', 130, [true, false]);
    await played(0);
    expect((await checkGame(a, id)).body).toMatchObject({ found: false, reason: 'not-linked' });
    expect((await submit(b, id, b.uid)).body).toMatchObject({ state: 'ONGOING', submittedWinner: b.uid });
    // Linked after the battle began: the battle goes by its reports still (issue #58).
    await linkLater(1);
    expect((await checkGame(b, id)).body).toMatchObject({ found: false, reason: 'not-linked' });
    expect((await battleOf(id)).gameAccounts).toEqual({ [a.uid]: expect.any(String), [b.uid]: null });
    expect(await fundsOf(a.uid)).toBe(1000 - 130);
  });

  it('the accounts are those linked when the battle began: unlinking or relinking afterwards changes nothing', async () => {
    const { a, b, id, accounts, played } = await battle('dota-2', 130);
    expect((await battleOf(id)).gameAccounts).toEqual({ [a.uid]: accounts[0], [b.uid]: accounts[1] });
    await played(0);
    // The loser unlinks to fall back to reports, and the winner links another account: the game
    // is still asked with the accounts of the battle's start, and decides.
    expect((await call(`/profile/connections/steam`, { method: 'DELETE', token: b.token })).status).toBe(200);
    const other = await dotaAccount();
    await linkSteam(a, other);
    expect((await checkGame(b, id)).body).toMatchObject({
      found: true,
      battle: { state: 'ENDED', outcome: 'GAME_API', winner: { id: a.uid } },
    });
    expect((await battleOf(id)).evidence).toMatchObject({
      sides: [
        { users: [a.uid], won: true },
        { users: [b.uid], won: false },
      ],
    });
    expect(await fundsOf(a.uid)).toBe(1000 - 130 + 260);
    await checkLedger();
  });

  it('a remake, a game before the battle, or teammates decide nothing', async () => {
    const { a, id, accounts, createdAt, played } = await battle('dota-2', 0);
    await played(0, { durationSeconds: 180 });
    await played(1, { startedAt: createdAt - 3_600_000 });
    await gameSandbox('/matches', {
      game: 'dota-2',
      winners: accounts,
      losers: [await dotaAccount()],
      startedAt: createdAt + 120_000,
    });
    expect((await checkGame(a, id)).body).toMatchObject({ found: false, reason: 'no-game' });
  });

  it('the API down, limiting or slow: nothing is decided, the report stands as before, the sweeper tries later', async () => {
    const { a, b, id, accounts, played } = await battle('dota-2', 130);
    await played(1);
    for (const kind of ['500', '429', 'malformed'] as const) {
      await gameFault(
        kind,
        accounts.map((account) => `players/${account}/`),
        { retryAfter: 1 },
      );
      expect((await checkGame(a, id)).body, kind).toMatchObject({ found: false, reason: 'unavailable' });
      if (kind === '429') await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    expect((await battleOf(id)).state).toBe('ONGOING');
    // With the API back, the game decides.
    expect((await checkGame(b, id)).body).toMatchObject({ found: true, battle: { winner: { id: b.uid } } });
  });

  it("a League of Legends battle is never decided, checked or shown by Riot's data (Riot forbids it in wagers)", async () => {
    const { a, b, id, played } = await battle('league-of-legends', 130);
    expect((await battleOf(id)).gameCheckAt).toBeNull();
    await played(1);
    expect((await checkGame(a, id)).body).toMatchObject({ found: false, reason: 'not-verified' });
    // Reports decide it, as for any game; the report that the game would contradict stands.
    expect((await submit(a, id, a.uid)).body).toMatchObject({ state: 'ONGOING', submittedWinner: a.uid });
    expect((await call<Body>(`/battles/${id}/confirm`, { token: b.token, method: 'POST' })).body).toMatchObject({
      state: 'ENDED',
      winner: { id: a.uid },
    });
    const ended = await battleOf(id);
    expect(ended.outcome).not.toBe('GAME_API');
    expect(ended.evidence ?? null).toBeNull();
    // Nor may a challenge ask for verified results in a Riot game.
    const verified = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'league-of-legends', entryFee: 0, verifiedOnly: true, terms: true },
    });
    expect(verified).toMatchObject({
      status: 400,
      body: { fields: { verifiedOnly: 'battles.errors.verified-only-game' } },
    });
  });

  it('another game than Dota 2 is never checked', async () => {
    const [a, b] = await Promise.all([verifiedUser(0), verifiedUser(0)]);
    const sent = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 0, terms: true },
    });
    const id = (
      await call<Body>(`/battles/challenges/${sent.body.id as string}/accept`, { token: b.token, method: 'POST' })
    ).body.id as string;
    expect((await battleOf(id)).gameCheckAt).toBeNull();
    expect((await checkGame(a, id)).body).toMatchObject({ found: false, reason: 'not-verified' });
    expect(await checkGame({ ...a, token: (await verifiedUser()).token }, id)).toMatchObject({ status: 403 });
  });
});

describe('a tournament match decided by the game', () => {
  // Commands run in this test process (an instance beside the host) read the game's records from the
  // stand-in, as the host does: set before the first of them asks (gameRecordsFor keeps its answer).
  beforeAll(() => {
    vi.stubEnv('RIOT_API_BASE', 'http://127.0.0.1:5011');
    vi.stubEnv('RIOT_API_KEY', 'versus-local-riot-key');
  });
  afterAll(() => vi.unstubAllEnvs());
  interface Match {
    id: string;
    round: number;
    state: string;
    participants: string[];
    winner: string | null;
    outcome?: string;
    gameCheckAt?: number | null;
    readyAt?: number;
    evidence?: Body;
  }
  const matchesOf = async (id: string) =>
    (await adminDb.collection(`tournaments/${id}/matches`).get()).docs
      .map((doc) => ({ ...(doc.data() as Match), id: doc.id }))
      .sort((a, b) => a.round - b.round || Number(a.id) - Number(b.id));
  const report = (player: Player, id: string, match: string, winnerUid: string) =>
    call<Body>(`/tournaments/elimination/${id}/match/${match}/report`, { token: player.token, body: { winnerUid } });
  const sweepTournament = (now: number, id: string) =>
    call<Body>('/internal/sweep', { body: { now, tournaments: [id] } });

  /** Four players with linked Riot accounts in a League of Legends bracket of 8, started. */
  async function startedLeague(overrides: Body = {}) {
    const host = await verifiedUser();
    const startTime = Date.now() + 20 * 60_000;
    const created = await createTournament(host.token, { game: 'league-of-legends', startTime, ...overrides });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const players: (Player & { puuid: string })[] = [];
    for (let index = 0; index < 4; index += 1) {
      const player = await verifiedUser();
      const account = await riotAccount();
      await linkRiot(player, account.puuid);
      expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
      players.push({ ...player, puuid: account.puuid });
    }
    expect((await sweepTournament(startTime, id)).body).toMatchObject({ tournamentsStarted: 1 });
    const of = (uid: string) => players.find((player) => player.uid === uid)!;
    return { host, id, players, of };
  }
  const game = (winner: string, loser: string, startedAt: number) =>
    gameSandbox<{ matchId: string }>('/matches', {
      game: 'league-of-legends',
      winners: [winner],
      losers: [loser],
      startedAt,
    });

  it('a contradicting report is refused and the game decides; the sweeper decides the other; the final by reports', async () => {
    const { id, of } = await startedLeague();
    const ready = (await matchesOf(id)).filter((match) => match.state === 'READY');
    expect(ready).toHaveLength(2);
    for (const match of ready) expect(match.gameCheckAt).toBe(match.readyAt! + 15 * 60_000);
    const [semi1, semi2] = ready as [Match, Match];
    const [a, b] = semi1.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    const { matchId } = await game(b.puuid, a.puuid, semi1.readyAt! + 60_000);
    expect(await report(a, id, semi1.id, a.uid)).toMatchObject({
      status: 409,
      body: { code: 'result-contradicts-game', details: { matchId } },
    });
    const decided = (await matchesOf(id)).find((match) => match.id === semi1.id)!;
    expect(decided).toMatchObject({ state: 'COMPLETED', outcome: 'GAME_API', winner: b.uid, gameCheckAt: null });
    expect(decided.evidence).toMatchObject({ matchId, sides: [{ users: [b.uid] }, { users: [a.uid] }] });
    // Both hear who won (record 181): A, whose report the game refused, and B, away.
    for (const side of [a, b])
      expect(await notificationsOf(side.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).toMatchObject([
        { match: semi1.id, winner: { uid: b.uid } },
      ]);

    // The other semi-final: nobody reports; the sweeper's clock asks the game.
    const [c, d] = semi2.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    await game(c.puuid, d.puuid, semi2.readyAt! + 120_000);
    expect((await sweepTournament(semi2.gameCheckAt!, id)).body).toMatchObject({ matchesDecidedByGame: 1 });
    // Nobody asked: both sides hear it, off the site too (its kind is a decided match's).
    for (const side of [c, d]) {
      expect(await notificationsOf(side.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).toMatchObject([
        { match: semi2.id, winner: { uid: c.uid } },
      ]);
      const alerts = await adminDb.collection('outbox').where('uid', '==', side.uid).get();
      expect(alerts.docs.filter((doc) => doc.get('kind') === 'matchDecided')).toHaveLength(1);
    }
    // The final is ready with its own clock; no game is found, so reports decide it.
    const final = (await matchesOf(id)).find((match) => match.round === 3)!;
    expect(final).toMatchObject({ state: 'READY', participants: [b.uid, c.uid] });
    expect(final.gameCheckAt).toBeGreaterThan(final.readyAt!);
    for (const side of [b, c]) expect((await report(side, id, final.id, c.uid)).status).toBe(200);
    expect((await adminDb.doc(`tournaments/${id}`).get()).data()).toMatchObject({
      state: 'FINISHED',
      results: [{ participant: c.uid }, { participant: b.uid }],
    });
  });

  it('a dispute the game settles: the sides and the host who was asked are told, not the player who asked', async () => {
    const { host, id, of } = await startedLeague();
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    const [a, b] = semi.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    // Both claim the win before any game is on record: a dispute, which asks the host.
    expect((await report(a, id, semi.id, a.uid)).status).toBe(200);
    expect((await report(b, id, semi.id, b.uid)).status).toBe(200);
    expect((await matchesOf(id)).find((match) => match.id === semi.id)).toMatchObject({ state: 'DISPUTED' });
    await game(b.puuid, a.puuid, semi.readyAt! + 60_000);
    const hostAlerts = async () => (await adminDb.collection('outbox').where('uid', '==', host.uid).get()).size;
    const alertsBefore = await hostAlerts();
    const checked = await call<Body>(`/tournaments/elimination/${id}/match/${semi.id}/checkGame`, {
      token: b.token,
      method: 'POST',
    });
    expect(checked.body).toMatchObject({ found: true, match: { state: 'COMPLETED', winner: b.uid } });
    expect(await notificationsOf(a.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).toMatchObject([{ winner: { uid: b.uid } }]);
    expect(await notificationsOf(b.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).toEqual([]);
    expect(await notificationsOf(host.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).toMatchObject([
      { isAdmin: true, match: semi.id, winner: { uid: b.uid } },
    ]);
    // The host's copy stays in the app: nothing off the site for it.
    expect(await hostAlerts()).toBe(alertsBefore);
  });

  it('the accounts are those linked at the start: unlinking or linking during the tournament changes nothing', async () => {
    const { id, of, players } = await startedLeague();
    const tournament = (await adminDb.doc(`tournaments/${id}`).get()).data() as Tournament;
    expect(tournament.gameAccounts).toEqual(Object.fromEntries(players.map((player) => [player.uid, player.puuid])));
    const [semi] = (await matchesOf(id)).filter((match) => match.state === 'READY') as [Match];
    const [a, b] = semi.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    const { matchId } = await game(b.puuid, a.puuid, semi.readyAt! + 60_000);
    // The loser unlinks to fall back to reports: the game is still asked with the start's accounts.
    expect((await call('/profile/connections/riot', { method: 'DELETE', token: a.token })).status).toBe(200);
    expect(await report(a, id, semi.id, a.uid)).toMatchObject({
      status: 409,
      body: { code: 'result-contradicts-game', details: { matchId } },
    });
    expect((await matchesOf(id)).find((match) => match.id === semi.id)).toMatchObject({
      outcome: 'GAME_API',
      winner: b.uid,
    });
  });

  it('entrants without an account at the start: their matches go by reports, linking later changes nothing', async () => {
    const host = await verifiedUser();
    const startTime = Date.now() + 20 * 60_000;
    const created = await createTournament(host.token, { game: 'league-of-legends', startTime });
    const id = created.body.id as string;
    const players = await Promise.all([0, 1, 2, 3].map(() => verifiedUser()));
    for (const player of players)
      expect((await call(`/tournaments/${id}/join`, { token: player.token, body: {} })).status).toBe(200);
    expect((await sweepTournament(startTime, id)).body).toMatchObject({ tournamentsStarted: 1 });
    expect(((await adminDb.doc(`tournaments/${id}`).get()).data() as Tournament).gameAccounts).toEqual(
      Object.fromEntries(players.map((player) => [player.uid, null])),
    );
    const [semi] = (await matchesOf(id)).filter((match) => match.state === 'READY') as [Match];
    const sides = semi.participants.map((uid) => players.find((player) => player.uid === uid)!);
    const accounts = await Promise.all(sides.map(() => riotAccount()));
    for (const [index, player] of sides.entries()) await linkRiot(player, accounts[index]!.puuid);
    await game(accounts[0]!.puuid, accounts[1]!.puuid, semi.readyAt! + 60_000);
    const checked = await call<Body>(`/tournaments/elimination/${id}/match/${semi.id}/checkGame`, {
      token: sides[0]!.token,
      method: 'POST',
    });
    expect(checked.body).toMatchObject({ found: false, reason: 'not-linked' });
  });

  it('a tournament started before the record: a check reads the profiles of the sides the match has, whatever the instance guessed', async () => {
    const { id, of } = await startedLeague();
    await adminDb.doc(`tournaments/${id}`).update({ gameAccounts: FieldValue.delete() });
    const [semi, other] = (await matchesOf(id)).filter((match) => match.state === 'READY') as [Match, Match];
    const [a, b] = semi.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    const c = of(other.participants[0]!);
    // This test process is the instance here (its Riot API the stand-in, above); it last saw the
    // match between a and c (a stale guess), so it reads c's profile beside the match.
    const { sawMatch } = await import('../src/tournaments/seen-matches');
    const { checkMatchWithGame, guessMatchProfileReads } = await import('../src/tournaments/game-check');
    const tournament = (await adminDb.doc(`tournaments/${id}`).get()).data() as Tournament;
    sawMatch(tournament, { id: semi.id, state: 'READY', participants: [a.uid, c.uid] });
    const ahead = guessMatchProfileReads(id, semi.id);
    expect([...ahead.keys()]).toEqual([`users/${a.uid}`, `users/${c.uid}`]);
    const { matchId } = await game(b.puuid, a.puuid, semi.readyAt! + 60_000);
    // The match is between a and b: b's profile is read, and the game between them decides it.
    const checked = await checkMatchWithGame(id, semi.id, Date.now(), undefined, ahead);
    expect(checked).toMatchObject({ found: true, match: { winner: b.uid, outcome: 'GAME_API' } });
    expect(checked.match.evidence).toMatchObject({ matchId, sides: [{ users: [b.uid] }, { users: [a.uid] }] });
    await checkLedger();
  });

  it("a check with the game, a report of its match and the other match's reports at the same moment decide each once", async () => {
    const { id, of } = await startedLeague();
    const [semi, other] = (await matchesOf(id)).filter((match) => match.state === 'READY') as [Match, Match];
    const [a, b] = semi.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    const [c, d] = other.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    await game(a.puuid, b.puuid, semi.readyAt! + 60_000);
    // The other semi-final has no game: its two agreeing reports decide it, in the same moment.
    const answers = await Promise.all([
      call<Body>(`/tournaments/elimination/${id}/match/${semi.id}/checkGame`, { token: b.token, method: 'POST' }),
      report(a, id, semi.id, a.uid),
      report(c, id, other.id, d.uid),
      report(d, id, other.id, d.uid),
    ]);
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = await matchesOf(id);
    expect(after.find((match) => match.id === semi.id)).toMatchObject({
      state: 'COMPLETED',
      outcome: 'GAME_API',
      winner: a.uid,
    });
    expect(after.find((match) => match.id === other.id)).toMatchObject({ state: 'COMPLETED', winner: d.uid });
    // Each winner moved on once, and the final is ready between them.
    expect(after.find((match) => match.round === 3)).toMatchObject({ state: 'READY', participants: [a.uid, d.uid] });
    const uses = await adminDb
      .collection('game_record_uses')
      .where('contest', '==', `tournaments/${id}/matches/${semi.id}`)
      .get();
    expect(uses.size).toBe(1);
  });

  it('one game decides one match, also when two commands of one batch claim it', async () => {
    const { id, of } = await startedLeague();
    const [first, second] = (await matchesOf(id)).filter((match) => match.state === 'READY') as [Match, Match];
    const now = Date.now();
    const record = {
      game: 'league-of-legends' as const,
      matchId: `EUW1_${now}`,
      url: 'https://www.leagueofgraphs.com/match/euw/1',
      startedAt: now - 1_800_000,
      endedAt: now - 60_000,
      sides: [],
      checkedAt: now,
    };
    const decide = (match: Match) =>
      decideMatchByGame(
        id,
        match.id,
        match.participants[0]!,
        record,
        { sides: match.participants, readyAt: match.readyAt ?? null },
        now,
      );
    // The report starts the tournament's batch; both decisions arrive while it commits and go
    // together in the next one, where the first to claim the record keeps it.
    const [reported, one, two] = await Promise.allSettled([
      reportMatch(of(second.participants[1]!).uid, id, second.id, second.participants[1]!, undefined, now),
      decide(first),
      decide(second),
    ]);
    expect(reported.status).toBe('fulfilled');
    expect(one).toMatchObject({ status: 'fulfilled', value: { state: 'COMPLETED', outcome: 'GAME_API' } });
    expect(two).toMatchObject({ status: 'rejected', reason: { code: 'game-record-used' } });
    const after = await matchesOf(id);
    expect(after.find((match) => match.id === second.id)).toMatchObject({ state: 'READY', winner: null });
    const uses = await adminDb.doc(`game_record_uses/league-of-legends_${record.matchId}`).get();
    expect(uses.get('contest')).toBe(`tournaments/${id}/matches/${first.id}`);
  });

  it('a team tournament: the parties’ leaders on opposite sides of a game decide their match', async () => {
    const host = await verifiedUser();
    const startTime = Date.now() + 20 * 60_000;
    const created = await createTournament(host.token, {
      game: 'league-of-legends',
      gameFormat: 'TEAM',
      teamSize: 2,
      startTime,
    });
    const id = created.body.id;
    const act = (who: Player, action: string, body: Body = {}) =>
      call<Body>(`/tournaments/${id}/${action}`, { token: who.token, body });
    const teams: { leader: Player; mate: Player; puuid: string; party: string }[] = [];
    for (let index = 0; index < 4; index += 1) {
      const [leader, mate] = await Promise.all([verifiedUser(), verifiedUser()]);
      const account = await riotAccount();
      await linkRiot(leader, account.puuid);
      const party = (await act(leader, 'createParty', { teamName: `Five ${index + 1}` })).body.uid as string;
      await act(leader, `inviteToParty/${mate.uid}`);
      await act(mate, `joinParty/${party}`);
      expect((await act(leader, 'partyReady')).status).toBe(200);
      teams.push({ leader, mate, puuid: account.puuid, party });
    }
    expect((await sweepTournament(startTime, id)).body).toMatchObject({ tournamentsStarted: 1 });
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    const [first, second] = semi.participants.map((party) => teams.find((team) => team.party === party)!);
    // The leaders played on opposite teams (with others beside them); the second party won.
    await gameSandbox('/matches', {
      game: 'league-of-legends',
      winners: [second!.puuid, (await riotAccount()).puuid],
      losers: [first!.puuid, (await riotAccount()).puuid],
      startedAt: semi.readyAt! + 60_000,
    });
    // A member who is not the leader asks: they saw it; their leader, and the other party, are told.
    const checked = await call<Body>(`/tournaments/elimination/${id}/match/${semi.id}/checkGame`, {
      token: first!.mate.token,
      method: 'POST',
    });
    expect(checked.body).toMatchObject({ found: true, match: { outcome: 'GAME_API', winner: second!.party } });
    const told = async (player: Player) => (await notificationsOf(player.uid, 'TOURNAMENT_MATCH_GAME_DECIDED')).length;
    expect(await told(first!.mate)).toBe(0);
    for (const player of [first!.leader, second!.leader, second!.mate]) expect(await told(player)).toBe(1);
  });

  it('a series is not read from one game: its sides report as before', async () => {
    const { host, id, of } = await startedLeague({ bestOf: 3 });
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    expect(semi.gameCheckAt).toBeNull();
    const [a, b] = semi.participants.map(of) as [Player & { puuid: string }, Player & { puuid: string }];
    await game(a.puuid, b.puuid, semi.readyAt! + 60_000);
    expect(
      (
        await call<Body>(`/tournaments/elimination/${id}/match/${semi.id}/checkGame`, {
          token: host.token,
          method: 'POST',
        })
      ).body,
    ).toMatchObject({ found: false, reason: 'series' });
    expect(
      (
        await call<Body>(`/tournaments/elimination/${id}/match/${semi.id}/report`, {
          token: a.token,
          body: { winnerUid: a.uid, score: [2, 1] },
        })
      ).status,
    ).toBe(200);
  });
});

describe('verified results only (a host or a challenger asks for linked accounts)', () => {
  const link = async (player: Player) => {
    await linkRiot(player, (await riotAccount()).puuid);
  };

  it('a tournament: only for games with records; joining asks for the link first', async () => {
    const host = await verifiedUser();
    expect(await createTournament(host.token, { game: 'valorant', verifiedOnly: true })).toMatchObject({
      status: 400,
      body: { fields: { verifiedOnly: 'tournaments.errors.verified-only-game' } },
    });
    const created = await createTournament(host.token, { game: 'league-of-legends', verifiedOnly: true });
    expect(created.body).toMatchObject({ verifiedOnly: true });
    const player = await verifiedUser();
    const join = () => call<Body>(`/tournaments/${created.body.id}/join`, { token: player.token, body: {} });
    expect(await join()).toMatchObject({ status: 409, body: { code: 'game-account-required' } });
    await link(player);
    expect((await join()).status).toBe(200);
    // Fixed once someone joined, like the format.
    expect(
      await call(`/tournaments/${created.body.id}/edit`, { token: host.token, body: { verifiedOnly: false } }),
    ).toMatchObject({ status: 409, body: { code: 'tournament-locked' } });
  });

  it('a team tournament: creating or joining a party asks for the link', async () => {
    const host = await verifiedUser();
    const created = await createTournament(host.token, {
      game: 'dota-2',
      gameFormat: 'TEAM',
      teamSize: 2,
      verifiedOnly: true,
    });
    const leader = await verifiedUser();
    expect(
      await call(`/tournaments/${created.body.id}/createParty`, {
        token: leader.token,
        body: { teamName: 'Ancients' },
      }),
    ).toMatchObject({ status: 409, body: { code: 'game-account-required' } });
    const id = await dotaAccount();
    await linkSteam(leader, id);
    expect(
      (
        await call(`/tournaments/${created.body.id}/createParty`, {
          token: leader.token,
          body: { teamName: 'Ancients' },
        })
      ).status,
    ).toBe(201);
  });

  it('a challenge (Dota 2; never a Riot game): the challenger links before sending, the opponent before accepting', async () => {
    const [a, b] = await Promise.all([verifiedUser(500), verifiedUser(500)]);
    const body = { opponent: b.uid, game: 'dota-2', entryFee: 130, terms: true, verifiedOnly: true };
    for (const game of ['valorant', 'league-of-legends'])
      expect(await call('/battles/challenge', { token: a.token, body: { ...body, game } })).toMatchObject({
        status: 400,
        body: { fields: { verifiedOnly: 'battles.errors.verified-only-game' } },
      });
    const linkAny = async (player: Player) => linkSteam(player, await dotaAccount());
    expect(await call('/battles/challenge', { token: a.token, body })).toMatchObject({
      status: 409,
      body: { code: 'game-account-required' },
    });
    await linkAny(a);
    const sent = await call<Body>('/battles/challenge', { token: a.token, body });
    expect(sent).toMatchObject({ status: 201, body: { verifiedOnly: true } });
    const accept = () =>
      call<Body>(`/battles/challenges/${sent.body.id as string}/accept`, { token: b.token, method: 'POST' });
    expect(await accept()).toMatchObject({ status: 409, body: { code: 'game-account-required' } });
    expect(await fundsOf(b.uid)).toBe(500);
    await linkAny(b);
    expect((await accept()).status).toBe(201);
  });
});
