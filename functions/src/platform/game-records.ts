/**
 * Game records (issue #22): the match histories League of Legends and Dota 2 publish, behind one
 * interface, so a tournament match or a battle can be decided by the game itself. Like the
 * PaymentProvider (platform/payment-provider.ts), each adapter is the real API over fetch with its
 * base URL from the environment: Riot's and OpenDota's in production, the loopback stand-in
 * (`scripts/game-stand-in.mjs`) locally. Each respects its API's rate limits (Riot: the per-second
 * and per-two-minute application limits, a 429's Retry-After honoured), caches what cannot change
 * (a finished match, an account's id), and answers "unavailable" rather than guess: a timeout, a
 * 5xx, a 429 or a malformed body never decides anything.
 */

import { RateLimiter } from 'limiter';
import { DailyBudget } from './api-budget';
import { LRUCache } from 'lru-cache';
import * as yup from 'yup';
import { riotIdKey, splitRiotId, steamAccountId } from '@versus/domain/games/game-accounts';
import type { Transaction } from 'firebase-admin/firestore';
import { conflict } from '../errors/http-error';
import { gameRecordUsesCollection } from './collections';

/** A game account as the API knows it: its stable id and how the player wrote it. */
export interface GameAccount {
  /** Riot: the PUUID; Dota 2: the 32-bit Steam account id, as a string. */
  id: string;
  /** What the profile shows: `name#TAG`, or the Steam persona name. */
  display: string;
}

/** One finished game: who played on which side, who won, when and how long. */
export interface GameRecord {
  /** The game's own match id (`EUW1_6512345678`, or Dota 2's match id). */
  id: string;
  startedAt: number;
  endedAt: number;
  durationSeconds: number;
  /** A remake (LoL's early surrender) or a game under the minimum length: ignored. */
  remake: boolean;
  /** Two sides, each with the account ids on it and whether it won. */
  sides: { accounts: string[]; won: boolean }[];
  /** Where a person can see the record (the page links to it). */
  url: string;
}

export interface GameRecords {
  readonly game: 'league-of-legends' | 'dota-2';
  /** The account a player names (a Riot ID, a Steam friend id or profile URL), or null when none exists. */
  findAccount(name: string): Promise<GameAccount | null>;
  /** Ids of the account's games that started at or after `since` (ms), newest first. */
  matchesSince(account: string, since: number): Promise<string[]>;
  /** One finished game; null when the API has no such match. */
  match(id: string): Promise<GameRecord | null>;
}

/** The API could not answer now (network, timeout, 5xx, 429, a body we cannot read): decide nothing. */
export class GameApiUnavailable extends Error {
  constructor(
    message: string,
    /** When to ask again, when the API said (Retry-After). */
    readonly retryAt: number | null = null,
  ) {
    super(message);
  }
}

/** Games shorter than this are remakes or abandons, never a result (issue #22). */
export const MIN_GAME_SECONDS: Record<GameRecords['game'], number> = {
  // A remake is voted within the first minutes; an early surrender before 5 minutes is one.
  'league-of-legends': 5 * 60,
  // Dota 2 lets a game be abandoned without penalty in its first minutes.
  'dota-2': 10 * 60,
};

/** At most this many calls wait their turn at once in one instance; more give up at once. */
const MAX_QUEUED = 8;

/** How many of an account's latest games are read when looking for one against an opponent. */
const CANDIDATES = 10;

interface Limit {
  tokens: number;
  intervalMs: number;
}

/**
 * One API's HTTP client: our own side of its rate limits (asking never waits: over the limit, the
 * caller hears "unavailable" and falls back), a 429's Retry-After honoured for every later call, a
 * timeout, and bodies checked against their yup shape (a malformed body is unavailable too).
 */
class ApiClient {
  private readonly limiters: RateLimiter[];
  private blockedUntil = 0;
  /** Calls waiting their turn now: a burst beyond a few gives up at once instead of queueing long. */
  private queued = 0;

  constructor(
    private readonly name: string,
    private readonly base: string,
    private readonly headers: Record<string, string>,
    limits: Limit[],
    private readonly timeoutMs: number,
    /** A day's budget shared by every instance (OpenDota's free tier), if the API has one. */
    private readonly budget: DailyBudget | null = null,
    /** How long a call waits its turn when this instance's share of the per-minute limit is used. */
    private readonly queueMs = 0,
  ) {
    this.limiters = limits.map(
      (limit) =>
        new RateLimiter({ tokensPerInterval: limit.tokens, interval: limit.intervalMs, fireImmediately: true }),
    );
  }

  /** The body, checked against `shape`; null for a 404 (no such account or match). */
  async get<T>(path: string, shape: yup.Schema<T>): Promise<T | null> {
    const now = Date.now();
    if (now < this.blockedUntil) throw new GameApiUnavailable(`${this.name} asked us to wait (429)`, this.blockedUntil);
    // Over this instance's share of the per-minute limit, a call waits its turn for up to queueMs
    // (a queue in arrival order: the limiter's tokens come back one by one), then gives up.
    const wait = Math.max(...this.limiters.map((limiter) => limiter.getWaitTime(1)));
    if (wait > this.queueMs || (wait > 0 && this.queued >= MAX_QUEUED))
      throw new GameApiUnavailable(`${this.name}: our share of its rate limit is used up for now`, now + wait);
    if (wait > 0) {
      this.queued += 1;
      try {
        await Promise.all(this.limiters.map((limiter) => limiter.removeTokens(1)));
      } finally {
        this.queued -= 1;
      }
    } else for (const limiter of this.limiters) limiter.tryRemoveTokens(1);
    const tomorrow = this.budget?.take() ?? null;
    if (tomorrow !== null) throw new GameApiUnavailable(`${this.name}: today's budget of calls is used`, tomorrow);
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        headers: { Accept: 'application/json', ...this.headers },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GameApiUnavailable(`${this.name} did not answer: ${String(error)}`);
    }
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      this.blockedUntil = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 10_000);
      throw new GameApiUnavailable(`${this.name} is rate limiting us`, this.blockedUntil);
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new GameApiUnavailable(`${this.name} answered ${response.status}`);
    try {
      return await shape.validate(await response.json(), { stripUnknown: false });
    } catch (error) {
      throw new GameApiUnavailable(`${this.name} sent a body we cannot read: ${String(error)}`);
    }
  }
}

const text = () => yup.string().defined().strict();
const number = () => yup.number().defined().strict();

// League of Legends: Riot's account-v1 and match-v5 ---------------------------------------------

const riotAccount = yup.object({ puuid: text(), gameName: text(), tagLine: text() });
const riotMatchIds = yup.array(text()).defined();
const riotMatch = yup.object({
  metadata: yup.object({ matchId: text() }).defined(),
  info: yup
    .object({
      gameStartTimestamp: number(),
      gameEndTimestamp: number(),
      gameDuration: number(),
      participants: yup
        .array(
          yup.object({
            puuid: text(),
            teamId: number(),
            win: yup.boolean().defined().strict(),
            gameEndedInEarlySurrender: yup.boolean().strict().optional(),
          }),
        )
        .defined()
        .min(2),
    })
    .defined(),
});

/** League of Legends through Riot's API (account-v1 on the regional routing host, match-v5). */
export class RiotRecords implements GameRecords {
  readonly game = 'league-of-legends' as const;
  private readonly accounts = new LRUCache<string, GameAccount>({ max: 5000, ttl: 60 * 60_000 });
  private readonly matches = new LRUCache<string, GameRecord>({ max: 5000 });

  constructor(private readonly client: ApiClient) {}

  async findAccount(name: string): Promise<GameAccount | null> {
    const key = riotIdKey(name);
    const cached = this.accounts.get(key);
    if (cached) return cached;
    const parts = splitRiotId(name);
    if (!parts) return null;
    const found = await this.client.get(
      `/riot/account/v1/accounts/by-riot-id/${encodeURIComponent(parts.gameName)}/${encodeURIComponent(parts.tagLine)}`,
      riotAccount,
    );
    if (!found) return null;
    const account = { id: found.puuid, display: `${found.gameName}#${found.tagLine}` };
    this.accounts.set(key, account);
    return account;
  }

  async matchesSince(account: string, since: number): Promise<string[]> {
    const query = `startTime=${Math.floor(since / 1000)}&count=${CANDIDATES}`;
    return (
      (await this.client.get(
        `/lol/match/v5/matches/by-puuid/${encodeURIComponent(account)}/ids?${query}`,
        riotMatchIds,
      )) ?? []
    );
  }

  async match(id: string): Promise<GameRecord | null> {
    const cached = this.matches.get(id);
    if (cached) return cached;
    const found = await this.client.get(`/lol/match/v5/matches/${encodeURIComponent(id)}`, riotMatch);
    if (!found) return null;
    const { info } = found;
    const teams = [...new Set(info.participants.map((player) => player.teamId))];
    const record: GameRecord = {
      id: found.metadata.matchId,
      startedAt: info.gameStartTimestamp,
      endedAt: info.gameEndTimestamp,
      durationSeconds: info.gameDuration,
      remake:
        info.participants.some((player) => player.gameEndedInEarlySurrender) ||
        info.gameDuration < MIN_GAME_SECONDS[this.game],
      sides: teams.map((team) => {
        const players = info.participants.filter((player) => player.teamId === team);
        return { accounts: players.map((player) => player.puuid), won: players.some((player) => player.win) };
      }),
      // A match-v5 id is "<platform>_<game id>": League of Graphs shows it by region and game id.
      url: `https://www.leagueofgraphs.com/match/${found.metadata.matchId.split('_')[0]!.replace(/\d+$/, '').toLowerCase()}/${found.metadata.matchId.split('_')[1] ?? ''}`,
    };
    this.matches.set(id, record);
    return record;
  }
}

// Dota 2: OpenDota's players and matches -----------------------------------------------------------

const dotaPlayer = yup.object({
  profile: yup
    .object({ account_id: number(), personaname: yup.string().nullable().defined() })
    .optional()
    .default(undefined),
});
const dotaMatches = yup.array(yup.object({ match_id: number(), start_time: number() })).defined();
const dotaMatch = yup.object({
  match_id: number(),
  start_time: number(),
  duration: number(),
  radiant_win: yup.boolean().defined().strict(),
  players: yup
    .array(yup.object({ account_id: yup.number().nullable().defined(), player_slot: number() }))
    .defined()
    .min(2),
});

/** Dota 2 through the OpenDota API (public; a key raises its limits). */
export class OpenDotaRecords implements GameRecords {
  readonly game = 'dota-2' as const;
  private readonly accounts = new LRUCache<string, GameAccount>({ max: 5000, ttl: 60 * 60_000 });
  private readonly matches = new LRUCache<string, GameRecord>({ max: 5000 });

  constructor(private readonly client: ApiClient) {}

  async findAccount(name: string): Promise<GameAccount | null> {
    const parsed = steamAccountId(name);
    if (!('id' in parsed)) return null;
    const cached = this.accounts.get(parsed.id);
    if (cached) return cached;
    const found = await this.client.get(`/players/${parsed.id}`, dotaPlayer);
    if (!found?.profile) return null;
    const account = { id: String(found.profile.account_id), display: found.profile.personaname ?? parsed.id };
    this.accounts.set(parsed.id, account);
    return account;
  }

  async matchesSince(account: string, since: number): Promise<string[]> {
    const days = Math.max(1, Math.ceil((Date.now() - since) / 86_400_000));
    const found =
      (await this.client.get(`/players/${encodeURIComponent(account)}/matches?date=${days}`, dotaMatches)) ?? [];
    return found
      .filter((item) => item.start_time * 1000 >= since)
      .sort((a, b) => b.start_time - a.start_time)
      .slice(0, CANDIDATES)
      .map((item) => String(item.match_id));
  }

  async match(id: string): Promise<GameRecord | null> {
    const cached = this.matches.get(id);
    if (cached) return cached;
    const found = await this.client.get(`/matches/${encodeURIComponent(id)}`, dotaMatch);
    if (!found) return null;
    // Player slots 0–127 are Radiant, 128–255 Dire; an anonymous player has no account id.
    const side = (radiant: boolean) =>
      found.players
        .filter((player) => player.player_slot < 128 === radiant && player.account_id !== null)
        .map((player) => String(player.account_id));
    const record: GameRecord = {
      id: String(found.match_id),
      startedAt: found.start_time * 1000,
      endedAt: (found.start_time + found.duration) * 1000,
      durationSeconds: found.duration,
      remake: found.duration < MIN_GAME_SECONDS[this.game],
      sides: [
        { accounts: side(true), won: found.radiant_win },
        { accounts: side(false), won: !found.radiant_win },
      ],
      url: `https://www.opendota.com/matches/${found.match_id}`,
    };
    this.matches.set(id, record);
    return record;
  }
}

// Finding the game two accounts played ----------------------------------------------------------------

export interface GameBetween {
  record: GameRecord;
  /** Whether the first account's side won. */
  firstWon: boolean;
}

/**
 * The first finished game after `since` that `first` and `second` played on opposite sides
 * (issue #22: two games found, the first one after ready counts), skipping remakes and games under
 * the minimum length; null when there is none yet. Throws GameApiUnavailable when the API cannot
 * say: the caller falls back to the players' reports.
 */
export async function findGameBetween(
  records: GameRecords,
  first: string,
  second: string,
  since: number,
): Promise<GameBetween | null> {
  const ids = await records.matchesSince(first, since);
  const found: GameBetween[] = [];
  for (const id of ids) {
    const record = await records.match(id);
    if (!record || record.remake || record.startedAt < since) continue;
    const a = record.sides.findIndex((side) => side.accounts.includes(first));
    const b = record.sides.findIndex((side) => side.accounts.includes(second));
    if (a < 0 || b < 0 || a === b) continue;
    found.push({ record, firstWon: record.sides[a]!.won });
  }
  return found.sort((x, y) => x.record.startedAt - y.record.startedAt)[0] ?? null;
}

// Configuration ----------------------------------------------------------------------------------

/** "20:1,100:120": tokens per seconds, Riot's development-key application limits by default. */
function limitsFrom(spec: string | undefined, fallback: string): Limit[] {
  return (spec ?? fallback).split(',').map((part) => {
    const [tokens, seconds] = part.split(':').map(Number);
    return { tokens: tokens!, intervalMs: seconds! * 1000 };
  });
}

/**
 * The adapter of a game, from the environment (issue #22): `RIOT_API_KEY` (none: League of
 * Legends falls back to reports), `RIOT_REGION` (regional routing: americas, asia, europe, sea;
 * default europe) or `RIOT_API_BASE` (the stand-in), `RIOT_RATE_LIMITS` (default 20:1,100:120,
 * a development key's); `OPENDOTA_API_BASE` (default https://api.opendota.com/api),
 * `OPENDOTA_API_KEY` (optional), `OPENDOTA_RATE_LIMITS` (default 60:60, the free tier),
 * `OPENDOTA_DAILY_BUDGET` (calls a UTC day for every instance together, default 2000: keep it
 * under the plan's daily allowance; 0 for none); `GAME_API_TIMEOUT_MS` (default 4000);
 * `GAME_API_QUEUE_MS` (how long a call waits for this instance's share of the per-minute limit,
 * default 2000). `RIOT_ADAPTER=off` switches Riot's adapter off whatever
 * else is set: a deployment that must not use Riot's API at all (Riot's policies may forbid it to
 * a product that offers wagers, docs/compliance.md) runs League of Legends on reports alone.
 * Null for a game without one.
 */
export function makeGameRecords(game: string, env: Record<string, string | undefined>): GameRecords | null {
  const timeout = Number(env.GAME_API_TIMEOUT_MS ?? 4000);
  if (game === 'league-of-legends' && env.RIOT_API_KEY && env.RIOT_ADAPTER !== 'off') {
    const base = env.RIOT_API_BASE ?? `https://${env.RIOT_REGION ?? 'europe'}.api.riotgames.com`;
    return new RiotRecords(
      new ApiClient(
        'Riot',
        base,
        { 'X-Riot-Token': env.RIOT_API_KEY },
        limitsFrom(env.RIOT_RATE_LIMITS, '20:1,100:120'),
        timeout,
        null,
        Number(env.GAME_API_QUEUE_MS ?? 2000),
      ),
    );
  }
  if (game === 'dota-2') {
    const base = env.OPENDOTA_API_BASE ?? 'https://api.opendota.com/api';
    // `none`: the free tier, without a key (the secret must exist all the same).
    const key = env.OPENDOTA_API_KEY === 'none' ? undefined : env.OPENDOTA_API_KEY;
    const perDay = Number(env.OPENDOTA_DAILY_BUDGET ?? 2000);
    return new OpenDotaRecords(
      new ApiClient(
        'OpenDota',
        base,
        key ? { Authorization: `Bearer ${key}` } : {},
        limitsFrom(env.OPENDOTA_RATE_LIMITS, '60:60'),
        timeout,
        perDay > 0 ? new DailyBudget('opendota', perDay) : null,
        Number(env.GAME_API_QUEUE_MS ?? 2000),
      ),
    );
  }
  return null;
}

/** One adapter per game for the process: its rate limits, its Retry-After and its cache are shared. */
const configured = new Map<string, GameRecords | null>();
export function gameRecordsFor(game: string): GameRecords | null {
  if (!configured.has(game)) configured.set(game, makeGameRecords(game, process.env));
  return configured.get(game) ?? null;
}

/**
 * A host's "verified results only" (issue #22), or a verified challenge: the player links their game
 * account first, so the game can decide their matches.
 */
export const gameAccountRequired = (game: string) =>
  conflict(
    `Link your ${game === 'dota-2' ? 'Steam (Dota 2)' : 'Riot'} account under Connections first: only players with a linked account may play here.`,
    'game-account-required',
  );

/**
 * One game decides one contest (issue #22): the deciding transaction claims the game's record
 * (`game_record_uses/{game}_{matchId}`), so two open battles between the same pair, or a battle
 * and a tournament match, are not all decided by the one game. A record already used by another
 * contest refuses (409 game-record-used); the contest goes on by reports.
 */
export async function claimGameRecord(
  tx: Transaction,
  evidence: { game: string; matchId: string },
  contest: string,
  now: number,
): Promise<void> {
  if (await gameRecordIsFree(tx, evidence, contest)) writeGameRecordClaim(tx, evidence, contest, now);
}

/** 409 game-record-used: the game's record has decided another contest; this one goes on by reports. */
export const gameRecordUsed = () => conflict('That game has already decided another match.', 'game-record-used');

/** The document that says which contest a game's record decided. */
export const gameRecordUseRef = (evidence: { game: string; matchId: string }) =>
  gameRecordUsesCollection().doc(`${evidence.game}_${evidence.matchId}`);

/**
 * claimGameRecord in two steps, for a batch of commands (a tournament's group commit) that learns
 * only after its reads which of them applied: the check (true when the record still has to be
 * written, 409 game-record-used when another contest has it), then the write, for a command that
 * applied.
 */
export async function gameRecordIsFree(
  tx: Transaction,
  evidence: { game: string; matchId: string },
  contest: string,
): Promise<boolean> {
  const used = await tx.get(gameRecordUseRef(evidence));
  if (used.exists && used.get('contest') !== contest) throw gameRecordUsed();
  return !used.exists;
}

export function writeGameRecordClaim(
  tx: Transaction,
  evidence: { game: string; matchId: string },
  contest: string,
  now: number,
): void {
  tx.set(gameRecordUseRef(evidence), { game: evidence.game, matchId: evidence.matchId, contest, at: now });
}
