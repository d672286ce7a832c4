import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getCountFromServer,
  getDoc,
  getDocs,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  aheadOfQuery,
  leaderboardQuery,
  ownStandingDoc,
  profilesQuery,
} from '../../web/src/features/leaderboards/queries';
import { historyQuery, playerStatisticsDoc } from '../../web/src/features/profile/queries';
import { actors, seed, useRulesEnvironment } from './environment';

// Standing (issue 14), through the web app's own queries: statistics, the monthly boards and match
// history are public to read; nobody but the API writes them, not even their player.
const environment = useRulesEnvironment();
const as = (db: unknown) => db as Firestore;

async function seedStanding() {
  await seed(environment(), {
    'users/alice': { uid: 'alice', displayName: 'Alice', trophies: 10 },
    'users/bob': { uid: 'bob', displayName: 'Bobby', trophies: 6 },
    'player_statistics/alice': { uid: 'alice', trophies: 10, battleVictories: 2, badges: { alpha: 1 } },
    'player_statistics/bob': { uid: 'bob', trophies: 6, battleVictories: 0 },
    'player_statistics_months/2026-11/players/alice': { uid: 'alice', month: '2026-11', trophies: 10 },
    'users/alice/history/battle_b1': { kind: 'battle', at: 1, ref: 'b1', won: true },
    'statistics/user_statistics/shards/0': { players: 2, battles: 1, coinsWon: 260 },
    'statistics/user_statistics/months/2026-11/shards/0': { tournamentsStarted: 1 },
    'statistics/user_statistics': {
      players: 2,
      battles: 1,
      coinsWon: 260,
      month: '2026-11',
      tournamentsStarted: 1,
      campaignBattles: 1,
      asOf: 1,
    },
  });
}

describe('standing under the rules', () => {
  it('anyone reads the boards, ranks, summaries, statistics and history', async () => {
    await seedStanding();
    const { anonymous, owner } = actors(environment());
    for (const db of [anonymous, owner]) {
      await assertSucceeds(getDocs(leaderboardQuery(as(db), 'top-players', 'all-time', '2026-11')));
      await assertSucceeds(getDocs(leaderboardQuery(as(db), 'battle-players', 'this-month', '2026-11')));
      await assertSucceeds(getCountFromServer(aheadOfQuery(as(db), 'top-players', 'all-time', '2026-11', 6)));
      await assertSucceeds(getDoc(ownStandingDoc(as(db), 'this-month', '2026-11', 'alice')));
      await assertSucceeds(getDocs(profilesQuery(as(db), ['alice', 'bob'])));
      await assertSucceeds(getDoc(playerStatisticsDoc(as(db), 'alice')));
      await assertSucceeds(getDocs(historyQuery(as(db), 'alice', 11)));
      // The landing page's live figures, as the sweeper publishes them.
      await assertSucceeds(getDoc(doc(as(db), 'statistics', 'user_statistics')));
    }
  });

  it('the shards the figures are summed from are the server’s alone', async () => {
    await seedStanding();
    const { anonymous, owner, admin } = actors(environment());
    for (const db of [anonymous, owner, admin]) {
      await assertFails(getDocs(collection(as(db), 'statistics', 'user_statistics', 'shards')));
      await assertFails(getDoc(doc(as(db), 'statistics', 'user_statistics', 'shards', '0')));
      await assertFails(getDocs(collection(as(db), 'statistics', 'user_statistics', 'months', '2026-11', 'shards')));
      await assertFails(getDocs(collection(as(db), 'statistics')));
    }
  });

  it('nobody writes statistics, monthly counters, badges or history, not even their player', async () => {
    await seedStanding();
    const { owner, admin } = actors(environment());
    for (const db of [owner, admin]) {
      await assertFails(updateDoc(doc(as(db), 'player_statistics/alice'), { trophies: 99 }));
      await assertFails(updateDoc(doc(as(db), 'player_statistics/alice'), { 'badges.champion': 1 }));
      await assertFails(setDoc(doc(as(db), 'player_statistics_months/2026-11/players/alice'), { trophies: 99 }));
      await assertFails(setDoc(doc(as(db), 'users/alice/history/fake'), { kind: 'battle', at: 2, won: true }));
      await assertFails(deleteDoc(doc(as(db), 'users/alice/history/battle_b1')));
      await assertFails(setDoc(doc(as(db), 'statistics/user_statistics/shards/3'), { players: 1_000_000 }));
      await assertFails(updateDoc(doc(as(db), 'statistics/user_statistics/shards/0'), { coinsWon: 0 }));
      await assertFails(setDoc(doc(as(db), 'statistics/user_statistics'), { players: 1 }));
      await assertFails(updateDoc(doc(as(db), 'statistics/user_statistics'), { players: 1_000_000 }));
    }
  });
});
