import type { Transaction } from 'firebase-admin/firestore';
import { db } from '../platform/firebase';
import { HttpError } from '../api/http-error';
import { applyBalanceChanges } from './ledger';

/**
 * Entry fees are held in escrow when committed and released exactly once: as a prize, a refund
 * or a payout (DESIGN §5). escrows/{escrowId}: {uid, amount, purpose, state HELD|RELEASED, ...}.
 */
export const escrowRef = (escrowId: string) => db.doc(`escrows/${escrowId}`);

export interface Hold {
  escrowId: string;
  uid: string;
  amount: number;
  /** What the coins are held for, e.g. 'battle-challenge:abc'. */
  purpose: string;
}

/** Debits the fee into a new escrow; a second hold with the same id is refused. */
export async function holdInEscrow(tx: Transaction, hold: Hold, now: number): Promise<void> {
  if (!Number.isInteger(hold.amount) || hold.amount <= 0) {
    throw new HttpError(400, 'An entry fee is a positive whole number of coins.', 'invalid-input');
  }
  const existing = await tx.get(escrowRef(hold.escrowId));
  if (existing.exists) throw new HttpError(409, 'These coins are already held.');
  await applyBalanceChanges(tx, [{ uid: hold.uid, delta: -hold.amount, reason: 'escrow-hold', ref: hold.escrowId }], now);
  tx.create(escrowRef(hold.escrowId), { ...hold, state: 'HELD', createdAt: now, releasedTo: null, releasedAt: null, release: null });
}

export interface Release {
  escrowId: string;
  /** Who receives the held coins: the holder for a refund, the winner for a prize. */
  to: string;
}

/**
 * Releases escrows in one transaction; each is released once only: escrows already released are
 * skipped (the caller's retry or a concurrent call did it), so nobody is paid twice.
 * Returns the ids released by this call.
 */
export async function releaseEscrows(tx: Transaction, releases: Release[], release: 'refund' | 'prize' | 'payout', now: number): Promise<string[]> {
  const snapshots = await Promise.all(releases.map(({ escrowId }) => tx.get(escrowRef(escrowId))));
  const open = releases.filter((item, index) => {
    const snapshot = snapshots[index]!;
    if (!snapshot.exists) throw new HttpError(404, `Escrow ${item.escrowId} does not exist.`, 'not-found');
    return snapshot.get('state') === 'HELD';
  });
  if (open.length === 0) return [];
  await applyBalanceChanges(
    tx,
    open.map(({ escrowId, to }) => ({
      uid: to,
      delta: snapshots[releases.findIndex((item) => item.escrowId === escrowId)]!.get('amount') as number,
      reason: `escrow-${release}`,
      ref: escrowId,
    })),
    now,
  );
  for (const { escrowId, to } of open) {
    tx.update(escrowRef(escrowId), { state: 'RELEASED', releasedTo: to, releasedAt: now, release });
  }
  return open.map(({ escrowId }) => escrowId);
}
