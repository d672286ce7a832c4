import type { Currency } from '@versus/domain/platform/constants';
import { centsToDecimal, payoutCents, type PayoutState } from '@versus/domain/wallet/economics';
import { PAYPAL_BATCH_ID } from '@versus/domain/wallet/schemas';
import type { Timestamp, UpdateData } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { notify, type NotificationContent } from '../notifications/notify';
import { type Payout } from '@versus/domain/wallet/types';
import { HttpError, notFound } from '../errors/http-error';
import { db } from '../platform/firebase';
import {
  commitWithAnswer,
  lostPrecondition,
  runOptimistic,
  updateIfUnchanged,
  type Gate,
} from '../platform/optimistic';
import { ProviderRefused, ProviderUnavailable, type PaymentProvider } from '../platform/payment-provider';
import {
  accountRef,
  creatorRef,
  ledgerEntryRef,
  newPayoutId,
  payoutRef,
  payoutsCollection,
} from '../platform/collections';
import { applyBalanceChange, ledgerEntryId, type BalanceAccount } from './ledger';
import { activeBundles, payoutRateIsSafe, walletSettings } from './settings';

/** A payout as stored now, with its id: a command's answer. */
export const storedPayout = async (payoutId: string): Promise<Payout & { id: string }> => ({
  id: payoutId,
  ...(await payoutRef(payoutId).get()).data()!,
});

const debitReason = (source: BalanceAccount) => (source === 'creator' ? 'creator-redeem' : 'withdrawal');
const refundReason = (source: BalanceAccount) => `${debitReason(source)}-refund`;

/** What a player is told when a payout is settled, in the commit that settles it (record 170). */
const settled = (
  type: 'WITHDRAWAL_PAID' | 'WITHDRAWAL_FAILED',
  payout: Pick<Payout, 'bucks' | 'source'>,
): NotificationContent => ({ type, payout: payout.bucks, withdrawal: { source: payout.source } });

export interface PayoutRequest {
  uid: string;
  source: BalanceAccount;
  bucks: number;
  currency: Currency;
}

/** What PayPal is asked to pay for a payout: the same request every time it is sent (resumePayout). */
export const payoutRequest = (payoutId: string, payout: Payout) => ({
  payoutId,
  receiver: payout.receiver,
  currency: payout.currency,
  value: centsToDecimal(payout.amountCents),
  note: `Versus withdrawal of ${payout.bucks} coins`,
});

/**
 * A payout still PENDING is sent to PayPal again this long after its request, then after each
 * send: twice what a sweep may run (300 s) and ten times a request (60 s). Each send is taken first
 * (resumePayout), and what a late request or sweep writes is guarded by update times, so this is
 * the usual case and not the only guard.
 */
export const RESEND_AFTER_MS = 10 * 60_000;
/**
 * After a week of sends with no answer PayPal can be held to, the sweeper stops: PayPal makes one
 * batch per sender_batch_id only "within 30 days", so sending for ever could make a second one.
 */
const RESEND_FOR_MS = 7 * 86_400_000;
/** A request's time limit (functions/src/index.ts): past it, a payout's request records nothing more. */
const PAYOUT_REQUEST_MS = 60_000;

/**
 * Debits the coins into a PENDING payout in one transaction, then asks PayPal to pay them. A refusal
 * fails the payout and refunds it (once, keyed by the payout). An unreachable PayPal, or one that
 * answers 5xx, may have taken the payout all the same (PayPal: "you can safely retry the request
 * with the same sender_batch_id"), so the payout stays PENDING, its coins held, and the sweeper
 * sends it again (resumePayout) until PayPal answers; PayPal pays a sender_batch_id once. PayPal's
 * decision arrives now or later through settlePayout (webhook or poll).
 *
 * Behind a route's gate (the caller's account active, its Idempotency-Key reserved) the wallet's
 * rules and the caller's account are read beside the gate's own reads, nothing is written and
 * PayPal is not asked before it has passed, and the key's answer is stored in the commit that
 * records PayPal's answer (docs/decisions/0072).
 */
export async function requestPayout(
  provider: PaymentProvider,
  request: PayoutRequest,
  now: number,
  gate?: Gate,
): Promise<Payout & { id: string }> {
  const rules = Promise.all([walletSettings(), activeBundles()]);
  rules.catch(() => {}); // awaited by the transaction's first attempt
  const payoutId = newPayoutId();
  const debit = { uid: request.uid, reason: debitReason(request.source), ref: payoutId };
  let debitedAt: Timestamp | undefined;
  const payout = await runOptimistic(
    async (tx) => {
      // The debit's ledger entry is named by the new payout: read with the account, not after it.
      const [[settings, bundles], account, creator] = await Promise.all([
        rules,
        tx.get(accountRef(request.uid)),
        request.source === 'creator' ? tx.get(creatorRef(request.uid)) : null,
        tx.get(ledgerEntryRef(ledgerEntryId(debit))),
      ]);
      if (request.bucks < settings.minimumWithdrawal) {
        throw new HttpError(400, `Withdrawals start at ${settings.minimumWithdrawal} coins.`, 'below-minimum', {
          bucks: 'wallet.errors.below-minimum',
        });
      }
      if (!payoutRateIsSafe(settings.payoutCentsPer100Coins, request.currency, bundles)) {
        // A rate at or above the cheapest coin would let buying and withdrawing make money (DESIGN §5).
        logger.error('payout rate is not below the cheapest bundle; withdrawals refused', {
          rate: settings.payoutCentsPer100Coins,
          currency: request.currency,
        });
        throw new HttpError(
          503,
          'Withdrawals are paused while the payout rate is reviewed. Try again later.',
          'payout-rate-too-high',
        );
      }
      const paypal = account.data()?.connectedPaypal;
      if (!paypal?.email) throw new HttpError(409, 'Connect a PayPal account before withdrawing.', 'no-paypal-account');
      if (creator) {
        if (!creator.exists) throw new HttpError(403, 'Only creators have creator earnings.', 'not-a-creator');
        // The redeem button sends the whole balance it showed; a changed balance means stale data.
        if (creator.data()?.balance !== request.bucks) {
          throw new HttpError(
            409,
            'Your creator balance has changed. Reload it and try again.',
            'creator-balance-changed',
          );
        }
      }
      await applyBalanceChange(tx, { ...debit, account: request.source, delta: -request.bucks, playedOnly: true }, now);
      const pending: Payout = {
        uid: request.uid,
        source: request.source,
        bucks: request.bucks,
        currency: request.currency,
        amountCents: payoutCents(request.bucks, settings.payoutCentsPer100Coins),
        receiver: paypal.email,
        state: 'PENDING',
        batchId: null,
        failureReason: null,
        createdAt: now,
        settledAt: null,
        nextSendAt: now + RESEND_AFTER_MS,
      };
      tx.create(payoutRef(payoutId), pending);
      return pending;
    },
    // A keyed request's key is created IN_PROGRESS by the debit's commit (api/idempotency
    // `reserved: 'in-commit'`): one call fewer in a row than reserving it first.
    { beside: gate?.passed, ahead: gate?.reads, key: gate?.key, committed: (at) => (debitedAt = at) },
  );
  const asStored = () => storedPayout(payoutId);

  let batchId: string;
  try {
    ({ batchId } = await provider.createPayout(payoutRequest(payoutId, payout)));
  } catch (error) {
    if (error instanceof ProviderUnavailable) {
      logger.warn('PayPal did not answer a payout; held for the sweeper to send again', {
        payoutId,
        error: error.message,
      });
      // As the debit wrote it: no read that could fail after the coins left (the key would then be
      // let go and a retry debit again).
      return { id: payoutId, ...payout };
    }
    if (!(error instanceof ProviderRefused)) throw error;
    // The first send was refused, so PayPal made nothing: refunded, unless a sweep has sent it
    // again since (a request far past its time limit), which then settles it.
    logger.warn('payout refused; refunding', { payoutId, error: error.message });
    await failPayout(payoutId, 'PAYPAL_REFUSED', now, undefined, debitedAt);
    return asStored();
  }
  // PayPal is asked how it went (it usually decides at once), then the batch and what PayPal said
  // are written in one commit with the key's answer: PAID, or PROCESSING for the webhook and the
  // sweeper's poll to settle. Until then the payout is PENDING, which the poll does not touch and
  // PayPal's webhook leaves to this request for a request's time limit (recordPayoutBatch); the
  // sweeper sends a PENDING payout again only 10 minutes after its request, and the commit finds
  // the payout as the debit wrote it or writes nothing (its update time), answering it as stored.
  try {
    const status = await provider.payoutStatus(batchId).catch((error: unknown) => {
      logger.warn('payout status not known yet', { payoutId, error: String(error) });
      return null;
    });
    if (status === 'DENIED') {
      await failPayout(payoutId, 'PAYPAL_DENIED', now, batchId);
      return await asStored();
    }
    const answer =
      status === 'SUCCESS'
        ? { id: payoutId, ...payout, state: 'PAID' as const, batchId, settledAt: now }
        : { id: payoutId, ...payout, state: 'PROCESSING' as const, batchId };
    const batch = db
      .batch()
      .update(
        payoutRef(payoutId),
        { state: answer.state, batchId, ...(answer.state === 'PAID' ? { settledAt: now } : {}) },
        ...(debitedAt ? [{ lastUpdateTime: debitedAt }] : []),
      );
    if (answer.state === 'PAID') notify(batch, payout.uid, settled('WITHDRAWAL_PAID', payout), now);
    await commitWithAnswer(batch, gate?.key, answer);
    return answer;
  } catch (error) {
    // The sweeper has sent it again and recorded PayPal's answer meanwhile: that is the answer (the
    // same batch: PayPal makes one per sender_batch_id). Never an error once the coins have left,
    // which would let the key go and a retry debit again.
    if (lostPrecondition(error))
      return asStored().catch(() => ({ id: payoutId, ...payout, state: 'PROCESSING' as const, batchId }));
    // PayPal has the payout, so it must not stay PENDING without its batch, which nothing looks
    // at: PROCESSING with its batch is what the webhook and the sweeper's poll settle (a denial
    // is refunded there), and it is the answer.
    logger.error('payout taken by PayPal but not recorded; left for the sweeper', { payoutId, error: String(error) });
    await runOptimistic(async (tx) => {
      const current = await tx.get(payoutRef(payoutId));
      // Only over the payout as the debit wrote it: a sweep that took it since records its own.
      if (current.data()?.state === 'PENDING' && (!debitedAt || current.updateTime?.isEqual(debitedAt)))
        tx.update(payoutRef(payoutId), { state: 'PROCESSING', batchId });
    });
    return asStored();
  }
}

/**
 * Refunds a payout that PayPal refused or denied (its batch kept, when it has one); a second call
 * changes nothing. With `unchangedSince`, only a payout nobody has written since then (a refusal
 * answers only the send it was the answer to). True when this call refunded it.
 */
export async function failPayout(
  payoutId: string,
  reason: string,
  now: number,
  batchId?: string,
  unchangedSince?: Timestamp,
  /** Written with the refund (an admin's review). */
  also: UpdateData<Payout> = {},
): Promise<boolean> {
  return runOptimistic(async (tx) => {
    const snapshot = await tx.get(payoutRef(payoutId));
    const payout = snapshot.data();
    if (!payout || payout.state === 'FAILED' || payout.state === 'PAID') return false;
    if (unchangedSince && !snapshot.updateTime?.isEqual(unchangedSince)) return false;
    await applyBalanceChange(
      tx,
      {
        uid: payout.uid,
        account: payout.source,
        delta: payout.bucks,
        reason: refundReason(payout.source),
        ref: payoutId,
      },
      now,
    );
    tx.update(payoutRef(payoutId), {
      state: 'FAILED',
      failureReason: reason,
      settledAt: now,
      ...(batchId ? { batchId } : {}),
      ...also,
    });
    notify(tx, payout.uid, settled('WITHDRAWAL_FAILED', payout), now);
    return true;
  });
}

/**
 * Sends a payout still PENDING to PayPal again (the sweeper, from 10 minutes after its request):
 * PayPal did not answer it, or the process that asked died before recording the answer. PayPal
 * makes one batch per sender_batch_id, so this answers the batch it made the first time, or makes
 * it now; then it is settled as any other: PAID, PROCESSING, or FAILED and refunded.
 *
 * The sweep first takes the payout (moves `nextSendAt` on, over the payout as read), so two sweeps
 * never send it at once. Only a VALIDATION_ERROR refunds it: the same request was refused the first
 * time too, so PayPal made nothing. Any other refusal says nothing about the first send (a 422 on
 * the sender's funds, a 401 or 403 on our credentials), so the payout stays held for the next send,
 * as it does while PayPal is out of reach. After a week it is left to an operator (`needsReview`,
 * logged as an error) instead of being sent past PayPal's 30 days of remembering the id.
 */
export async function resumePayout(provider: PaymentProvider, payoutId: string, now: number): Promise<PayoutState> {
  const snapshot = await payoutRef(payoutId).get();
  const payout = snapshot.data();
  if (!payout) throw notFound('That payout');
  if (payout.state !== 'PENDING') return payout.state;
  if (typeof payout.nextSendAt !== 'number' || payout.nextSendAt > now) return 'PENDING';
  const givingUp = payout.createdAt <= now - RESEND_FOR_MS;
  // Another sweep took it, or the payout moved on: not this sweep's to send.
  const taken = await updateIfUnchanged(
    payoutRef(payoutId),
    givingUp ? { nextSendAt: null, needsReview: true } : { nextSendAt: now + RESEND_AFTER_MS },
    snapshot.updateTime!,
  );
  if (!taken) return 'PENDING';
  if (givingUp) {
    logger.error('payout PENDING for a week without an answer from PayPal: left for review', {
      payoutId,
      senderBatchId: payoutId,
    });
    return 'PENDING';
  }
  let batchId: string;
  try {
    ({ batchId } = await provider.createPayout(payoutRequest(payoutId, payout)));
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error;
    if (error.errorName !== 'VALIDATION_ERROR') {
      logger.warn('payout refused when sent again; held for the next send', { payoutId, error: error.message });
      return 'PENDING';
    }
    logger.warn('payout invalid when sent again; refunding', { payoutId, error: error.message });
    if (await failPayout(payoutId, 'PAYPAL_REFUSED', now, undefined, taken)) return 'FAILED';
    // Changed since this sweep took it (PayPal's webhook gave it its batch): as it is now.
    return (await payoutRef(payoutId).get()).data()!.state;
  }
  // Not written if changed since this sweep took it: PayPal's webhook (recordPayoutBatch) or a later
  // sweep, ten minutes on, has recorded the same batch.
  await updateIfUnchanged(payoutRef(payoutId), { state: 'PROCESSING', batchId }, taken);
  return settlePayout(provider, payoutId, now);
}

/** Asks PayPal how a processing payout went: PAID, or FAILED and refunded. Idempotent. */
export async function settlePayout(provider: PaymentProvider, payoutId: string, now: number): Promise<PayoutState> {
  const snapshot = await payoutRef(payoutId).get();
  const payout = snapshot.data();
  if (!payout) throw notFound('That payout');
  if (payout.state !== 'PROCESSING' || !payout.batchId) return payout.state;
  const status = await provider.payoutStatus(payout.batchId);
  if (status === 'DENIED') {
    await failPayout(payoutId, 'PAYPAL_DENIED', now);
    return 'FAILED';
  }
  if (status === 'SUCCESS') {
    await runOptimistic(async (tx) => {
      const current = await tx.get(payoutRef(payoutId));
      if (current.data()?.state !== 'PROCESSING') return;
      tx.update(payoutRef(payoutId), { state: 'PAID', settledAt: now });
      notify(tx, payout.uid, settled('WITHDRAWAL_PAID', payout), now);
    });
    return 'PAID';
  }
  return 'PROCESSING';
}

/**
 * PENDING payouts from before 2026-11-27 have no `nextSendAt`, so the sweeper never sent them
 * again and nobody could settle them: each is made due now (npm run migrate), over the payout as
 * read. The sweeper then sends one again, or leaves one older than a week for an admin's review.
 */
export async function backfillPayoutSends(now: number): Promise<{ scheduled: number }> {
  const pending = await payoutsCollection().where('state', '==', 'PENDING').get();
  const legacy = pending.docs.filter((doc) => doc.get('nextSendAt') === undefined);
  const scheduled = await Promise.all(
    legacy.map((doc) => updateIfUnchanged(payoutRef(doc.id), { nextSendAt: now }, doc.updateTime)),
  );
  return { scheduled: scheduled.filter(Boolean).length };
}

/**
 * PayPal's webhook for a payout batch (PAYMENT.PAYOUTSBATCH.*): a payout still PENDING (its
 * request's answer lost, being sent again, or left for review) is given the batch PayPal made for
 * it, once PayPal confirms the batch is this payout's (its sender_batch_id), over the payout as read;
 * then, like a PROCESSING one, it is settled by asking PayPal (settlePayout). The event itself is
 * never trusted: only PayPal's answer to our own request.
 */
export async function recordPayoutBatch(
  provider: PaymentProvider,
  payoutId: string,
  batchId: unknown,
  now: number,
): Promise<PayoutState> {
  const snapshot = await payoutRef(payoutId).get();
  const payout = snapshot.data();
  if (!payout) throw notFound('That payout');
  // Its request may still be recording PayPal's answer (in the commit that stores the request's
  // key): not raced here. PayPal delivers an event it was not given a 2xx for again, later.
  if (payout.state === 'PENDING' && payout.createdAt > now - PAYOUT_REQUEST_MS)
    throw new HttpError(
      503,
      "This payout's request may still be recording PayPal's answer: deliver the event again later.",
    );
  if (payout.state === 'PENDING' && typeof batchId === 'string' && PAYPAL_BATCH_ID.test(batchId)) {
    const batch = await provider.payoutBatch(batchId);
    if (batch?.senderBatchId !== payoutId) {
      logger.warn('payout webhook names a batch PayPal does not hold for this payout; ignored', { payoutId, batchId });
      return 'PENDING';
    }
    // A request or a send that records the same batch meanwhile finds this and answers it.
    const recorded = await updateIfUnchanged(
      payoutRef(payoutId),
      { state: 'PROCESSING', batchId, needsReview: false },
      snapshot.updateTime!,
    );
    // Recorded by something else meanwhile: settled below all the same (settlePayout is idempotent).
    if (!recorded) logger.info('payout changed while its webhook asked PayPal', { payoutId, batchId });
  }
  return settlePayout(provider, payoutId, now);
}
