import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/firebase';
import { HttpError } from '../api/http-error';

export const accountRef = (uid: string) => db.doc(`users/${uid}/private/account`);

export interface LedgerChange {
  uid: string;
  /** Whole coins; negative for a debit. */
  delta: number;
  reason: string;
  /** What the change is for; with the reason it keys the entry, so a change applies once. */
  ref: string;
}

export const ledgerEntryId = ({ uid, reason, ref }: LedgerChange) => `${uid}:${reason}:${ref}`;

/**
 * Applies one balance change with its ledger entry inside the caller's transaction.
 * Reads first (Firestore transactions need reads before writes); returns false when this
 * change was already applied, so retries and concurrent calls cannot apply it twice.
 */
export async function applyBalanceChange(tx: Transaction, change: LedgerChange, now: number): Promise<boolean> {
  if (!Number.isInteger(change.delta) || change.delta === 0) {
    throw new HttpError(400, 'Coin amounts are whole numbers other than zero.', 'invalid-input');
  }
  const entryRef = db.collection('ledger').doc(ledgerEntryId(change));
  const [account, entry] = await Promise.all([tx.get(accountRef(change.uid)), tx.get(entryRef)]);
  if (!account.exists) throw new HttpError(404, 'That account could not be found.', 'not-found');
  if (entry.exists) return false;
  const balance = (account.get('funds') as number | undefined) ?? 0;
  const balanceAfter = balance + change.delta;
  if (balanceAfter < 0) throw new HttpError(409, 'Not enough coins.', 'invalid-input');
  tx.update(accountRef(change.uid), { funds: balanceAfter });
  tx.create(entryRef, { ...change, balanceAfter, createdAt: now, serverTime: FieldValue.serverTimestamp() });
  return true;
}
