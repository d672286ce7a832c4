import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import type { Firestore } from 'firebase/firestore';
import { dataExportDoc, followListQuery } from '../../web/src/features/profile/queries';
import { actors, seed, useRulesEnvironment } from './environment';

const environment = useRulesEnvironment();
const as = (db: unknown) => db as Firestore;
const profile = { uid: 'alice', displayName: 'Alice', deactivated: false, trophies: 0 };

const seedUsers = () =>
  seed(environment(), {
    'users/alice': profile,
    'users/alice/private/account': { email: 'alice@versus.test', funds: 100 },
    'users/alice/notifications/n1': { uid: 'alice', type: 'FOLLOW', viewed: false },
    'users/alice/followers/bob': { uid: 'bob', displayName: 'Bob', createdAt: 1 },
    'users/alice/following/bob': { uid: 'bob', displayName: 'Bob', createdAt: 1 },
    'follow_pairs/alice_bob': { users: ['alice', 'bob'], firstFollows: true, secondFollows: true },
    'gameAccounts/riot_puuid-alice': { uid: 'alice', platform: 'riot', accountId: 'puuid-alice', display: 'Alice#EUW' },
    'game_record_uses/dota-2_77': { game: 'dota-2', matchId: '77', contest: 'battles/b1', at: 1 },
    'link_states/abc': { uid: 'alice', platform: 'steam', returnTo: 'http://localhost:5173/x', expiresAt: 1 },
    'openid_nonces/def': { at: 1, expiresAt: 2 },
    'admins/root': { uid: 'root', since: 1 },
    'data_exports/alice': {
      uid: 'alice',
      state: 'READY',
      requestedAt: 1,
      token: 'x'.repeat(43),
      path: 'exports/alice/b.zip',
    },
  });

/**
 * A document only the server reads and writes: no client (a visitor, the player it is about, another
 * player, a platform admin) reads it, lists its collection, creates one beside it, changes or deletes it.
 */
async function expectServerOnly(existing: string, created: string, data: Record<string, unknown>) {
  const { anonymous, owner, other, admin } = actors(environment());
  for (const db of [anonymous, owner, other, admin]) {
    await assertFails(getDoc(doc(db, existing)));
    await assertFails(getDocs(collection(db, existing.split('/').slice(0, -1).join('/'))));
    await assertFails(setDoc(doc(db, created), data));
    await assertFails(updateDoc(doc(db, existing), data));
    await assertFails(deleteDoc(doc(db, existing)));
  }
}

describe('users/{uid} (public profile)', () => {
  it('anyone may read profiles, one or many', async () => {
    await seedUsers();
    const { anonymous, other } = actors(environment());
    await assertSucceeds(getDoc(doc(anonymous, 'users/alice')));
    await assertSucceeds(getDocs(collection(other, 'users')));
  });

  it('nobody creates or deletes profiles from a client', async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    await assertFails(setDoc(doc(owner, 'users/alice2'), profile));
    await assertFails(setDoc(doc(anonymous, 'users/eve'), profile));
    await assertFails(deleteDoc(doc(owner, 'users/alice')));
    await assertFails(deleteDoc(doc(other, 'users/alice')));
    await assertFails(deleteDoc(doc(admin, 'users/alice')));
  });

  it('nobody updates a profile from a client, its owner included', async () => {
    await seedUsers();
    const { owner, anonymous, other, admin } = actors(environment());
    // Presence moved to a document of its own (docs/decisions/0093).
    await assertFails(updateDoc(doc(owner, 'users/alice'), { lastSeen: Date.now() }));
    await assertFails(updateDoc(doc(owner, 'users/alice'), { trophies: 999 }));
    await assertFails(updateDoc(doc(owner, 'users/alice'), { displayName: 'Mallory' }));
    await assertFails(updateDoc(doc(owner, 'users/alice'), { deactivated: true }));
    // Their reliability (issue #60) is the match commits' alone: no clean record, no lifted ban.
    await assertFails(updateDoc(doc(owner, 'users/alice'), { 'reliability.liftedAt': Date.now() }));
    for (const db of [anonymous, other, admin]) await assertFails(updateDoc(doc(db, 'users/alice'), { trophies: 1 }));
  });
});

describe('users/{uid}/presence/seen (the presence heartbeat)', () => {
  const seen = 'users/alice/presence/seen';
  it('anyone reads it; the owner writes only lastSeen, at most a minute ahead, and only forward', async () => {
    await seedUsers();
    const { owner, other, anonymous } = actors(environment());
    await assertSucceeds(setDoc(doc(owner, seen), { lastSeen: Date.now() }));
    await assertSucceeds(getDoc(doc(anonymous, seen)));
    await assertSucceeds(getDoc(doc(other, seen)));
    await assertSucceeds(setDoc(doc(owner, seen), { lastSeen: Date.now() + 1_000 }));
    await assertFails(setDoc(doc(owner, seen), { lastSeen: 500 }));
    await assertFails(setDoc(doc(owner, seen), { lastSeen: Date.now() + 3_600_000 }));
    await assertFails(setDoc(doc(owner, seen), { lastSeen: `${Date.now()}` }));
    await assertFails(setDoc(doc(owner, seen), { lastSeen: Date.now() + 2_000, online: true }));
    await assertFails(deleteDoc(doc(owner, seen)));
  });

  it('nobody else writes it, and it is the one presence document', async () => {
    await seedUsers();
    const { owner, other, anonymous, admin } = actors(environment());
    for (const db of [other, anonymous, admin]) await assertFails(setDoc(doc(db, seen), { lastSeen: Date.now() }));
    await assertFails(setDoc(doc(owner, 'users/alice/presence/other'), { lastSeen: Date.now() }));
    await assertFails(setDoc(doc(owner, 'users/alice/presence/seen/x/y'), { lastSeen: Date.now() }));
    await assertFails(getDocs(collection(other, 'users/alice/presence')));
  });
});

describe('gameAccounts/{platform}_{id} (issue #22: who holds a game account)', () => {
  it('server only: nobody reads or writes it from a client, not its owner, not an admin', async () => {
    await seedUsers();
    await expectServerOnly('gameAccounts/riot_puuid-alice', 'gameAccounts/riot_puuid-mallory', { uid: 'alice' });
  });

  it('game_record_uses (the game that decided a contest) is server only too', async () => {
    await seedUsers();
    await expectServerOnly('game_record_uses/dota-2_77', 'game_record_uses/dota-2_78', { contest: 'battles/b2' });
  });

  it('the owner cannot write verified game accounts onto the public profile', async () => {
    await seedUsers();
    const { owner } = actors(environment());
    await assertFails(updateDoc(doc(owner, 'users/alice'), { gameAccounts: { riot: { id: 'x', display: 'y' } } }));
  });
});

describe('users/{uid}/private/account', () => {
  it('only the owner and platform admins read it', async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(owner, 'users/alice/private/account')));
    await assertSucceeds(getDoc(doc(admin, 'users/alice/private/account')));
    await assertFails(getDoc(doc(other, 'users/alice/private/account')));
    await assertFails(getDoc(doc(anonymous, 'users/alice/private/account')));
    await assertFails(getDocs(collection(other, 'users/alice/private')));
  });

  it('nobody writes it from a client, not even the owner raising their funds', async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    await assertFails(updateDoc(doc(owner, 'users/alice/private/account'), { funds: 1_000_000 }));
    // The calendar link's version (issue #60): a link turned off cannot be turned back on by hand.
    await assertFails(updateDoc(doc(owner, 'users/alice/private/account'), { calendarFeed: 1 }));
    // Alert choices (issue #60) go through the API, which records when they changed.
    await assertFails(updateDoc(doc(owner, 'users/alice/private/account'), { 'alerts.kinds.payout.email': false }));
    await assertFails(setDoc(doc(owner, 'users/alice/private/other'), { x: 1 }));
    await assertFails(deleteDoc(doc(owner, 'users/alice/private/account')));
    for (const db of [anonymous, other, admin])
      await assertFails(updateDoc(doc(db, 'users/alice/private/account'), { funds: 0 }));
  });

  it('nobody clears their unplayed coins from a client to withdraw them (DESIGN §5 play-through)', async () => {
    await seed(environment(), {
      'users/alice/private/account': { email: 'alice@versus.test', funds: 2750, unplayed: 2750 },
    });
    const { owner, other, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(owner, 'users/alice/private/account')));
    await assertFails(updateDoc(doc(owner, 'users/alice/private/account'), { unplayed: 0 }));
    await assertFails(setDoc(doc(owner, 'users/alice/private/account'), { email: 'alice@versus.test', funds: 2750 }));
    for (const db of [other, admin])
      await assertFails(updateDoc(doc(db, 'users/alice/private/account'), { unplayed: 0 }));
  });
});

describe('users/{uid}/notifications', () => {
  it('only the owner reads their notifications', async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDocs(collection(owner, 'users/alice/notifications')));
    await assertFails(getDocs(collection(other, 'users/alice/notifications')));
    await assertFails(getDoc(doc(anonymous, 'users/alice/notifications/n1')));
    await assertFails(getDoc(doc(admin, 'users/alice/notifications/n1')));
  });

  it('no client writes notifications (viewed goes through the API)', async () => {
    await seedUsers();
    const { owner, other } = actors(environment());
    await assertFails(updateDoc(doc(owner, 'users/alice/notifications/n1'), { viewed: true }));
    await assertFails(setDoc(doc(other, 'users/alice/notifications/spam'), { uid: 'alice', type: 'FOLLOW' }));
    await assertFails(deleteDoc(doc(owner, 'users/alice/notifications/n1')));
  });
});

describe('usernames', () => {
  it('is closed to every client', async () => {
    await seed(environment(), { 'usernames/alice': { uid: 'alice' } });
    await expectServerOnly('usernames/alice', 'usernames/bob', { uid: 'alice' });
  });
});

describe('following: users/{uid}/followers, users/{uid}/following, follow_pairs', () => {
  it("the lists are public, read through the profile page's query; nobody writes them from a client", async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    for (const db of [anonymous, owner, other]) {
      await assertSucceeds(getDocs(followListQuery(db as unknown as Firestore, 'alice', 'followers', 25)));
      await assertSucceeds(getDocs(followListQuery(db as unknown as Firestore, 'alice', 'following', 25)));
    }
    for (const db of [anonymous, owner, other, admin]) {
      await assertFails(setDoc(doc(db, 'users/alice/followers/eve'), { uid: 'eve' }));
      await assertFails(deleteDoc(doc(db, 'users/alice/following/bob')));
      await assertFails(setDoc(doc(db, 'users/bob/followers/alice'), { uid: 'alice' }));
    }
  });

  it("the pair documents are the server's alone", async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    for (const db of [anonymous, owner, other, admin]) {
      await assertFails(getDoc(doc(db, 'follow_pairs/alice_bob')));
      await assertFails(setDoc(doc(db, 'follow_pairs/alice_eve'), { users: ['alice', 'eve'] }));
    }
  });
});

describe('data_exports/{uid} (issue #58: "Download my data")', () => {
  it('the player alone reads their request and its link; not another player, a visitor or an admin', async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDoc(dataExportDoc(as(owner), 'alice')));
    for (const db of [anonymous, other, admin]) await assertFails(getDoc(dataExportDoc(as(db), 'alice')));
    for (const db of [anonymous, owner, other, admin]) await assertFails(getDocs(collection(db, 'data_exports')));
  });

  it('nobody writes it from a client: not a new request, not the link, not its expiry', async () => {
    await seedUsers();
    const { anonymous, owner, other, admin } = actors(environment());
    for (const db of [anonymous, owner, other, admin]) {
      await assertFails(setDoc(dataExportDoc(as(db), 'alice'), { uid: 'alice', state: 'PENDING', requestedAt: 2 }));
      await assertFails(updateDoc(dataExportDoc(as(db), 'alice'), { expiresAt: Date.now() + 1e12 }));
      await assertFails(deleteDoc(dataExportDoc(as(db), 'alice')));
      await assertFails(setDoc(dataExportDoc(as(db), 'bob'), { uid: 'bob', state: 'PENDING', requestedAt: 2 }));
    }
  });
});

describe('admins/{uid} (record 126: who hears of a battle waiting for an admin)', () => {
  it('is the server’s alone: no client reads or lists it, not an admin its own entry; nobody grants themselves one', async () => {
    await seedUsers();
    await expectServerOnly('admins/root', 'admins/alice', { uid: 'alice', since: 1 });
  });
});

describe('link_states and openid_nonces (issue #58: Steam sign-in)', () => {
  it('are the server’s alone: nobody reads, lists or writes them, not the player they belong to', async () => {
    await seedUsers();
    await expectServerOnly('link_states/abc', 'link_states/abd', { uid: 'alice', expiresAt: 9e15 });
    await expectServerOnly('openid_nonces/def', 'openid_nonces/deg', { at: 1, expiresAt: 9e15 });
  });
});

describe('alerts off the site (issue #60): push devices and the outbox', () => {
  it('nobody reads or writes a push subscription from a client, not even its owner', async () => {
    await seed(environment(), {
      'users/alice/push_devices/d1': {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { p256dh: 'p', auth: 'a' },
      },
    });
    await expectServerOnly('users/alice/push_devices/d1', 'users/alice/push_devices/d2', {
      endpoint: 'https://evil.example/',
    });
  });

  it('the outbox is the server’s alone: nobody reads what is sent to whom, nobody queues an alert', async () => {
    await seed(environment(), { 'outbox/alice_n1': { uid: 'alice', kind: 'payout', state: 'PENDING' } });
    await expectServerOnly('outbox/alice_n1', 'outbox/alice_n2', { uid: 'alice', kind: 'payout', state: 'DONE' });
  });
});
