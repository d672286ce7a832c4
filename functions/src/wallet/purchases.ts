import type { Currency } from '@versus/domain/platform/constants';
import { centsToDecimal, creatorEarning, earningDay } from '@versus/domain/wallet/economics';
import type { PaymentOrder } from '@versus/domain/wallet/types';
import { isDocumentId } from '@versus/domain/platform/ids';
import { HttpError, notFound } from '../errors/http-error';
import { db } from '../platform/firebase';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { besideGate, commitWithAnswer, readAhead, runOptimistic, type Gate } from '../platform/optimistic';
import { ProviderRefused, ProviderUnavailable, type PaymentProvider } from '../platform/payment-provider';
import {
  accountRef,
  creatorCodeRef,
  ledgerEntryRef,
  newPaymentIntentId,
  orderRef,
  pendingEarningRef,
  productRef,
} from '../platform/collections';
import { applyBalanceChanges, ledgerEntryId } from './ledger';
import { walletSettings } from './settings';
import { readDocument } from '../platform/reads';

const declined = () => new HttpError(409, 'The payment was declined. No coins were added.', 'payment-declined');
const cancelled = () => new HttpError(409, 'The payment was cancelled. No coins were added.', 'payment-cancelled');
const expired = () =>
  new HttpError(
    409,
    'This order expired before it was approved. Nothing was charged; start a new purchase.',
    'payment-expired',
  );
const unavailable = () =>
  new HttpError(503, 'PayPal could not be reached. Nothing was charged; try again in a moment.', 'payment-unavailable');

/**
 * POST /wallet/createPurchaseIntent: a PayPal order for one product, priced in the chosen currency.
 * Behind a route's gate its reads run beside the gate's, PayPal is asked only once the gate has
 * passed, and the order is created in one commit with the Idempotency-Key's answer.
 */
export async function createPurchaseIntent(
  provider: PaymentProvider,
  buyerUid: string,
  input: { productId: string; currency: Currency },
  now: number,
  gate?: Gate,
): Promise<{ orderID: string }> {
  const [productSnapshot, account, settings] = await besideGate(
    gate,
    Promise.all([readDocument(productRef(input.productId)), readDocument(accountRef(buyerUid)), walletSettings()]),
  );
  const product = productSnapshot.data();
  const bucks = product?.bucks;
  if (!product || product.active !== true || !bucks || bucks < settings.minimumPurchase)
    throw notFound('That coin bundle');
  const cents = product.prices?.[input.currency];
  if (!Number.isInteger(cents) || !cents || cents <= 0) {
    throw new HttpError(400, `That coin bundle cannot be bought in ${input.currency}.`, 'invalid-input', {
      currency: 'wallet.errors.unsupported-currency',
    });
  }
  if (!account.exists) throw notFound('Your account');

  const intentId = newPaymentIntentId();
  let orderId: string;
  try {
    ({ orderId } = await provider.createOrder({
      requestId: intentId,
      currency: input.currency,
      value: centsToDecimal(cents),
      customId: intentId,
      description: `${bucks} Versus coins`,
    }));
  } catch (error) {
    if (error instanceof ProviderUnavailable || error instanceof ProviderRefused) throw unavailable();
    throw error;
  }
  const order: PaymentOrder = {
    orderID: orderId,
    uid: buyerUid,
    method: 'PAYPAL',
    productId: productSnapshot.id,
    bucks,
    currency: input.currency,
    amountCents: cents,
    status: 'CREATED',
    createdAt: now,
    completedAt: null,
    creatorCodeHint: (account.get('supportingCreatorCode') as string | null | undefined) ?? null,
  };
  const created = { orderID: orderId };
  await commitWithAnswer(db.batch().create(orderRef(orderId), { ...order, intentId }), gate?.key, created);
  return created;
}

export interface CompletedOrder {
  orderID: string;
  status: PaymentOrder['status'];
  bucks: number;
}

/**
 * Captures the order with PayPal and credits its coins exactly once: the ledger entry
 * `{uid}:purchase:{orderId}` and the order's status are written in one transaction, so racing calls,
 * retries and the webhook cannot credit twice. A supported creator's share is recorded in the same
 * transaction, as a pending earning settled later. `uid` is null when PayPal's webhook completes the order.
 * `known` is the order as the caller has just read it (the webhook's check that it is ours).
 * Firestore calls in a row: the order, then (after PayPal's capture) the buyer's account, the
 * purchase's ledger entry and the code the order was made under, together, then the commit.
 */
export async function completeOrder(
  provider: PaymentProvider,
  uid: string | null,
  orderId: string,
  now: number,
  via: 'client' | 'webhook' | 'sweeper',
  known?: DocumentSnapshot<PaymentOrder>,
): Promise<CompletedOrder> {
  const snapshot = known ?? (await orderRef(orderId).get());
  const order = snapshot.data();
  if (!order || (uid !== null && order.uid !== uid)) throw notFound('That order');
  const answer = (status: PaymentOrder['status']): CompletedOrder => ({ orderID: orderId, status, bucks: order.bucks });
  if (order.status === 'COMPLETED') return answer('COMPLETED');
  if (order.status === 'DECLINED') throw declined();
  if (order.status === 'CANCELLED') throw cancelled();
  if (order.status === 'EXPIRED') throw expired();

  let capture;
  try {
    capture = await provider.captureOrder(orderId);
  } catch (error) {
    if (error instanceof ProviderUnavailable || error instanceof ProviderRefused) throw unavailable();
    throw error;
  }
  if (capture.outcome === 'NOT_APPROVED') {
    throw new HttpError(
      409,
      'The payment has not been approved yet. Approve it with PayPal first.',
      'payment-not-approved',
    );
  }
  if (capture.outcome === 'DECLINED' || capture.outcome === 'VOIDED') {
    const status = capture.outcome === 'DECLINED' ? 'DECLINED' : 'CANCELLED';
    const final = await runOptimistic(async (tx) => {
      const current = (await tx.get(orderRef(orderId))).data()?.status;
      if (current === 'CREATED') tx.update(orderRef(orderId), { status, completedAt: now });
      return current === 'CREATED' ? status : current;
    });
    if (final === 'COMPLETED') return answer('COMPLETED');
    throw status === 'DECLINED' ? declined() : cancelled();
  }

  // Optimistic (platform/optimistic): twenty racing completions must not queue on the order's lock.
  // The order as read before the capture serves the first attempt (guarded at the commit: one
  // completed meanwhile makes this one retry and find it COMPLETED); the account, the ledger entry
  // and the code the order was made under are read together.
  const hint = order.creatorCodeHint;
  const ahead = [
    accountRef(order.uid),
    ledgerEntryRef(ledgerEntryId({ uid: order.uid, reason: 'purchase', ref: orderId })),
    ...(hint && isDocumentId(hint) ? [creatorCodeRef(hint)] : []),
  ];
  await runOptimistic(
    async (tx) => {
      readAhead(tx, ahead);
      const current = await tx.get(orderRef(orderId));
      if (current.data()?.status === 'COMPLETED') return;
      const account = await tx.get(accountRef(order.uid));
      const code = account.data()?.supportingCreatorCode;
      const creator = code && isDocumentId(code) ? (await tx.get(creatorCodeRef(code))).data() : undefined;
      // A deactivated creator's code earns nothing, as it takes no new supporters (creators/service):
      // the share is read with the code, so a purchase is on one side of the deactivation.
      const earning =
        creator && creator.uid !== order.uid && creator.active && creator.ownerDeactivated !== true
          ? creatorEarning(order.bucks)
          : 0;

      // Bought coins arrive unplayed: withdrawable only once staked (DESIGN §5 play-through).
      await applyBalanceChanges(
        tx,
        [{ uid: order.uid, delta: order.bucks, reason: 'purchase', ref: orderId, unplayed: order.bucks }],
        now,
      );
      // The creator's share waits in its own document; the sweeper settles it into their balance
      // (creators/earnings), so a burst of purchases never queues on the creator's account.
      if (creator && earning > 0)
        tx.create(pendingEarningRef(creator.uid, orderId), { bucks: earning, day: earningDay(now), createdAt: now });
      tx.update(orderRef(orderId), {
        status: 'COMPLETED',
        captureId: capture.captureId,
        completedAt: now,
        completedVia: via,
        creatorUid: creator && earning > 0 ? creator.uid : null,
        creatorEarning: earning,
      });
    },
    { known: [snapshot as DocumentSnapshot] },
  );
  return answer('COMPLETED');
}
