import { FieldValue, type DocumentData, type DocumentReference } from 'firebase-admin/firestore';
import {
  countersOf,
  isAlphaAccount,
  rebuildStatistics,
  STAT_COUNTERS,
  PLATFORM_FIGURES,
  PLATFORM_STAT_SHARDS,
  type StatCounters,
} from '@versus/domain/users/statistics';
import type { PlayerStatistics as LivePlayerStatistics } from '@versus/domain/users/statistics';
import { db } from '../platform/firebase';
import { profileRef } from '../platform/collections';
import { monthlyStatisticsRef, platformMonthShardRef, platformShardRef, playerStatisticsRef } from './statistics';
import { emptyFigures, type PlatformSnapshot, type PlayersSnapshot, type Snapshot } from './rebuild-statistics';

/**
 * The statistics' check and repair (check:stats, npm run migrate): each live figure against its
 * rebuild from battles, tournaments and the ledger, and the rebuilt ones written where they differ.
 */

const differences = (label: string, live: StatCounters, rebuilt: StatCounters) =>
  STAT_COUNTERS.filter((key) => live[key] !== rebuilt[key]).map(
    (key) => `${label}: ${key} is ${live[key]}, rebuilt ${rebuilt[key]}`,
  );

/** Everything check:stats proves, from one snapshot of everyone. */
export const checkStatistics = (snapshot: Snapshot): string[] => [
  ...checkPlatform(snapshot.platform),
  ...checkPlayers(snapshot),
];

/** The platform's live figures against their rebuild. */
export function checkPlatform(platform: PlatformSnapshot): string[] {
  const findings: string[] = [];
  for (const key of PLATFORM_FIGURES)
    if (platform.live[key] !== platform.expected[key])
      findings.push(`statistics/user_statistics: ${key} is ${platform.live[key]}, rebuilt ${platform.expected[key]}`);
  for (const month of new Set([...platform.started.keys(), ...platform.liveStarted.keys()]))
    if ((platform.liveStarted.get(month) ?? 0) !== (platform.started.get(month) ?? 0))
      findings.push(
        `statistics/user_statistics/months/${month}: tournamentsStarted is ${platform.liveStarted.get(month) ?? 0}, rebuilt ${platform.started.get(month) ?? 0}`,
      );
  return findings;
}

/** Each player's live statistics (counters, months, badges, profile) against their rebuild and the ledger. */
export function checkPlayers(snapshot: PlayersSnapshot): string[] {
  const findings: string[] = [];
  const rebuilt = rebuildStatistics(snapshot.events);
  const uids = new Set([...rebuilt.allTime.keys(), ...snapshot.live.keys()]);
  for (const uid of uids) {
    const live = snapshot.live.get(uid);
    const expected = rebuilt.allTime.get(uid);
    const counters = expected?.counters ?? countersOf(null);
    findings.push(...differences(`player_statistics/${uid}`, countersOf(live), counters));
    if (live?.months !== undefined) findings.push(`player_statistics/${uid}: still holds the old months map`);
    const badges = Object.keys(live?.badges ?? {});
    for (const badge of Object.keys(expected?.badges ?? {}))
      if (!badges.includes(badge)) findings.push(`player_statistics/${uid}: badge ${badge} is missing`);
    for (const badge of badges.filter((name) => !['alpha', 'creator'].includes(name)))
      if (!(badge in (expected?.badges ?? {})))
        findings.push(`player_statistics/${uid}: badge ${badge} was not earned`);
    const profile = snapshot.profiles.get(uid);
    if (profile && !profile.anonymised) {
      if ((profile.trophies ?? 0) !== counters.trophies)
        findings.push(`users/${uid}: trophies ${profile.trophies}, rebuilt ${counters.trophies}`);
      if ((profile.statsData?.battlesPlayed ?? 0) !== counters.battlesPlayed)
        findings.push(
          `users/${uid}: statsData.battlesPlayed ${profile.statsData?.battlesPlayed}, rebuilt ${counters.battlesPlayed}`,
        );
      if ((profile.statsData?.victories ?? 0) !== counters.battleVictories)
        findings.push(
          `users/${uid}: statsData.victories ${profile.statsData?.victories}, rebuilt ${counters.battleVictories}`,
        );
    }
    // The same coins, counted from the ledger.
    const ledger = snapshot.ledgerCoins.get(uid) ?? { battle: 0, prize: 0, host: 0 };
    if (ledger.battle !== counters.battleCoinsWon)
      findings.push(`${uid}: battle prizes in the ledger ${ledger.battle}, in battles ${counters.battleCoinsWon}`);
    if (ledger.prize !== counters.tournamentCoinsWon)
      findings.push(
        `${uid}: tournament prizes in the ledger ${ledger.prize}, in results ${counters.tournamentCoinsWon}`,
      );
    if (ledger.host !== counters.hostCoinsEarned)
      findings.push(`${uid}: host shares in the ledger ${ledger.host}, in results ${counters.hostCoinsEarned}`);
  }
  for (const [uid, profile] of snapshot.profiles) {
    const badges = snapshot.live.get(uid)?.badges ?? {};
    if (!profile.anonymised && isAlphaAccount(profile.createdAt) && badges.alpha === undefined)
      findings.push(`player_statistics/${uid}: badge alpha is missing`);
    if (snapshot.creators.has(uid) && badges.creator === undefined)
      findings.push(`player_statistics/${uid}: badge creator is missing`);
  }
  for (const key of new Set([...rebuilt.months.keys(), ...snapshot.liveMonths.keys()]))
    findings.push(
      ...differences(
        `player_statistics_months/${key.replace('/', '/players/')}`,
        countersOf(snapshot.liveMonths.get(key)),
        rebuilt.months.get(key) ?? countersOf(null),
      ),
    );
  return findings;
}

/** The backfill: writes the rebuilt figures over the live ones (everyone's, from one snapshot). */
export async function backfillStatistics(snapshot: Snapshot): Promise<number> {
  return (await backfillPlayers(snapshot)) + (await backfillPlatform(snapshot.platform));
}

/** Writes the players' rebuilt figures (one player's in the paged check:stats -- --fix). */
export async function backfillPlayers(snapshot: PlayersSnapshot): Promise<number> {
  const rebuilt = rebuildStatistics(snapshot.events);
  const writer = db.bulkWriter();
  let writes = 0;
  const write = <T extends DocumentData>(ref: DocumentReference<T>, data: Partial<T>) => {
    writes += 1;
    void writer.set(ref, data, { merge: true });
  };
  const uids = new Set([...rebuilt.allTime.keys(), ...snapshot.live.keys(), ...snapshot.profiles.keys()]);
  for (const uid of uids) {
    const expected = rebuilt.allTime.get(uid);
    const counters = expected?.counters ?? countersOf(null);
    const profile = snapshot.profiles.get(uid);
    const badges: Record<string, number> = { ...(expected?.badges ?? {}) };
    const live = snapshot.live.get(uid)?.badges ?? {};
    for (const badge of Object.keys(badges)) badges[badge] = live[badge] ?? badges[badge]!;
    if (profile && !profile.anonymised && isAlphaAccount(profile.createdAt))
      badges.alpha = live.alpha ?? profile.createdAt;
    if (snapshot.creators.has(uid)) badges.creator = live.creator ?? profile?.createdAt ?? Date.now();
    // The whole badges map is replaced (a threshold badge not earned any more goes); counters too.
    writes += 1;
    void writer.set(
      playerStatisticsRef(uid),
      { uid, ...counters, badges, months: FieldValue.delete() } as unknown as LivePlayerStatistics,
      { mergeFields: ['uid', ...STAT_COUNTERS, 'badges', 'months'] },
    );
    if (profile && !profile.anonymised)
      write(profileRef(uid), {
        trophies: counters.trophies,
        statsData: { battlesPlayed: counters.battlesPlayed, victories: counters.battleVictories },
      });
  }
  for (const key of new Set([...rebuilt.months.keys(), ...snapshot.liveMonths.keys()])) {
    const [month, uid] = key.split('/') as [string, string];
    write(monthlyStatisticsRef(month, uid), {
      uid,
      month,
      ...(rebuilt.months.get(key) ?? countersOf(null)),
    });
  }
  await writer.close();
  return writes;
}

/** Writes the platform's rebuilt figures: the totals in shard 0, every other shard emptied. */
export async function backfillPlatform(platform: PlatformSnapshot): Promise<number> {
  const writer = db.bulkWriter();
  let writes = 0;
  for (let shard = 0; shard < PLATFORM_STAT_SHARDS; shard += 1) {
    writes += 1;
    void writer.set(platformShardRef(shard), shard === 0 ? platform.expected : emptyFigures());
    for (const month of new Set([...platform.started.keys(), ...platform.liveStarted.keys()])) {
      writes += 1;
      void writer.set(platformMonthShardRef(month, shard), {
        tournamentsStarted: shard === 0 ? (platform.started.get(month) ?? 0) : 0,
      });
    }
  }
  await writer.close();
  return writes;
}
