import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { actors, seed, useRulesEnvironment } from './environment';

const environment = useRulesEnvironment();

describe('ledger', () => {
  const seedLedger = () =>
    seed(environment(), {
      'ledger/a1': { uid: 'alice', delta: 100, reason: 'seed-grant', ref: 'demo', balanceAfter: 100 },
      'ledger/b1': { uid: 'bob', delta: 50, reason: 'seed-grant', ref: 'demo', balanceAfter: 50 },
    });

  it('a user reads their own entries, and only by asking for their own', async () => {
    await seedLedger();
    const { owner } = actors(environment());
    await assertSucceeds(getDoc(doc(owner, 'ledger/a1')));
    await assertSucceeds(getDocs(query(collection(owner, 'ledger'), where('uid', '==', 'alice'))));
    await assertFails(getDoc(doc(owner, 'ledger/b1')));
    await assertFails(getDocs(collection(owner, 'ledger')));
  });

  it('visitors read nothing; admins read everything', async () => {
    await seedLedger();
    const { anonymous, admin } = actors(environment());
    await assertFails(getDoc(doc(anonymous, 'ledger/a1')));
    await assertSucceeds(getDocs(collection(admin, 'ledger')));
  });

  it('no client writes a ledger entry', async () => {
    await seedLedger();
    const { owner, admin } = actors(environment());
    await assertFails(setDoc(doc(owner, 'ledger/forged'), { uid: 'alice', delta: 1_000_000 }));
    await assertFails(updateDoc(doc(owner, 'ledger/a1'), { delta: 1_000_000 }));
    await assertFails(deleteDoc(doc(owner, 'ledger/a1')));
    await assertFails(setDoc(doc(admin, 'ledger/forged'), { uid: 'alice', delta: 1 }));
  });
});

describe('escrows', () => {
  it('the holder and admins read an escrow; others and visitors do not; nobody writes', async () => {
    await seed(environment(), { 'escrows/e1': { uid: 'alice', amount: 270, state: 'HELD' } });
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(owner, 'escrows/e1')));
    await assertSucceeds(getDoc(doc(admin, 'escrows/e1')));
    await assertFails(getDoc(doc(other, 'escrows/e1')));
    await assertFails(getDoc(doc(anonymous, 'escrows/e1')));
    await assertFails(updateDoc(doc(owner, 'escrows/e1'), { state: 'RELEASED', releasedTo: 'alice' }));
    await assertFails(setDoc(doc(admin, 'escrows/e2'), { uid: 'alice', amount: 1 }));
  });
});

describe('products', () => {
  const seedProducts = () =>
    seed(environment(), {
      'products/on': { active: true, bucks: 130, prices: { USD: 129, EUR: 119 } },
      'products/off': { active: false, bucks: 9999, prices: { USD: 1, EUR: 1 } },
    });

  it('anyone reads active products; inactive ones stay hidden but to admins', async () => {
    await seedProducts();
    const { anonymous, owner, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(anonymous, 'products/on')));
    await assertSucceeds(getDocs(query(collection(owner, 'products'), where('active', '==', true))));
    await assertFails(getDoc(doc(anonymous, 'products/off')));
    await assertFails(getDocs(collection(owner, 'products')));
    await assertSucceeds(getDoc(doc(admin, 'products/off')));
  });

  it('no client writes products', async () => {
    await seedProducts();
    const { owner, admin } = actors(environment());
    await assertFails(updateDoc(doc(owner, 'products/on'), { bucks: 1_000_000 }));
    await assertFails(setDoc(doc(admin, 'products/new'), { active: true, bucks: 1 }));
  });
});

describe('settings, campaigns and tournaments', () => {
  it('are public to read and closed to client writes', async () => {
    await seed(environment(), {
      'settings/wallet': { minimumWithdrawal: 1000 },
      'campaigns/2026-11': { prize: 'Headset' },
      'tournaments/t1': { name: 'Cup', state: 'OPEN' },
    });
    const { anonymous, owner, admin } = actors(environment());
    for (const path of ['settings/wallet', 'campaigns/2026-11', 'tournaments/t1']) {
      await assertSucceeds(getDoc(doc(anonymous, path)));
      await assertFails(setDoc(doc(owner, path), { hacked: true }));
      await assertFails(setDoc(doc(admin, path), { hacked: true }));
      await assertFails(deleteDoc(doc(owner, path)));
    }
  });
});

describe('api_usage', () => {
  it('platform admins read a provider’s calls of a day; nobody else reads, and no client writes', async () => {
    await seed(environment(), { 'api_usage/opendota_2026-11-29': { api: 'opendota', calls: 12, budget: 2000 } });
    const { anonymous, owner, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(admin, 'api_usage/opendota_2026-11-29')));
    await assertFails(getDoc(doc(anonymous, 'api_usage/opendota_2026-11-29')));
    await assertFails(getDoc(doc(owner, 'api_usage/opendota_2026-11-29')));
    await assertFails(setDoc(doc(admin, 'api_usage/opendota_2026-11-29'), { calls: 0 }));
    await assertFails(updateDoc(doc(owner, 'api_usage/opendota_2026-11-29'), { calls: 0 }));
  });
});

describe.each(['paypal_orders', 'payouts'])('%s', (name) => {
  const seedOwn = () =>
    seed(environment(), {
      [`${name}/a1`]: { uid: 'alice', bucks: 1000, state: 'PENDING', status: 'CREATED' },
      [`${name}/b1`]: { uid: 'bob', bucks: 1000, state: 'PENDING', status: 'CREATED' },
    });

  it('the owner reads their own, by asking for their own; admins read all; others and visitors nothing', async () => {
    await seedOwn();
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(owner, `${name}/a1`)));
    await assertSucceeds(getDocs(query(collection(owner, name), where('uid', '==', 'alice'))));
    await assertFails(getDocs(collection(owner, name)));
    await assertFails(getDoc(doc(owner, `${name}/b1`)));
    await assertFails(getDoc(doc(other, `${name}/a1`)));
    await assertFails(getDoc(doc(anonymous, `${name}/a1`)));
    await assertSucceeds(getDocs(collection(admin, name)));
  });

  it('no client creates, completes or deletes one', async () => {
    await seedOwn();
    const { owner, admin } = actors(environment());
    await assertFails(setDoc(doc(owner, `${name}/forged`), { uid: 'alice', bucks: 1_000_000, status: 'COMPLETED' }));
    await assertFails(updateDoc(doc(owner, `${name}/a1`), { status: 'COMPLETED', state: 'PAID' }));
    await assertFails(deleteDoc(doc(owner, `${name}/a1`)));
    await assertFails(updateDoc(doc(admin, `${name}/a1`), { status: 'COMPLETED' }));
  });
});

describe('creators', () => {
  it('a creator and admins read the creator balance; nobody writes it', async () => {
    await seed(environment(), {
      'creators/alice': { code: 'ALICE', active: true, balance: 12, numberSupporting: 1, timeDataSet: {} },
    });
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(owner, 'creators/alice')));
    await assertSucceeds(getDoc(doc(admin, 'creators/alice')));
    await assertFails(getDoc(doc(other, 'creators/alice')));
    await assertFails(getDoc(doc(anonymous, 'creators/alice')));
    await assertFails(getDocs(collection(other, 'creators')));
    await assertFails(updateDoc(doc(owner, 'creators/alice'), { balance: 1_000_000 }));
    await assertFails(setDoc(doc(other, 'creators/bob'), { code: 'BOB', balance: 1_000_000 }));
    await assertFails(updateDoc(doc(admin, 'creators/alice'), { balance: 0 }));
  });

  it("a creator's pending earnings: the creator and admins read them; nobody writes or adds one", async () => {
    const pending = 'creators/alice/pending_earnings/order1';
    await seed(environment(), {
      'creators/alice': { code: 'ALICE', active: true, balance: 0, numberSupporting: 1, timeDataSet: {} },
      [pending]: { bucks: 137, day: '2026-11-25', createdAt: 1 },
    });
    const { anonymous, owner, other, admin } = actors(environment());
    await assertSucceeds(getDoc(doc(owner, pending)));
    await assertSucceeds(getDocs(collection(owner, 'creators/alice/pending_earnings')));
    await assertSucceeds(getDoc(doc(admin, pending)));
    await assertFails(getDoc(doc(other, pending)));
    await assertFails(getDoc(doc(anonymous, pending)));
    await assertFails(getDocs(collection(other, 'creators/alice/pending_earnings')));
    await assertFails(updateDoc(doc(owner, pending), { bucks: 1_000_000 }));
    await assertFails(
      setDoc(doc(owner, 'creators/alice/pending_earnings/order2'), { bucks: 5, day: 'x', createdAt: 2 }),
    );
    await assertFails(deleteDoc(doc(admin, pending)));
  });

  it('creator_codes: whose a code is, closed to every client, its creator and admins included', async () => {
    await seed(environment(), { 'creator_codes/ALICE': { uid: 'alice', active: true } });
    const { anonymous, owner, other, admin } = actors(environment());
    for (const db of [anonymous, owner, other, admin]) {
      await assertFails(getDoc(doc(db, 'creator_codes/ALICE')));
      await assertFails(getDocs(collection(db, 'creator_codes')));
      await assertFails(setDoc(doc(db, 'creator_codes/MINE'), { uid: 'alice', active: true }));
    }
    await assertFails(updateDoc(doc(owner, 'creator_codes/ALICE'), { active: false }));
    await assertFails(deleteDoc(doc(admin, 'creator_codes/ALICE')));
  });
});

describe('anything else', () => {
  it('is denied by default, idempotency records included', async () => {
    await seed(environment(), { 'secrets/x': { a: 1 }, 'idempotency/k1': { uid: 'alice', state: 'DONE' } });
    const { anonymous, owner, admin } = actors(environment());
    for (const db of [anonymous, owner, admin]) {
      await assertFails(getDoc(doc(db, 'secrets/x')));
      await assertFails(getDoc(doc(db, 'idempotency/k1')));
      await assertFails(setDoc(doc(db, 'secrets/y'), { a: 1 }));
      await assertFails(setDoc(doc(db, 'idempotency/k2'), { uid: 'alice', state: 'DONE' }));
    }
  });
});
