import * as yup from 'yup';
import type { Currency } from '../platform/constants';
import { PAYOUT_DECISIONS, PAYOUT_REVIEW_REASON_MAX } from './types';

export const PAYMENT_METHODS = ['PAYPAL'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CURRENCIES: readonly Currency[] = ['USD', 'EUR'];

const method = yup.string().required('validation.required').oneOf(PAYMENT_METHODS, 'wallet.errors.unsupported-method');
const currency = yup.string().required('validation.required').oneOf(CURRENCIES, 'wallet.errors.unsupported-currency');
/** Whole coins; strings are not numbers here. */
const bucks = yup
  .number()
  .strict()
  .typeError('wallet.errors.whole-coins')
  .required('validation.required')
  .integer('wallet.errors.whole-coins')
  .positive('wallet.errors.whole-coins')
  .max(100_000_000, 'wallet.errors.whole-coins');

/** POST /wallet/createPurchaseIntent (SPEC §7). */
export const purchaseIntentSchema = yup
  .object({
    method,
    currency,
    productId: yup.string().trim().required('validation.required').max(64, 'validation.required'),
  })
  .noUnknown(true, 'validation.unknown-field');

/** POST /wallet/orderComplete (SPEC §7). */
export const orderCompleteSchema = yup
  .object({
    method,
    orderId: yup
      .string()
      .trim()
      .required('validation.required')
      .matches(/^[A-Za-z0-9-]{1,64}$/, 'wallet.errors.unknown-order'),
  })
  .noUnknown(true, 'validation.unknown-field');

/** POST /wallet/withdraw: coins from the balance to the connected PayPal account. */
export const withdrawSchema = yup.object({ bucks, currency }).noUnknown(true, 'validation.unknown-field');

/** POST /wallet/withdrawCreatorCodeBucks (SPEC §7): the whole creator balance. */
export const creatorWithdrawSchema = yup
  .object({ bucks, currency: currency.optional().default('EUR') })
  .noUnknown(true, 'validation.unknown-field');

/** POST /profile/paypal: the authorization code "Log in with PayPal" returned. */
export const connectPaypalSchema = yup
  .object({ code: yup.string().trim().required('validation.required').max(512, 'validation.required') })
  .noUnknown(true, 'validation.unknown-field');

/** The wallet form's own schema: the server repeats these checks. */
export const withdrawFormSchema = (minimum: number, funds: number) =>
  yup.object({
    bucks: yup
      .number()
      .typeError('wallet.errors.whole-coins')
      .required('validation.required')
      .integer('wallet.errors.whole-coins')
      .min(minimum, 'wallet.errors.below-minimum')
      .max(funds, 'wallet.errors.above-balance'),
  });

/** A PayPal payout batch id as an admin types it (PayPal's are 13 capitals and digits). */
export const PAYPAL_BATCH_ID = /^[A-Za-z0-9]{6,40}$/;

/**
 * POST /admin/payouts/{id}/review: a platform admin settles a payout the sweeper stopped sending
 * (`needsReview`). `send` asks PayPal once more (while PayPal still remembers the payout's id),
 * `batch` records the PayPal batch that paid it (checked with PayPal), `refund` gives the coins
 * back because PayPal made nothing. Each with the admin's reason.
 */
export const payoutReviewSchema = yup
  .object({
    decision: yup.string().required('validation.required').oneOf(PAYOUT_DECISIONS, 'wallet.errors.review-decision'),
    batchId: yup.string().when('decision', {
      is: 'batch',
      then: (schema) =>
        schema.trim().required('wallet.errors.batch-id').matches(PAYPAL_BATCH_ID, 'wallet.errors.batch-id'),
      otherwise: (schema) => schema.strip(),
    }),
    reason: yup
      .string()
      .trim()
      .required('validation.required')
      .max(PAYOUT_REVIEW_REASON_MAX, 'wallet.errors.reason-too-long'),
  })
  .noUnknown(true, 'validation.unknown-field');
