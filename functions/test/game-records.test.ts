import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { utcDay } from '@versus/domain/platform/constants';
import { DailyBudget, apiUsageRef } from '../src/platform/api-budget';
import { GameApiUnavailable, findGameBetween, makeGameRecords, type GameRecords } from '../src/platform/game-records';
import { GAME_STAND_IN as STAND_IN, gameFault, gameSandbox } from './helpers';

/**
 * The game-record adapters (issue #22) against the Riot and OpenDota stand-in that `npm test` runs
 * (scripts/game-stand-in.mjs): the same paths and shapes as the real APIs, and faults on demand.
 */
const env = {
  RIOT_API_BASE: STAND_IN,
  RIOT_API_KEY: 'versus-local-riot-key',
  OPENDOTA_API_BASE: `${STAND_IN}/api`,
  GAME_API_TIMEOUT_MS: '500',
  // The day's budget is shared with the host's calls in the same emulator: off but where tested.
  OPENDOTA_DAILY_BUDGET: '0',
};
const riot = (overrides: Record<string, string> = {}) =>
  makeGameRecords('league-of-legends', { ...env, ...overrides })!;
const opendota = (overrides: Record<string, string> = {}) => makeGameRecords('dota-2', { ...env, ...overrides })!;

const riotAccount = async (name = `Tester${randomUUID().slice(0, 6)}`) =>
  gameSandbox<{ puuid: string; gameName: string; tagLine: string }>('/riot/accounts', {
    gameName: name,
    tagLine: 'EUW',
  });
let nextDota = 100_000 + Math.floor(Math.random() * 1_000_000_000);
const dotaAccount = async () => {
  nextDota += 1;
  const id = nextDota;
  await gameSandbox('/dota/accounts', { accountId: id, personaname: `Dota ${id}` });
  return String(id);
};
const played = (game: GameRecords['game'], winners: string[], losers: string[], extra: Record<string, unknown> = {}) =>
  gameSandbox<{ matchId: string }>('/matches', { game, winners, losers, ...extra });
const unavailable = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(GameApiUnavailable);
  return error as GameApiUnavailable;
};

describe('League of Legends through Riot account-v1 and match-v5', () => {
  it('RIOT_ADAPTER=off switches Riot off whatever else is set: League of Legends has no adapter', () => {
    expect(makeGameRecords('league-of-legends', { ...env, RIOT_ADAPTER: 'off' })).toBeNull();
    expect(makeGameRecords('dota-2', { ...env, RIOT_ADAPTER: 'off' })).not.toBeNull();
  });

  it('finds a Riot ID whatever its case; an unknown one is null', async () => {
    const created = await riotAccount();
    const records = riot();
    expect(await records.findAccount(`${created.gameName.toUpperCase()}#euw`)).toEqual({
      id: created.puuid,
      display: `${created.gameName}#EUW`,
    });
    expect(await records.findAccount('Nobody Here#EUW')).toBeNull();
    expect(await records.findAccount('no hash at all')).toBeNull();
  });

  it('finds the first finished game two accounts played against each other after a time', async () => {
    const [a, b, c] = await Promise.all([riotAccount(), riotAccount(), riotAccount()]);
    const ready = Date.now() - 3 * 3_600_000;
    // Before ready, a remake, a game on the same side, then two real games: the first counts.
    await played('league-of-legends', [a.puuid], [b.puuid], { startedAt: ready - 3_600_000 });
    await played('league-of-legends', [b.puuid], [a.puuid], {
      startedAt: ready + 60_000,
      durationSeconds: 200,
      remake: true,
    });
    await played('league-of-legends', [a.puuid, b.puuid], [c.puuid], { startedAt: ready + 120_000 });
    const first = await played('league-of-legends', [b.puuid, c.puuid], [a.puuid], { startedAt: ready + 3_600_000 });
    await played('league-of-legends', [a.puuid], [b.puuid], { startedAt: ready + 2 * 3_600_000 });
    const found = await findGameBetween(riot(), a.puuid, b.puuid, ready);
    expect(found).toMatchObject({ firstWon: false, record: { id: first.matchId, remake: false } });
    expect(found!.record.url).toMatch(/^https:\/\/www\.leagueofgraphs\.com\/match\/euw\/\d+$/);
    expect(await findGameBetween(riot(), a.puuid, c.puuid, ready + 4 * 3_600_000)).toBeNull();
  });

  it('a wrong key, a 5xx, a slow answer and a malformed body are "unavailable", never a result', async () => {
    const a = await riotAccount();
    await unavailable(riot({ RIOT_API_KEY: 'wrong' }).findAccount(`${a.gameName}#EUW`));
    await gameFault('500', a.gameName);
    await unavailable(riot().findAccount(`${a.gameName}#EUW`));
    await gameFault('slow', a.gameName, { delayMs: 1500 });
    await unavailable(riot().findAccount(`${a.gameName}#EUW`));
    const { matchId } = await played('league-of-legends', [a.puuid], [(await riotAccount()).puuid]);
    await gameFault('malformed', matchId);
    await unavailable(riot().match(matchId));
    // Afterwards it answers again.
    expect(await riot().findAccount(`${a.gameName}#EUW`)).toMatchObject({ id: a.puuid });
  });

  it('a 429 is honoured: nothing is asked until its Retry-After has passed', async () => {
    const a = await riotAccount();
    const records = riot();
    await gameFault('429', a.gameName, { retryAfter: 1 });
    const limited = await unavailable(records.findAccount(`${a.gameName}#EUW`));
    expect(limited.retryAt).toBeGreaterThan(Date.now());
    // No request reaches the API meanwhile: a fault queued now is still there afterwards.
    await gameFault('500', a.gameName);
    await unavailable(records.findAccount(`${a.gameName}#EUW`));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await unavailable(records.findAccount(`${a.gameName}#EUW`));
    expect(await records.findAccount(`${a.gameName}#EUW`)).toMatchObject({ id: a.puuid });
  });

  it('keeps to its own share of the rate limit: over it and its queue, unavailable without asking', async () => {
    const records = riot({ RIOT_RATE_LIMITS: '3:1,100:120', GAME_API_QUEUE_MS: '0' });
    const names = await Promise.all([riotAccount(), riotAccount(), riotAccount(), riotAccount()]);
    for (const account of names.slice(0, 3))
      expect(await records.findAccount(`${account.gameName}#EUW`)).not.toBeNull();
    await unavailable(records.findAccount(`${names[3]!.gameName}#EUW`));
  });

  it('caches a finished match: asked again, it is not read again', async () => {
    const [a, b] = await Promise.all([riotAccount(), riotAccount()]);
    const { matchId } = await played('league-of-legends', [a.puuid], [b.puuid]);
    const records = riot();
    const first = await records.match(matchId);
    const anyone = `Anyone${randomUUID().slice(0, 6)}`;
    await gameFault('500', [matchId, anyone]);
    expect(await records.match(matchId)).toEqual(first);
    await unavailable(records.findAccount(`${anyone}#EUW`));
  });
});

describe('Dota 2 through OpenDota', () => {
  it('takes a friend id, a 64-bit SteamID or a profile URL; a custom URL or an unknown account is null', async () => {
    const id = await dotaAccount();
    const id64 = (BigInt(id) + 76561197960265728n).toString();
    const records = opendota();
    for (const input of [id, id64, `https://steamcommunity.com/profiles/${id64}/`])
      expect(await records.findAccount(input)).toEqual({ id, display: `Dota ${id}` });
    expect(await records.findAccount('https://steamcommunity.com/id/somebody')).toBeNull();
    expect(await records.findAccount('999')).toBeNull();
  });

  it('finds the game two accounts played on opposite sides, skipping one under ten minutes', async () => {
    const [a, b] = await Promise.all([dotaAccount(), dotaAccount()]);
    const ready = Date.now() - 2 * 3_600_000;
    await played('dota-2', [a], [b], { startedAt: ready + 60_000, durationSeconds: 300 });
    const real = await played('dota-2', [b], [a], { startedAt: ready + 600_000 });
    expect(await findGameBetween(opendota(), a, b, ready)).toMatchObject({
      firstWon: false,
      record: { id: real.matchId, url: `https://www.opendota.com/matches/${real.matchId}` },
    });
    await gameFault('500', [`players/${a}/`, `players/${b}/`]);
    await unavailable(findGameBetween(opendota(), a, b, ready));
  });

  it('keeps to the day’s budget: over it, unavailable until the next UTC day, without asking', async () => {
    const [first, second] = await Promise.all([dotaAccount(), dotaAccount()]);
    const records = opendota({ OPENDOTA_DAILY_BUDGET: '1' });
    expect(await records.findAccount(first)).not.toBeNull();
    // No request reaches the API: a fault queued now is still there afterwards.
    await gameFault('500', `players/${second}`);
    const over = await unavailable(records.findAccount(second));
    const now = new Date();
    expect(over.retryAt).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    await unavailable(opendota().findAccount(second));
    expect(await opendota().findAccount(second)).not.toBeNull();
  });

  it('waits its turn in a short queue when its share of the per-minute limit is used', async () => {
    const ids = await Promise.all([dotaAccount(), dotaAccount(), dotaAccount()]);
    const records = opendota({ OPENDOTA_RATE_LIMITS: '2:1', GAME_API_QUEUE_MS: '1500' });
    const found = await Promise.all(ids.map((id) => records.findAccount(id)));
    expect(found.map((account) => account?.id)).toEqual(ids);
  });
});

describe('a provider’s daily budget (api_usage)', () => {
  it('is counted in the day’s document, refuses past it until the next UTC day, and starts again then', async () => {
    let now = Date.UTC(2026, 10, 29, 23, 59);
    const api = `test-${randomUUID().slice(0, 8)}`;
    const budget = new DailyBudget(api, 3, () => now);
    expect([budget.take(), budget.take(), budget.take()]).toEqual([null, null, null]);
    expect(budget.take()).toBe(Date.UTC(2026, 10, 30));
    await expect.poll(async () => (await apiUsageRef(api, Date.UTC(2026, 10, 29)).get()).get('calls')).toBe(3);
    expect((await apiUsageRef(api, Date.UTC(2026, 10, 29)).get()).data()).toMatchObject({
      api,
      day: '2026-11-29',
      budget: 3,
    });
    now += 60_000;
    expect(utcDay(now)).toBe('2026-11-30');
    expect(budget.take()).toBeNull();
    await expect.poll(async () => (await apiUsageRef(api, Date.UTC(2026, 10, 30)).get()).get('calls')).toBe(1);
  });

  it('counts what other instances used, read beside its first call and again once a minute', async () => {
    const now = Date.UTC(2026, 10, 28, 12);
    const api = `test-${randomUUID().slice(0, 8)}`;
    await apiUsageRef(api, Date.UTC(2026, 10, 28)).set({ calls: 9 });
    const budget = new DailyBudget(api, 10, () => now);
    // Other instances made 9 of the 10: this one's first call is the last there is.
    expect(budget.take()).toBeNull();
    await expect.poll(async () => (await apiUsageRef(api, Date.UTC(2026, 10, 28)).get()).get('calls')).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(budget.take()).toBe(Date.UTC(2026, 10, 29));
  });
});
