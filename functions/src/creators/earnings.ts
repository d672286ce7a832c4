import { FieldValue, type QuerySnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { PendingEarning } from '@versus/domain/wallet/types';
import { runOptimistic } from '../platform/optimistic';
import { creatorRef, pendingEarningsCollection, pendingEarningsGroup } from '../platform/collections';
import { applyBalanceChanges } from '../wallet/ledger';

/**
 * A creator's share of a purchase is first a document of its own (creators/{uid}/pending_earnings,
 * written by the purchase's transaction), then settled into the creator's balance here, many at a
 * time: one write to the creator's account for a whole burst of purchases with their code (issue
 * #23: no document written more than once a second). Each earning keeps its own ledger entry
 * (`{uid}:creator-earning:{orderId}`), so the ledger reads as before and `check:ledger` proves the
 * settled balance; a pending earning is not in the balance and cannot be redeemed yet.
 */

/** Earnings settled by one commit: each creates a ledger entry and deletes its pending document. */
const SETTLE_BATCH = 200;
/** Creators whose earnings one full sweep settles. */
const SWEEP_CREATORS = 100;

/** Settles all of one creator's pending earnings; the number settled. Safe to run concurrently. */
export async function settleCreatorEarnings(uid: string, now: number): Promise<number> {
  let settled = 0;
  for (;;) {
    const taken = await runOptimistic(async (tx) => {
      const pending = (await tx.get(
        pendingEarningsCollection(uid).orderBy('createdAt').limit(SETTLE_BATCH),
      )) as QuerySnapshot<PendingEarning>;
      if (pending.empty) return 0;
      const creator = await tx.get(creatorRef(uid));
      if (creator.exists) {
        const applied = await applyBalanceChanges(
          tx,
          pending.docs.map((doc) => ({
            uid,
            account: 'creator' as const,
            delta: doc.data().bucks,
            reason: 'creator-earning',
            ref: doc.id,
          })),
          now,
        );
        const dayOf = new Map(pending.docs.map((doc) => [doc.id, doc.data().day]));
        const byDay = new Map<string, number>();
        for (const change of applied) {
          const day = dayOf.get(change.ref)!;
          byDay.set(day, (byDay.get(day) ?? 0) + change.delta);
        }
        if (applied.length > 0)
          tx.update(creatorRef(uid).withConverter(null), {
            ...Object.fromEntries(
              [...byDay].map(([day, coins]) => [`timeDataSet.${day}`, FieldValue.increment(coins)]),
            ),
            totalEarned: FieldValue.increment(applied.reduce((sum, change) => sum + change.delta, 0)),
          });
      } else {
        // A creator account that no longer exists earns nothing: the shares are dropped.
        logger.warn('pending earnings of a missing creator dropped', { uid, count: pending.size });
      }
      for (const doc of pending.docs) tx.delete(doc.ref);
      return pending.size;
    });
    settled += taken;
    if (taken < SETTLE_BATCH) return settled;
  }
}

/**
 * The sweeper's part: settles the earnings of every creator with some pending (`all`), or of the
 * creators listed. Each creator in their own transactions; one that fails is left for the next sweep.
 */
export async function sweepCreatorEarnings(now: number, scope: 'all' | string[]): Promise<number> {
  const uids =
    scope === 'all'
      ? [
          ...new Set(
            (
              await pendingEarningsGroup()
                .where('createdAt', '<=', now)
                .orderBy('createdAt')
                .limit(SETTLE_BATCH * 5)
                .select()
                .get()
            ).docs.map((doc) => doc.ref.parent.parent!.id),
          ),
        ].slice(0, SWEEP_CREATORS)
      : scope;
  const counts = await Promise.all(
    uids.map((uid) =>
      settleCreatorEarnings(uid, now).catch((error: unknown) => {
        logger.warn('creator earnings not settled', { uid, error: String(error) });
        return 0;
      }),
    ),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
