import { logger } from 'firebase-functions';
import type { PaymentProvider } from '../platform/payment-provider';
import { runOptimistic } from '../platform/optimistic';
import { ORDER_EXPIRY_MS } from '@versus/domain/wallet/economics';
import { ProviderRefused } from '../platform/payment-provider';
import { resumePayout, settlePayout } from './payouts';
import { completeOrder } from './purchases';
import { orderRef, ordersCollection, payoutsCollection } from '../platform/collections';

/** Payouts PayPal has not decided after this long are asked about by the sweeper. */
const PAYOUT_POLL_AFTER_MS = 5 * 60_000;

/**
 * Polls PayPal for payouts still PROCESSING (its webhook may never come) and sends again those still
 * PENDING whose time has come (PayPal did not answer, or the request died before recording its
 * answer; `nextSendAt`, so one held for a week or being sent does not keep others waiting). Both
 * settle idempotently; one that fails is left for a later sweep.
 */
export async function sweepPayouts(provider: PaymentProvider, now: number): Promise<number> {
  const [processing, pending] = await Promise.all([
    payoutsCollection()
      .where('state', '==', 'PROCESSING')
      .where('createdAt', '<=', now - PAYOUT_POLL_AFTER_MS)
      .limit(50)
      .get(),
    payoutsCollection()
      .where('state', '==', 'PENDING')
      .where('nextSendAt', '<=', now)
      .orderBy('nextSendAt')
      .limit(50)
      .get(),
  ]);
  const settled = await Promise.all(
    [
      ...processing.docs.map((doc) => [doc.id, settlePayout(provider, doc.id, now)] as const),
      ...pending.docs.map((doc) => [doc.id, resumePayout(provider, doc.id, now)] as const),
    ].map(([payoutId, settling]) =>
      settling.catch((error: unknown) => {
        logger.warn('payout poll failed', { payoutId, error: String(error) });
        return 'PROCESSING' as const;
      }),
    ),
  );
  return settled.filter((state) => state !== 'PROCESSING' && state !== 'PENDING').length;
}

/**
 * Orders nobody approved end (hardening issue): CREATED for more than 3 hours becomes EXPIRED, so the
 * buyer's checkout shows an end. PayPal is asked first: an order approved meanwhile is completed
 * (coins credited once) instead, and one PayPal cannot tell about now is left for the next sweep.
 */
export async function expireOrder(provider: PaymentProvider, orderId: string, now: number): Promise<boolean> {
  const order = (await orderRef(orderId).get()).data();
  if (!order || order.status !== 'CREATED' || order.createdAt > now - ORDER_EXPIRY_MS) return false;
  let status: string;
  try {
    status = await provider.orderStatus(orderId);
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error;
    status = 'UNKNOWN';
  }
  if (status === 'APPROVED' || status === 'COMPLETED') {
    await completeOrder(provider, null, orderId, now, 'sweeper');
    return false;
  }
  return runOptimistic(async (tx) => {
    const current = await tx.get(orderRef(orderId));
    if (current.data()?.status !== 'CREATED') return false;
    tx.update(orderRef(orderId), { status: 'EXPIRED', completedAt: now });
    return true;
  });
}

export async function sweepOrders(provider: PaymentProvider, now: number, ids: string[] | 'all'): Promise<number> {
  const due =
    ids === 'all'
      ? (
          await ordersCollection()
            .where('status', '==', 'CREATED')
            .where('createdAt', '<=', now - ORDER_EXPIRY_MS)
            .limit(50)
            .get()
        ).docs.map((doc) => doc.id)
      : ids;
  const expired = await Promise.all(
    due.map((orderId) =>
      expireOrder(provider, orderId, now).catch((error: unknown) => {
        logger.warn('order expiry failed', { orderId, error: String(error) });
        return false;
      }),
    ),
  );
  return expired.filter(Boolean).length;
}
