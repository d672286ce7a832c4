import { campaignMonth } from '../campaigns/campaign';

/**
 * Standing (issue "Standing and discovery"): the counters the commands keep per player, all time in
 * player_statistics/{uid} and per month in player_statistics_months/{YYYY-MM}/players/{uid}; the
 * leaderboards read them, ordered by one counter. Pure: the API's writers and the check:stats
 * rebuild share these deltas and thresholds.
 */
export const STAT_COUNTERS = [
  'battlesPlayed',
  'battleVictories',
  'battleCoinsWon',
  'tournamentsPlayed',
  'tournamentsWon',
  'tournamentCoinsWon',
  'trophies',
  'tournamentsHosted',
  'hostCoinsEarned',
] as const;
export type StatCounter = (typeof STAT_COUNTERS)[number];
export type StatCounters = Record<StatCounter, number>;

export const BADGES = ['alpha', 'first-win', 'ten-wins', 'champion', 'host-five', 'creator'] as const;
export type Badge = (typeof BADGES)[number];

/** player_statistics/{uid} */
export interface PlayerStatistics extends Partial<StatCounters> {
  uid: string;
  /** Badge → when it was earned. */
  badges?: Partial<Record<Badge, number>>;
  updatedAt?: number;
}

/** player_statistics_months/{YYYY-MM}/players/{uid} */
export interface MonthlyStatistics extends Partial<StatCounters> {
  uid: string;
  month: string;
}

export const emptyCounters = (): StatCounters =>
  Object.fromEntries(STAT_COUNTERS.map((key) => [key, 0])) as StatCounters;

export const countersOf = (stats: Partial<StatCounters> | undefined | null): StatCounters => {
  const counters = emptyCounters();
  for (const key of STAT_COUNTERS) counters[key] = stats?.[key] ?? 0;
  return counters;
};

export const addCounters = (a: StatCounters, b: Partial<StatCounters>): StatCounters => {
  const sum = { ...a };
  for (const key of STAT_COUNTERS) sum[key] += b[key] ?? 0;
  return sum;
};

// Leaderboards -------------------------------------------------------------------------------------

/** SPEC §3's six boards, each ordered by one counter; the default is top players (SPEC §9). */
export const LEADERBOARDS = {
  'top-players': 'trophies',
  'top-hosts': 'tournamentsHosted',
  'earned-player': 'tournamentCoinsWon',
  'earned-host': 'hostCoinsEarned',
  'battle-players': 'battleVictories',
  'earned-battle': 'battleCoinsWon',
} as const satisfies Record<string, StatCounter>;
export type Leaderboard = keyof typeof LEADERBOARDS;
export const LEADERBOARD_IDS = Object.keys(LEADERBOARDS) as Leaderboard[];
export const LEADERBOARD_PERIODS = ['all-time', 'this-month'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const DEFAULT_LEADERBOARD: Leaderboard = 'top-players';
export const LEADERBOARD_SIZE = 50;
/** The month a board or a monthly counter belongs to: UTC, YYYY-MM (like the campaign's). */
export const statsMonth = campaignMonth;

// Platform figures (the landing page) ------------------------------------------------------------

/**
 * statistics/user_statistics (SPEC §7), counted in shards (DESIGN §8: no hot document): totals in
 * statistics/user_statistics/shards/{n}, tournaments started per UTC month in
 * statistics/user_statistics/months/{YYYY-MM}/shards/{n}. The sweeper publishes their sums in
 * statistics/user_statistics itself (PlatformSummary), the one document the landing page reads.
 */
export const PLATFORM_STAT_SHARDS = 40;
export interface PlatformFigures {
  /** Accounts (registered, not deleted). */
  players: number;
  /** Battles that ended with a winner. */
  battles: number;
  /** Coins won by players: battle prizes and tournament prizes. */
  coinsWon: number;
}
export const PLATFORM_FIGURES = [
  'players',
  'battles',
  'coinsWon',
] as const satisfies readonly (keyof PlatformFigures)[];

/**
 * statistics/user_statistics: the shards' sums as the sweeper last read them (at most a minute
 * old in production), so a visitor's page reads one document, and is sent one change a minute,
 * however many battles end (docs/decisions/0076).
 */
export interface PlatformSummary extends PlatformFigures {
  /** The UTC month of `tournamentsStarted` (YYYY-MM). */
  month: string;
  /** Tournaments started in `month`. */
  tournamentsStarted: number;
  /** Battles counted towards the grand prize (counters/battles). */
  campaignBattles: number;
  /** When the shards were read (Firestore's read time, ms). */
  asOf: number;
}

// Trophies -----------------------------------------------------------------------------------------

/**
 * Trophies for a finishing place in a finished tournament (docs/decisions/0056): the winner 10, the
 * runner-up 6, the semi-finalists 3, the quarter-finalists 1.
 */
export const trophiesForPlace = (place: number): number =>
  place === 1 ? 10 : place === 2 ? 6 : place <= 4 ? 3 : place <= 8 ? 1 : 0;

/**
 * Trophies for a place shared down to `placeTo`: the average of the places it covers, rounded down,
 * as a tie splits their prizes (record 194). A tie gives no more trophies than the places it
 * covers (a table's five-way tie for 1st gave each of the five the winner's 10); a bracket's 3rd–4th
 * and 5th–8th, alike within, are as they were.
 */
export const trophiesForPlaces = (place: number, placeTo = place): number => {
  let sum = 0;
  for (let covered = place; covered <= placeTo; covered += 1) sum += trophiesForPlace(covered);
  return Math.floor(sum / (placeTo - place + 1));
};

// Deltas -------------------------------------------------------------------------------------------

/** A battle that ended with a winner, for one of its players. */
export const battleDelta = (won: boolean, coinsWon: number): Partial<StatCounters> => ({
  battlesPlayed: 1,
  battleVictories: won ? 1 : 0,
  battleCoinsWon: coinsWon,
});

/**
 * A finished tournament, for one player in it: `place` null when not placed (no accepted points);
 * `placeTo` the last of the places it shares. A shared 1st counts as won for each (the page names
 * them all winners).
 */
export const tournamentPlayerDelta = (
  place: number | null,
  coinsWon: number,
  placeTo?: number,
): Partial<StatCounters> => ({
  tournamentsPlayed: 1,
  tournamentsWon: place === 1 ? 1 : 0,
  tournamentCoinsWon: coinsWon,
  trophies: place === null ? 0 : trophiesForPlaces(place, placeTo),
});

/** A finished tournament, for its host. */
export const hostDelta = (hostShare: number): Partial<StatCounters> => ({
  tournamentsHosted: 1,
  hostCoinsEarned: hostShare,
});

// Badges -------------------------------------------------------------------------------------------

/** Wins count battle victories and tournament wins alike. */
const wins = (counters: StatCounters) => counters.battleVictories + counters.tournamentsWon;

/** The badges a change of counters earns: each threshold crossed by this change. */
export function badgesCrossed(before: StatCounters, after: StatCounters): Badge[] {
  const crossed: Badge[] = [];
  const passes = (value: (c: StatCounters) => number, at: number) => value(before) < at && value(after) >= at;
  if (passes(wins, 1)) crossed.push('first-win');
  if (passes(wins, 10)) crossed.push('ten-wins');
  if (passes((c) => c.tournamentsWon, 1)) crossed.push('champion');
  if (passes((c) => c.tournamentsHosted, 5)) crossed.push('host-five');
  return crossed;
}

/** Accounts opened while Versus is in alpha (SPEC §1) carry the alpha badge. */
export const ALPHA_ENDS_AT = Date.UTC(2027, 6, 1);
export const isAlphaAccount = (createdAt: number): boolean => createdAt < ALPHA_ENDS_AT;

// Progress -----------------------------------------------------------------------------------------

/**
 * SPEC §3 `progress`: a class from activity (games played and hosted), shown to the owner. Derived
 * from the public counters wherever it is shown, never stored (it could only drift from them).
 */
export const PROGRESS_CLASSES = [
  { class: 'rookie', from: 0 },
  { class: 'regular', from: 5 },
  { class: 'contender', from: 20 },
  { class: 'veteran', from: 50 },
  { class: 'elite', from: 120 },
  { class: 'legend', from: 300 },
] as const;
export type ProgressClass = (typeof PROGRESS_CLASSES)[number]['class'];

/** Activity points: a battle 1, a tournament played 3, a tournament hosted to its finish 3. */
export const activityOf = (counters: StatCounters): number =>
  counters.battlesPlayed + 3 * counters.tournamentsPlayed + 3 * counters.tournamentsHosted;

export interface Progress {
  class: ProgressClass;
  activity: number;
  /** The next class and the activity points still needed; null at the top. */
  next: { class: ProgressClass; needed: number } | null;
}

export function progressOf(counters: StatCounters): Progress {
  const activity = activityOf(counters);
  const index = PROGRESS_CLASSES.filter((step) => activity >= step.from).length - 1;
  const next = PROGRESS_CLASSES[index + 1];
  return {
    class: PROGRESS_CLASSES[index]!.class,
    activity,
    next: next ? { class: next.class, needed: next.from - activity } : null,
  };
}

// Rebuild ------------------------------------------------------------------------------------------

/** What changed one player's counters, and when: the rebuild replays these in time order. */
export interface StatEvent {
  uid: string;
  at: number;
  delta: Partial<StatCounters>;
}

export interface RebuiltStatistics {
  allTime: Map<string, { counters: StatCounters; badges: Partial<Record<Badge, number>> }>;
  /** `${month}/${uid}` → that month's counters. */
  months: Map<string, StatCounters>;
}

/**
 * Rebuilds every counter and threshold badge from the events (battles ended, tournaments finished),
 * replayed in time order; check:stats compares the result with what the commands kept.
 */
export function rebuildStatistics(events: StatEvent[]): RebuiltStatistics {
  const allTime: RebuiltStatistics['allTime'] = new Map();
  const months: RebuiltStatistics['months'] = new Map();
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    const current = allTime.get(event.uid) ?? { counters: emptyCounters(), badges: {} };
    const after = addCounters(current.counters, event.delta);
    for (const badge of badgesCrossed(current.counters, after)) current.badges[badge] ??= event.at;
    allTime.set(event.uid, { counters: after, badges: current.badges });
    const key = `${statsMonth(event.at)}/${event.uid}`;
    months.set(key, addCounters(months.get(key) ?? emptyCounters(), event.delta));
  }
  return { allTime, months };
}
