import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/firebase';
import { HttpError } from '../api/http-error';
import { accountRef } from '../users/refs';

export const creatorRef = (uid: string) => db.doc(`creators/${uid}`);
const balanceRef = (account: BalanceAccount, uid: string) => (account === 'creator' ? creatorRef(uid) : accountRef(uid));
const balanceField = (account: BalanceAccount) => (account === 'creator' ? 'balance' : 'funds');
const balanceKey = (change: LedgerChange) => `${change.account ?? 'funds'}:${change.uid}`;

/**
 * Which balance a change moves: a user's coins (private/account.funds) or a creator's earnings
 * (creators/{uid}.balance, DESIGN §5). Both are ledgered the same way.
 */
export type BalanceAccount = 'funds' | 'creator';

export interface LedgerChange {
  uid: string;
  /** Defaults to 'funds'. */
  account?: BalanceAccount;
  /** Whole coins; negative for a debit. */
  delta: number;
  reason: string;
  /** What the change is for; with uid and reason it keys the entry, so a change applies once. */
  ref: string;
}

export const ledgerEntryId = ({ uid, reason, ref }: LedgerChange) => `${uid}:${reason}:${ref}`;

export const notEnoughCoins = (uid: string, needed: number, funds: number) =>
  Object.assign(new HttpError(409, `Not enough coins: ${needed} needed, ${funds} available.`, 'not-enough-coins', undefined, { needed, funds }), {
    uid,
    needed,
    funds,
  });

/**
 * Applies balance changes with their ledger entries inside the caller's transaction: every read
 * first (Firestore needs reads before writes), then the writes. Changes already applied (their
 * entry exists) are skipped, so retries and concurrent calls cannot apply one twice. No balance
 * may end below zero. Returns the changes that were applied.
 */
export async function applyBalanceChanges(tx: Transaction, changes: LedgerChange[], now: number): Promise<LedgerChange[]> {
  for (const change of changes) {
    if (!Number.isInteger(change.delta) || change.delta === 0) {
      throw new HttpError(400, 'Coin amounts are whole numbers other than zero.', 'invalid-input');
    }
  }
  const ids = [...new Set(changes.map(ledgerEntryId))];
  if (ids.length !== changes.length) throw new Error('the same ledger change twice in one call');
  const keys = [...new Set(changes.map(balanceKey))];
  const holders = keys.map((key) => {
    const [account, uid] = key.split(':') as [BalanceAccount, string];
    return { account, uid };
  });
  const [snapshots, entries] = await Promise.all([
    Promise.all(holders.map(({ account, uid }) => tx.get(balanceRef(account, uid)))),
    Promise.all(ids.map((id) => tx.get(db.collection('ledger').doc(id)))),
  ]);

  const balances = new Map<string, number>();
  snapshots.forEach((snapshot, index) => {
    const { account } = holders[index]!;
    if (!snapshot.exists) throw new HttpError(404, account === 'creator' ? 'That creator could not be found.' : 'That account could not be found.', 'not-found');
    balances.set(keys[index]!, (snapshot.get(balanceField(account)) as number | undefined) ?? 0);
  });
  const pending = changes.filter((_, index) => !entries[index]!.exists);

  const writes: { change: LedgerChange; balanceAfter: number }[] = [];
  for (const change of pending) {
    const key = balanceKey(change);
    const balanceAfter = balances.get(key)! + change.delta;
    if (balanceAfter < 0) throw notEnoughCoins(change.uid, -change.delta, balances.get(key)!);
    balances.set(key, balanceAfter);
    writes.push({ change, balanceAfter });
  }
  for (const key of new Set(pending.map(balanceKey))) {
    const { account, uid } = holders[keys.indexOf(key)]!;
    tx.update(balanceRef(account, uid), { [balanceField(account)]: balances.get(key) });
  }
  for (const { change, balanceAfter } of writes) {
    tx.create(db.collection('ledger').doc(ledgerEntryId(change)), {
      ...change,
      account: change.account ?? 'funds',
      balanceAfter,
      createdAt: now,
      serverTime: FieldValue.serverTimestamp(),
    });
  }
  return pending;
}

/** One change; false when it was already applied. */
export async function applyBalanceChange(tx: Transaction, change: LedgerChange, now: number): Promise<boolean> {
  return (await applyBalanceChanges(tx, [change], now)).length === 1;
}
