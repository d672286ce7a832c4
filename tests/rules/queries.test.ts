import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { getDocs, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  activeBattlesQuery,
  disputedBattlesQuery,
  myBattlesQuery,
  pendingChallengesQuery,
} from '../../web/src/features/battles/queries';
import { myNotificationsQuery } from '../../web/src/features/notifications/queries';
import { payoutHistoryQuery } from '../../web/src/features/profile/queries';
import { activeProductsQuery } from '../../web/src/features/wallet/queries';
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
    'products/coins-130': { active: true, bucks: 130, prices: { EUR: 119 } },
    'users/alice/notifications/n1': { uid: 'alice', type: 'FOLLOW', viewed: false, createdAt: 1 },
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

  it('the disputes list is for platform admins only', async () => {
    await seedAll();
    const { anonymous, owner, admin } = actors(environment());
    await assertSucceeds(getDocs(disputedBattlesQuery(as(admin))));
    for (const db of [anonymous, owner]) await assertFails(getDocs(disputedBattlesQuery(as(db))));
  });

  it('payout history and notifications are their owner’s; the shop is everyone’s', async () => {
    await seedAll();
    const { anonymous, owner, other } = actors(environment());
    await assertSucceeds(getDocs(payoutHistoryQuery(as(owner), 'alice')));
    await assertSucceeds(getDocs(myNotificationsQuery(as(owner), 'alice')));
    for (const db of [anonymous, other]) {
      await assertFails(getDocs(payoutHistoryQuery(as(db), 'alice')));
      await assertFails(getDocs(myNotificationsQuery(as(db), 'alice')));
    }
    for (const db of [anonymous, owner, other]) await assertSucceeds(getDocs(activeProductsQuery(as(db))));
  });
});
