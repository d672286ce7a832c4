import type { Currency } from '@versus/domain/platform/constants';
import { centsToDecimal, payoutCents, type PayoutState } from '@versus/domain/wallet/economics';
import { logger } from 'firebase-functions';
import type { Payout } from '@versus/domain/wallet/types';
import { HttpError, notFound } from '../api/http-error';
import { db } from '../platform/firebase';
import { commitWithAnswer, runOptimistic, type Gate } from '../platform/optimistic';
import { ProviderRefused, ProviderUnavailable, type PaymentProvider } from '../platform/payment-provider';
import { accountRef, creatorRef, ledgerEntryRef, newPayoutId, payoutRef } from '../platform/collections';
import { applyBalanceChange, ledgerEntryId, type BalanceAccount } from './ledger';
import { activeBundles, payoutRateIsSafe, walletSettings } from './settings';

const debitReason = (source: BalanceAccount) => (source === 'creator' ? 'creator-redeem' : 'withdrawal');
const refundReason = (source: BalanceAccount) => `${debitReason(source)}-refund`;

export interface PayoutRequest {
  uid: string;
  source: BalanceAccount;
  bucks: number;
  currency: Currency;
}

/**
 * Debits the coins into a PENDING payout in one transaction, then asks PayPal to pay them. A refusal
 * or an unreachable PayPal fails the payout and refunds it (once, keyed by the payout); PayPal's
 * answer arrives now or later through settlePayout (webhook or poll).
 *
 * Behind a route's gate (the caller's account active, its Idempotency-Key reserved) the wallet's
 * rules and the caller's account are read beside the gate's own reads, nothing is written and
 * PayPal is not asked before it has passed, and the key's answer is stored in the commit that
 * records PayPal's answer (docs/decisions.md "Reads in fewer round trips in a row").
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
      };
      tx.create(payoutRef(payoutId), pending);
      return pending;
    },
    { beside: gate?.passed, ahead: gate?.reads },
  );
  const asStored = async () => ({ id: payoutId, ...(await payoutRef(payoutId).get()).data()! });

  let batchId: string;
  try {
    ({ batchId } = await provider.createPayout({
      payoutId,
      receiver: payout.receiver,
      currency: payout.currency,
      value: centsToDecimal(payout.amountCents),
      note: `Versus withdrawal of ${payout.bucks} coins`,
    }));
  } catch (error) {
    if (!(error instanceof ProviderRefused || error instanceof ProviderUnavailable)) throw error;
    logger.warn('payout refused or unreachable; refunding', { payoutId, error: error.message });
    await failPayout(payoutId, error instanceof ProviderRefused ? 'PAYPAL_REFUSED' : 'PAYPAL_UNAVAILABLE', now);
    return asStored();
  }
  // PayPal is asked how it went (it usually decides at once), then the batch and what PayPal said
  // are written in one commit with the key's answer: PAID, or PROCESSING for the webhook and the
  // sweeper's poll to settle. Until then the payout is PENDING, which neither of them touches, so
  // nothing can have changed it since the debit.
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
    const batch = db.batch().update(payoutRef(payoutId), {
      state: answer.state,
      batchId,
      ...(answer.state === 'PAID' ? { settledAt: now } : {}),
    });
    await commitWithAnswer(batch, gate?.key, answer);
    return answer;
  } catch (error) {
    // PayPal has the payout, so it must not stay PENDING without its batch, which nothing looks
    // at: PROCESSING with its batch is what the webhook and the sweeper's poll settle (a denial
    // is refunded there), and it is the answer.
    logger.error('payout taken by PayPal but not recorded; left for the sweeper', { payoutId, error: String(error) });
    await runOptimistic(async (tx) => {
      if ((await tx.get(payoutRef(payoutId))).data()?.state === 'PENDING')
        tx.update(payoutRef(payoutId), { state: 'PROCESSING', batchId });
    });
    return asStored();
  }
}

/** Refunds a payout that PayPal refused or denied (its batch kept, when it has one); a second call changes nothing. */
export async function failPayout(payoutId: string, reason: string, now: number, batchId?: string): Promise<void> {
  await runOptimistic(async (tx) => {
    const snapshot = await tx.get(payoutRef(payoutId));
    const payout = snapshot.data();
    if (!payout || payout.state === 'FAILED' || payout.state === 'PAID') return;
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
    });
  });
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
      if (current.data()?.state === 'PROCESSING') tx.update(payoutRef(payoutId), { state: 'PAID', settledAt: now });
    });
    return 'PAID';
  }
  return 'PROCESSING';
}
