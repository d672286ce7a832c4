import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/firebase';
import { HttpError } from '../api/http-error';
import { accountRef } from '../users/refs';

export interface LedgerChange {
  uid: string;
  /** Whole coins; negative for a debit. */
  delta: number;
  reason: string;
  /** What the change is for; with uid and reason it keys the entry, so a change applies once. */
  ref: string;
}

export const ledgerEntryId = ({ uid, reason, ref }: LedgerChange) => `${uid}:${reason}:${ref}`;

export const notEnoughCoins = (uid: string, needed: number, funds: number) =>
  Object.assign(new HttpError(409, `Not enough coins: ${needed} needed, ${funds} available.`, 'invalid-input'), {
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
  const uids = [...new Set(changes.map((change) => change.uid))];
  const [accounts, entries] = await Promise.all([
    Promise.all(uids.map((uid) => tx.get(accountRef(uid)))),
    Promise.all(ids.map((id) => tx.get(db.collection('ledger').doc(id)))),
  ]);

  const balances = new Map<string, number>();
  accounts.forEach((account, index) => {
    if (!account.exists) throw new HttpError(404, 'That account could not be found.', 'not-found');
    balances.set(uids[index]!, (account.get('funds') as number | undefined) ?? 0);
  });
  const pending = changes.filter((_, index) => !entries[index]!.exists);

  const writes: { change: LedgerChange; balanceAfter: number }[] = [];
  for (const change of pending) {
    const balanceAfter = balances.get(change.uid)! + change.delta;
    if (balanceAfter < 0) throw notEnoughCoins(change.uid, -change.delta, balances.get(change.uid)!);
    balances.set(change.uid, balanceAfter);
    writes.push({ change, balanceAfter });
  }
  for (const uid of new Set(pending.map((change) => change.uid))) tx.update(accountRef(uid), { funds: balances.get(uid) });
  for (const { change, balanceAfter } of writes) {
    tx.create(db.collection('ledger').doc(ledgerEntryId(change)), {
      ...change,
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
