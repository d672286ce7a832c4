import { FieldValue, type Firestore, type QuerySnapshot, type Transaction } from 'firebase-admin/firestore';
import { settledMeanwhile } from '../platform/firestore-codes';
import { historyId, type HistoryEntry } from '@versus/domain/users/history';
import {
  addCounters,
  badgesCrossed,
  countersOf,
  STAT_COUNTERS,
  statsMonth,
  PLATFORM_STAT_SHARDS,
  type Badge,
  type PlatformFigures,
  type PlatformSummary,
  type MonthlyStatistics,
  type PlayerStatistics,
  type StatCounters,
} from '@versus/domain/users/statistics';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';
import { profileRef, typed } from '../platform/collections';

/** player_statistics/{uid}: a player's counters and badges, all time. */
export const playerStatisticsRef = (uid: string) =>
  db.doc(`player_statistics/${documentId(uid, 'That user')}`).withConverter(typed<PlayerStatistics>());
export const playerStatisticsCollection = () =>
  db.collection('player_statistics').withConverter(typed<PlayerStatistics>());
/** player_statistics_months/{YYYY-MM}/players/{uid}: one month's counters, for the monthly boards. */
export const monthlyPlayersCollection = (month: string) =>
  db.collection(`player_statistics_months/${month}/players`).withConverter(typed<MonthlyStatistics>());
export const monthlyStatisticsRef = (month: string, uid: string) =>
  monthlyPlayersCollection(month).doc(documentId(uid, 'That user'));
/** statistics/user_statistics/shards/{n}: the platform's figures, one shard of them (the landing page). */
export const platformShardsCollection = () =>
  db.collection('statistics/user_statistics/shards').withConverter(typed<PlatformFigures>());
export const platformShardRef = (shard: number) => platformShardsCollection().doc(String(shard));
/** statistics/user_statistics/months/{YYYY-MM}/shards/{n}: tournaments started that month, sharded. */
export const platformMonthShardRef = (month: string, shard: number) =>
  db
    .collection(`statistics/user_statistics/months/${month}/shards`)
    .withConverter(typed<MonthlyPlatformFigures>())
    .doc(String(shard));
/** Every `shards` collection at once (check:stats): the platform's, its months' (and others, told apart by path). */
export const shardsGroup = () =>
  db.collectionGroup('shards').withConverter(typed<Partial<PlatformFigures & MonthlyPlatformFigures>>());
/** Every month's player counters at once (check:stats): a collection group, filtered to this path. */
export const monthlyPlayersGroup = () => db.collectionGroup('players').withConverter(typed<MonthlyStatistics>());
export interface MonthlyPlatformFigures {
  tournamentsStarted: number;
}

/** users/{uid}/history/{id} */
export const historyCollection = (uid: string) =>
  db.collection(`users/${documentId(uid, 'That user')}/history`).withConverter(typed<HistoryEntry>());
/** Every player's history at once: a deletion's copies of a name in others' histories (users/erase). */
export const historyGroup = () => db.collectionGroup('history').withConverter(typed<HistoryEntry>());

export type StatisticsBefore = Map<string, PlayerStatistics | undefined>;

/** Reads the counters the change will move: call before the transaction's first write. */
export async function readStatistics(tx: Transaction, uids: string[]): Promise<StatisticsBefore> {
  const unique = [...new Set(uids)];
  const snapshots = await Promise.all(unique.map((uid) => tx.get(playerStatisticsRef(uid))));
  return new Map(unique.map((uid, index) => [uid, snapshots[index]!.data()]));
}

/** Every counter, so each document holds all of them (0 where nothing happened yet). */
const increments = (delta: Partial<StatCounters>) =>
  Object.fromEntries(STAT_COUNTERS.map((key) => [key, FieldValue.increment(delta[key] ?? 0)]));

/**
 * Moves the counters of each player by their deltas (all time and this month), awards the badges
 * the change crosses with `now` as their date and keeps the trophies and battle counts on the public
 * profile (seeding, user summaries, SPEC's statsData). Every uid must have been read by readStatistics.
 */
export function writeStatistics(
  tx: Transaction,
  before: StatisticsBefore,
  changes: { uid: string; delta: Partial<StatCounters> }[],
  now: number,
): void {
  const merged = new Map<string, StatCounters>();
  for (const { uid, delta } of changes) merged.set(uid, addCounters(merged.get(uid) ?? countersOf(null), delta));
  const month = statsMonth(now);
  for (const [uid, delta] of merged) {
    if (!before.has(uid)) throw new Error(`statistics of ${uid} were not read before writing`);
    const old = countersOf(before.get(uid));
    const next = addCounters(old, delta);
    const earned = badgesCrossed(old, next).filter((badge) => before.get(uid)?.badges?.[badge] === undefined);
    tx.set(
      playerStatisticsRef(uid),
      {
        uid,
        ...increments(delta),
        ...(earned.length > 0 ? { badges: Object.fromEntries(earned.map((badge) => [badge, now])) } : {}),
        updatedAt: now,
      },
      { merge: true },
    );
    tx.set(monthlyStatisticsRef(month, uid), { uid, month, ...increments(delta) }, { merge: true });
    const profile: Record<string, unknown> = {};
    if (delta.trophies) profile.trophies = FieldValue.increment(delta.trophies);
    if (delta.battlesPlayed) profile['statsData.battlesPlayed'] = FieldValue.increment(delta.battlesPlayed);
    if (delta.battleVictories) profile['statsData.victories'] = FieldValue.increment(delta.battleVictories);
    if (Object.keys(profile).length > 0) tx.update(profileRef(uid), profile);
  }
}

/**
 * Moves the platform's figures (statistics/user_statistics, the landing page): one random shard of
 * the totals, and of this month's tournaments started, so many commands at once never contend.
 */
export function countPlatform(
  tx: Transaction,
  change: Partial<PlatformFigures> & { tournamentsStarted?: number },
  now: number,
): void {
  const shard = Math.floor(Math.random() * PLATFORM_STAT_SHARDS);
  const { tournamentsStarted, ...totals } = change;
  const moved = Object.entries(totals).filter(([, value]) => value);
  if (moved.length > 0)
    tx.set(
      platformShardRef(shard),
      Object.fromEntries(moved.map(([key, value]) => [key, FieldValue.increment(value)])) as Partial<PlatformFigures>,
      { merge: true },
    );
  if (tournamentsStarted)
    tx.set(
      platformMonthShardRef(statsMonth(now), shard),
      { tournamentsStarted: FieldValue.increment(tournamentsStarted) as unknown as number },
      { merge: true },
    );
}

/** A badge that is not earned by counters (alpha, creator): set once, with its date. */
export function awardBadge(tx: Transaction, uid: string, badge: Badge, at: number): void {
  tx.set(playerStatisticsRef(uid), { uid, badges: { [badge]: at } }, { merge: true });
}

/** One line of a player's history; a second write of the same thing replaces the first. */
export function writeHistory(tx: Transaction, uid: string, entry: HistoryEntry): void {
  tx.set(historyCollection(uid).doc(historyId(entry)), entry);
}

/**
 * The sweeper's publication of the platform's figures (PlatformSummary): sums the shards of the
 * totals, of `now`'s month and of the grand prize's battle counter, and writes
 * statistics/user_statistics when a figure moved. Each shard collection is read as one query (a
 * consistent snapshot); nothing is locked, so no battle waits for it. Two sweeps at once cannot
 * put older sums over newer ones: the older read time is not written, and the write holds only if
 * the document is still the one read (its update time). Answers whether it wrote. `store` is the
 * app's database but for tests, which use a project of their own.
 */
export async function publishPlatformFigures(now: number, store: Firestore = db): Promise<boolean> {
  const month = statsMonth(now);
  const [totals, monthShards, counter] = await Promise.all([
    store.collection('statistics/user_statistics/shards').get(),
    store.collection(`statistics/user_statistics/months/${month}/shards`).get(),
    store.collection('counters/battles/shards').get(),
  ]);
  const sum = (snapshot: QuerySnapshot, field: string) =>
    snapshot.docs.reduce((total, shard) => total + ((shard.get(field) as number | undefined) ?? 0), 0);
  const summary: PlatformSummary = {
    players: sum(totals, 'players'),
    battles: sum(totals, 'battles'),
    coinsWon: sum(totals, 'coinsWon'),
    month,
    tournamentsStarted: sum(monthShards, 'tournamentsStarted'),
    campaignBattles: sum(counter, 'count'),
    asOf: Math.min(...[totals, monthShards, counter].map((snapshot) => snapshot.readTime.toMillis())),
  };
  const ref = store.doc('statistics/user_statistics');
  const current = await ref.get();
  const published = current.data() as PlatformSummary | undefined;
  if (published && published.asOf >= summary.asOf) return false;
  const figures = ['players', 'battles', 'coinsWon', 'month', 'tournamentsStarted', 'campaignBattles'] as const;
  if (published && figures.every((key) => published[key] === summary[key])) return false;
  try {
    if (current.exists) await ref.update({ ...summary }, { lastUpdateTime: current.updateTime! });
    else await ref.create(summary);
    return true;
  } catch (error) {
    // Another sweep published in between (FAILED_PRECONDITION, ALREADY_EXISTS): its figures stand.
    if (settledMeanwhile(error)) return false;
    throw error;
  }
}
