import { Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  connectPaypalSchema,
  creatorWithdrawSchema,
  orderCompleteSchema,
  payoutReviewSchema,
  purchaseIntentSchema,
  withdrawSchema,
} from '@versus/domain/wallet/schemas';
import type { Currency } from '@versus/domain/platform/constants';
import { isDocumentId } from '@versus/domain/platform/ids';
import {
  gate,
  activeUserWith,
  requireAdmin,
  requireActiveUserBeside,
  requireUser,
  requireVerifiedEmail,
} from '../api/authenticate';
import { rateLimit } from '../api/rate-limit';
import { HttpError, badRequest } from '../errors/http-error';
import { idempotent } from '../api/idempotency';
import { parseBody, validBody } from '../api/validate';
import type { Clock } from '../platform/clock';
import { ProviderRefused, ProviderUnavailable, type PaymentProvider } from '../platform/payment-provider';
import { accountRef, orderRef, payoutRef } from '../platform/collections';
import { completeOrder, createPurchaseIntent } from './purchases';
import { recordPayoutBatch, requestPayout } from './payouts';
import { reviewPayout, type PayoutReviewInput } from './payout-review';
import { documentId } from '../platform/ids';

const PAYPAL_CONNECT_FAILED =
  'Could not connect your PayPal account. Try again; the PayPal account must have a verified e-mail address.';

interface WebhookEvent {
  event_type?: string;
  resource?: {
    id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    batch_header?: { payout_batch_id?: string; sender_batch_header?: { sender_batch_id?: string } };
  };
}

export function walletRoutes(clock: Clock, provider: () => PaymentProvider): Router {
  const router = Router();

  router.post(
    '/wallet/createPurchaseIntent',
    requireActiveUserBeside,
    rateLimit('coins'),
    requireVerifiedEmail,
    validBody(purchaseIntentSchema),
    idempotent('createPurchaseIntent', clock),
    async (req, res) => {
      const input = await parseBody(purchaseIntentSchema, req.body);
      res
        .status(201)
        .json(
          await createPurchaseIntent(
            provider(),
            req.user.uid,
            { productId: input.productId, currency: input.currency as Currency },
            clock.now(),
            gate(req),
          ),
        );
    },
  );

  router.post(
    '/wallet/orderComplete',
    requireUser,
    rateLimit('coins'),
    validBody(orderCompleteSchema),
    idempotent('orderComplete', clock),
    async (req, res) => {
      const { orderId } = await parseBody(orderCompleteSchema, req.body);
      res.json(await completeOrder(provider(), req.user.uid, orderId, clock.now(), 'client'));
    },
  );

  /**
   * PayPal webhooks. With PAYPAL_WEBHOOK_ID set the signature is verified with PayPal and a bad one
   * is refused. Either way only ids are taken from the event: the order is captured and the payout
   * settled by asking PayPal, so a forged event cannot credit anything.
   */
  router.post('/wallet/paypalWebhook', async (req, res) => {
    const event = req.body as WebhookEvent;
    if (typeof event.event_type !== 'string' && event.event_type !== undefined)
      throw badRequest('The webhook event is not valid.');
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]),
    );
    const verified = await provider().verifyWebhook(headers, event);
    if (verified === false) throw badRequest('The webhook signature could not be verified.');
    const type = event.event_type ?? '';
    try {
      if (type === 'CHECKOUT.ORDER.APPROVED' || type === 'PAYMENT.CAPTURE.COMPLETED') {
        const orderId =
          type === 'CHECKOUT.ORDER.APPROVED'
            ? event.resource?.id
            : event.resource?.supplementary_data?.related_ids?.order_id;
        // An id that cannot be ours is not an error PayPal should retry: acknowledged, nothing done.
        const order = isDocumentId(orderId) ? await orderRef(orderId).get() : undefined;
        if (order?.exists) await completeOrder(provider(), null, order.id, clock.now(), 'webhook', order);
      } else if (type.startsWith('PAYMENT.PAYOUTSBATCH.')) {
        const payoutId = event.resource?.batch_header?.sender_batch_header?.sender_batch_id;
        if (isDocumentId(payoutId) && (await payoutRef(payoutId).get()).exists)
          await recordPayoutBatch(provider(), payoutId, event.resource?.batch_header?.payout_batch_id, clock.now());
      }
    } catch (error) {
      // A declined or unapproved order is an answer, not a failed delivery; PayPal need not retry.
      if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      logger.info('webhook left the order as it was', { type, message: error.message });
    }
    res.json({ received: true });
  });

  router.post(
    '/wallet/withdraw',
    requireActiveUserBeside,
    rateLimit('coins'),
    requireVerifiedEmail,
    validBody(withdrawSchema),
    idempotent('withdraw', clock, { reserved: 'in-commit' }),
    async (req, res) => {
      const { bucks, currency } = await parseBody(withdrawSchema, req.body);
      res
        .status(201)
        .json(
          await requestPayout(
            provider(),
            { uid: req.user.uid, source: 'funds', bucks, currency: currency as Currency },
            clock.now(),
            gate(req),
          ),
        );
    },
  );

  router.post(
    '/wallet/withdrawCreatorCodeBucks',
    requireActiveUserBeside,
    rateLimit('coins'),
    requireVerifiedEmail,
    validBody(creatorWithdrawSchema),
    idempotent('withdrawCreatorCodeBucks', clock, { reserved: 'in-commit' }),
    async (req, res) => {
      const { bucks, currency } = await parseBody(creatorWithdrawSchema, req.body);
      res
        .status(201)
        .json(
          await requestPayout(
            provider(),
            { uid: req.user.uid, source: 'creator', bucks, currency: currency as Currency },
            clock.now(),
            gate(req),
          ),
        );
    },
  );

  /** A platform admin settles a payout the sweeper stopped sending (wallet/payout-review reviewPayout). */
  router.post('/admin/payouts/:id/review', requireUser, requireAdmin, async (req, res) => {
    const payoutId = documentId(req.params.id, 'That payout');
    const input = (await parseBody(payoutReviewSchema, req.body)) as PayoutReviewInput;
    res.json(await reviewPayout(provider(), req.user.uid, payoutId, input, clock.now()));
  });

  /** The /paypal-connect page hands over the code "Log in with PayPal" returned. */
  router.post('/profile/paypal', ...activeUserWith(connectPaypalSchema), requireVerifiedEmail, async (req, res) => {
    const { code } = await parseBody(connectPaypalSchema, req.body);
    const { uid } = req.user;
    let account;
    try {
      account = await provider().connectedAccount(code);
    } catch (error) {
      if (error instanceof ProviderRefused || error instanceof ProviderUnavailable)
        throw new HttpError(400, PAYPAL_CONNECT_FAILED, 'paypal-connect-failed');
      throw error;
    }
    if (!account.emailVerified) throw new HttpError(400, PAYPAL_CONNECT_FAILED, 'paypal-connect-failed');
    const connectedPaypal = { email: account.email, payerId: account.payerId, connectedAt: clock.now() };
    await accountRef(uid).update({ connectedPaypal });
    res.json({ connectedPaypal });
  });

  router.delete('/profile/paypal', requireUser, async (req, res) => {
    await accountRef(req.user.uid).update({ connectedPaypal: FieldValue.delete() });
    res.json({ connectedPaypal: null });
  });

  return router;
}
