import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { getDoc, getDocs, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  activeBattlesQuery,
  battleDoc,
  challengeDoc,
  disputedBattlesQuery,
  myBattlesQuery,
  pendingChallengesQuery,
} from '../../web/src/features/battles/queries';
import { profileDoc, walletSettingsDoc } from '../../web/src/lib/documents';
import { NOTIFICATION_TYPES } from '@versus/domain/notifications/types';
import { myNotificationsQuery, notificationsPageQueries } from '../../web/src/features/notifications/queries';
import { coinHistoryQuery, payoutHistoryQuery } from '../../web/src/features/profile/queries';
import { activeProductsQuery, orderDoc, payoutsInReviewQuery } from '../../web/src/features/wallet/queries';
import { actors, seed, useRulesEnvironment } from './environment';

// The web app's own queries (features/*/queries.ts), run under the real rules: what the pages and
// banners read must be allowed for the right user and refused for everyone else.
const environment = useRulesEnvironment();
const as = (db: unknown) => db as Firestore;

async function seedAll() {
  await seed(environment(), {
    'battle_challenges/c1': { participants: ['alice', 'bob'], state: 'PENDING', expires: 1 },
    'battles/b1': { participants: ['alice', 'bob'], state: 'ONGOING', createdAt: 1 },
    'battles/b2': { participants: ['carol', 'dave'], state: 'IN-DISPUTE', createdAt: 2 },
    'payouts/p1': { uid: 'alice', createdAt: 1, bucks: 1000 },
    'payouts/p2': { uid: 'alice', createdAt: 2, bucks: 1000, state: 'PENDING', needsReview: true },
    'ledger/alice:seed-grant:demo': { uid: 'alice', delta: 100, reason: 'seed-grant', ref: 'demo', createdAt: 1 },
    'products/coins-130': { active: true, bucks: 130, prices: { EUR: 119 } },
    'users/alice/notifications/n1': { uid: 'alice', type: 'FOLLOW', viewed: false, createdAt: 1 },
    'users/alice': { uid: 'alice', displayName: 'Alice' },
    'paypal_orders/o1': { uid: 'alice', status: 'CREATED' },
    'settings/wallet': { minimumWithdrawal: 1000 },
  });
}

describe("the web app's queries under the rules", () => {
  it('battles: a player reads their own challenges and battles, nobody reads another player’s', async () => {
    await seedAll();
    const { anonymous, owner, other } = actors(environment());
    await assertSucceeds(getDocs(pendingChallengesQuery(as(owner), 'alice')));
    await assertSucceeds(getDocs(myBattlesQuery(as(owner), 'alice', 20)));
    await assertSucceeds(getDocs(activeBattlesQuery(as(owner), 'alice')));
    // bob is alice's opponent, but may not list *her* battles by her uid (his own query uses his).
    for (const db of [anonymous, other]) {
      await assertFails(getDocs(pendingChallengesQuery(as(db), 'alice')));
      await assertFails(getDocs(myBattlesQuery(as(db), 'alice', 20)));
      await assertFails(getDocs(activeBattlesQuery(as(db), 'alice')));
    }
  });

  it('the disputes list and the withdrawals waiting for review are for platform admins only', async () => {
    await seedAll();
    const { anonymous, owner, admin } = actors(environment());
    await assertSucceeds(getDocs(disputedBattlesQuery(as(admin))));
    await assertSucceeds(getDocs(payoutsInReviewQuery(as(admin))));
    for (const db of [anonymous, owner]) {
      await assertFails(getDocs(disputedBattlesQuery(as(db))));
      // Even the owner of the only payout in review: the list asks for everyone's.
      await assertFails(getDocs(payoutsInReviewQuery(as(db))));
    }
  });

  it('payout and coin history and notifications are their owner’s; the shop is everyone’s', async () => {
    await seedAll();
    const { anonymous, owner, other } = actors(environment());
    await assertSucceeds(getDocs(payoutHistoryQuery(as(owner), 'alice')));
    await assertSucceeds(getDocs(coinHistoryQuery(as(owner), 'alice', 26)));
    await assertSucceeds(getDocs(myNotificationsQuery(as(owner), 'alice')));
    // A filter of more types than one `in` takes (30) is asked in parts, each allowed (record 179).
    for (const types of [null, ['FOLLOW'], [...NOTIFICATION_TYPES]]) {
      const queries = notificationsPageQueries(as(owner), 'alice', types, 20);
      expect(queries).toHaveLength(types ? Math.ceil(types.length / 30) : 1);
      for (const query of queries) await assertSucceeds(getDocs(query));
    }
    for (const db of [anonymous, other]) {
      for (const query of notificationsPageQueries(as(db), 'alice', null, 20)) await assertFails(getDocs(query));
      await assertFails(getDocs(payoutHistoryQuery(as(db), 'alice')));
      await assertFails(getDocs(coinHistoryQuery(as(db), 'alice', 26)));
      await assertFails(getDocs(myNotificationsQuery(as(db), 'alice')));
    }
    for (const db of [anonymous, owner, other]) await assertSucceeds(getDocs(activeProductsQuery(as(db))));
  });

  it('documents the pages watch: a battle and a challenge for their players, an order for its buyer', async () => {
    await seedAll();
    const { anonymous, owner, other, admin } = actors(environment());
    // bob is the other player of b1 and c1 (participants alice and bob); "other" here is bob.
    for (const db of [owner, other, admin]) {
      await assertSucceeds(getDoc(battleDoc(as(db), 'b1')));
      await assertSucceeds(getDoc(challengeDoc(as(db), 'c1')));
    }
    await assertFails(getDoc(battleDoc(as(anonymous), 'b1')));
    await assertFails(getDoc(battleDoc(as(owner), 'b2')));
    await assertSucceeds(getDoc(orderDoc(as(owner), 'o1')));
    await assertFails(getDoc(orderDoc(as(other), 'o1')));
    for (const db of [anonymous, owner]) {
      await assertSucceeds(getDoc(profileDoc(as(db), 'alice')));
      await assertSucceeds(getDoc(walletSettingsDoc(as(db))));
    }
  });
});
