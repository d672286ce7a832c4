import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { actors, seed, useRulesEnvironment } from './environment';

const environment = useRulesEnvironment();

// alice challenged bob; carol is an outsider.
const seedBattles = () =>
  seed(environment(), {
    'battle_challenges/c1': { participants: ['alice', 'bob'], state: 'PENDING', expires: 1, entryFee: 130 },
    'battle_challenges/c2': { participants: ['carol', 'dave'], state: 'PENDING', expires: 1, entryFee: 130 },
    'battles/b1': { participants: ['alice', 'bob'], state: 'ONGOING', createdAt: 1, entryFee: 130 },
    'battles/b2': { participants: ['carol', 'dave'], state: 'ONGOING', createdAt: 1, entryFee: 130 },
  });
const carol = () => environment().authenticatedContext('carol', { email_verified: true }).firestore();

for (const collectionName of ['battle_challenges', 'battles'] as const) {
  const own = collectionName === 'battles' ? 'battles/b1' : 'battle_challenges/c1';
  describe(collectionName, () => {
    it('the two players read it, one by one and through the "mine" query', async () => {
      await seedBattles();
      const { owner, other } = actors(environment());
      await assertSucceeds(getDoc(doc(owner, own)));
      await assertSucceeds(getDoc(doc(other, own)));
      await assertSucceeds(
        getDocs(query(collection(owner, collectionName), where('participants', 'array-contains', 'alice'))),
      );
      await assertSucceeds(
        getDocs(
          query(
            collection(other, collectionName),
            where('participants', 'array-contains', 'bob'),
            where('state', '==', collectionName === 'battles' ? 'ONGOING' : 'PENDING'),
          ),
        ),
      );
    });

    it('outsiders and visitors read nothing; listing everything fails; admins read all', async () => {
      await seedBattles();
      const { anonymous, owner, admin } = actors(environment());
      await assertFails(getDoc(doc(carol(), own)));
      await assertFails(getDoc(doc(anonymous, own)));
      await assertFails(getDocs(collection(owner, collectionName)));
      await assertFails(
        getDocs(query(collection(carol(), collectionName), where('participants', 'array-contains', 'alice'))),
      );
      await assertSucceeds(getDocs(collection(admin, collectionName)));
    });

    it('nobody writes: not the players, not admins', async () => {
      await seedBattles();
      const { owner, admin } = actors(environment());
      await assertFails(updateDoc(doc(owner, own), { state: 'ENDED', winner: { id: 'alice' } }));
      await assertFails(
        setDoc(doc(owner, `${collectionName}/forged`), { participants: ['alice', 'bob'], state: 'ONGOING' }),
      );
      await assertFails(deleteDoc(doc(owner, own)));
      await assertFails(updateDoc(doc(admin, own), { state: 'CANCELLED' }));
    });
  });
}

describe('campaign entries, battle counter and player statistics', () => {
  const seedCampaign = () =>
    seed(environment(), {
      'campaigns/2026-11': { month: '2026-11', prize: 'A headset', draw: null },
      'campaigns/2026-11/entries/b1_alice': { uid: 'alice', battle: 'b1' },
      'campaigns/2026-11/entries/b1_bob': { uid: 'bob', battle: 'b1' },
      'counters/battles/shards/0': { count: 3 },
      'player_statistics/alice': { uid: 'alice', battlesPlayed: 1 },
    });

  it('the campaign and statistics are public, the counter’s shards the server’s; nobody writes them', async () => {
    await seedCampaign();
    const { anonymous, owner, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(anonymous, 'campaigns/2026-11')));
    // Its sum is published in statistics/user_statistics (campaignBattles).
    await assertFails(getDocs(collection(anonymous, 'counters/battles/shards')));
    await assertFails(getDocs(collection(owner, 'counters/battles/shards')));
    await assertSucceeds(getDoc(doc(anonymous, 'player_statistics/alice')));
    await assertFails(setDoc(doc(owner, 'counters/battles/shards/1'), { count: 10_000 }));
    await assertFails(updateDoc(doc(admin, 'campaigns/2026-11'), { prize: 'A car' }));
    await assertFails(updateDoc(doc(owner, 'player_statistics/alice'), { battlesPlayed: 99 }));
  });

  it('a player sees their own draw entries, admins all; nobody adds one', async () => {
    await seedCampaign();
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDocs(query(collection(owner, 'campaigns/2026-11/entries'), where('uid', '==', 'alice'))));
    await assertFails(getDoc(doc(other, 'campaigns/2026-11/entries/b1_alice')));
    await assertFails(getDocs(collection(anonymous, 'campaigns/2026-11/entries')));
    await assertSucceeds(getDocs(collection(admin, 'campaigns/2026-11/entries')));
    await assertFails(setDoc(doc(owner, 'campaigns/2026-11/entries/extra_alice'), { uid: 'alice', battle: 'extra' }));
  });
});
