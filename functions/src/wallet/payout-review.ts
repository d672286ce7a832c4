import { logger } from 'firebase-functions';
import {
  PAYOUT_REVIEW_SEND_FOR_MS,
  type Payout,
  type PayoutDecision,
  type PayoutReview,
} from '@versus/domain/wallet/types';
import { HttpError, notFound } from '../errors/http-error';
import { runOptimistic, updateIfUnchanged } from '../platform/optimistic';
import { ProviderRefused, ProviderUnavailable, type PaymentProvider } from '../platform/payment-provider';
import { payoutRef } from '../platform/collections';
import { RESEND_AFTER_MS, failPayout, payoutRequest, settlePayout, storedPayout } from './payouts';

/** An admin's review of a payout the sweeper stopped sending (docs/decisions/0030). */

/** An admin's settling of a payout left for review (domain payoutReviewSchema). */
export type PayoutReviewInput =
  | { decision: 'send'; reason: string }
  | { decision: 'batch'; batchId: string; reason: string }
  | { decision: 'refund'; reason: string };

const paypalDidNotAnswer = () =>
  new HttpError(
    503,
    'PayPal did not answer this time. The payout still waits for review, its coins held. Try again later.',
    'payout-send-failed',
  );

const notInReview = () =>
  new HttpError(409, 'This payout is not waiting for a review any more. Reload the list.', 'payout-not-in-review');

/**
 * A platform admin settles a payout the sweeper stopped sending (`needsReview`: a week without an
 * answer PayPal could be held to). Only a payout still PENDING and in review, and only once: each
 * decision is written over the payout as it was read (its update time), so two admins deciding at
 * once, or a decision and anything else, leave one outcome.
 * - `send`: PayPal is asked once more with the same sender_batch_id, while PayPal remembers it
 *   (PAYOUT_REVIEW_SEND_FOR_MS). It answers the batch it made, or makes it now; either way the payout goes
 *   on as any other (PROCESSING, then PAID or FAILED and refunded). A refusal as invalid refunds it,
 *   as in the sweeper; PayPal out of reach or another refusal leaves it in review (503).
 * - `batch`: the admin found the batch in PayPal's records. PayPal is asked for it, and it must be
 *   this payout's (its sender_batch_id); then as `send`.
 * - `refund`: PayPal made nothing (the admin checked its records): FAILED, the coins given back once.
 * The payout keeps the review: who, when, what and why.
 */
export async function reviewPayout(
  provider: PaymentProvider,
  adminUid: string,
  payoutId: string,
  input: PayoutReviewInput,
  now: number,
): Promise<Payout & { id: string }> {
  const snapshot = await payoutRef(payoutId).get();
  const payout = snapshot.data();
  if (!payout) throw notFound('That payout');
  if (payout.state !== 'PENDING' || !payout.needsReview) throw notInReview();
  const review = (decision: PayoutDecision): PayoutReview => ({
    by: adminUid,
    at: now,
    decision,
    reason: input.reason,
  });
  const asStored = () => storedPayout(payoutId);

  if (input.decision === 'refund') {
    // In one transaction with the refund, over the payout as read: a send in flight has taken it
    // out of review, so it cannot be refunded while PayPal is being asked.
    const refunded = await failPayout(payoutId, 'NOT_PAID', now, undefined, snapshot.updateTime, {
      needsReview: false,
      review: review('refund'),
    });
    if (!refunded) throw notInReview();
    return asStored();
  }

  if (input.decision === 'send' && payout.createdAt <= now - PAYOUT_REVIEW_SEND_FOR_MS) {
    throw new HttpError(
      409,
      "PayPal no longer remembers this payout, so sending it again could pay it twice. Find it in PayPal's records, or refund it.",
      'payout-too-old-to-send',
    );
  }
  let batchId: string;
  if (input.decision === 'batch') {
    let batch;
    try {
      batch = await provider.payoutBatch(input.batchId);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      throw paypalDidNotAnswer();
    }
    if (!batch) throw new HttpError(404, 'PayPal has no payout batch with that id.', 'payout-batch-not-found');
    if (batch.senderBatchId !== payoutId)
      throw new HttpError(
        409,
        `That PayPal batch paid another payout (${batch.senderBatchId ?? 'unknown'}), not ${payoutId}.`,
        'payout-batch-not-this-payout',
      );
    batchId = input.batchId;
  } else {
    // Taken first, over the payout as read: of two admins sending at once, one asks PayPal.
    // Out of review while PayPal is asked (no refund meanwhile), and back in the sweeper's care: if
    // this request dies before recording PayPal's answer, the next sweep returns it to review.
    const taken = await updateIfUnchanged(
      payoutRef(payoutId),
      { needsReview: false, nextSendAt: now + RESEND_AFTER_MS, review: review('send') },
      snapshot.updateTime!,
    );
    if (!taken) throw notInReview();
    try {
      ({ batchId } = await provider.createPayout(payoutRequest(payoutId, payout)));
    } catch (error) {
      if (error instanceof ProviderRefused && error.errorName === 'VALIDATION_ERROR') {
        logger.warn('payout invalid when sent again by an admin; refunding', { payoutId, error: error.message });
        await failPayout(payoutId, 'PAYPAL_REFUSED', now, undefined, taken);
        return asStored();
      }
      if (!(error instanceof ProviderRefused) && !(error instanceof ProviderUnavailable)) throw error;
      logger.warn('payout sent again by an admin: no answer PayPal can be held to; back in review', {
        payoutId,
        error: error.message,
      });
      const back = await updateIfUnchanged(payoutRef(payoutId), { needsReview: true, nextSendAt: null }, taken);
      // Changed since this send took it: PayPal's webhook has given it its batch, which is the answer.
      if (!back) {
        const stored = await asStored();
        if (stored.batchId) return stored;
      }
      throw paypalDidNotAnswer();
    }
    // Recorded only over the payout as this send took it.
    const recorded = await updateIfUnchanged(payoutRef(payoutId), { state: 'PROCESSING', batchId }, taken);
    if (!recorded) return recordedMeanwhile(batchId);
    return settledOrProcessing();
  }
  const recorded = await updateIfUnchanged(
    payoutRef(payoutId),
    { state: 'PROCESSING', batchId, needsReview: false, review: review('batch') },
    snapshot.updateTime!,
  );
  if (!recorded) return recordedMeanwhile(batchId);
  return settledOrProcessing();

  /** PayPal asked how it went, now; PROCESSING when it cannot say yet (the sweeper's poll asks again). */
  async function settledOrProcessing() {
    try {
      await settlePayout(provider, payoutId, now);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      logger.warn('payout recorded by an admin; its status is not known yet', { payoutId, error: error.message });
    }
    return asStored();
  }

  /**
   * The payout changed between this decision's read and its record: PayPal's webhook recorded the
   * same batch meanwhile (the answer), or something else happened, which is logged with the batch.
   */
  async function recordedMeanwhile(batchId: string) {
    const stored = await asStored();
    if (stored.batchId === batchId) {
      // The admin's decision is kept all the same (a send's was written when it took the payout).
      if (input.decision === 'batch')
        await runOptimistic(async (tx) => {
          const current = await tx.get(payoutRef(payoutId));
          if (current.data()?.batchId === batchId) tx.update(payoutRef(payoutId), { review: review('batch') });
        });
      return asStored();
    }
    logger.error('payout batch from an admin decision not recorded: the payout changed meanwhile', {
      payoutId,
      batchId,
      state: stored.state,
    });
    throw notInReview();
  }
}
