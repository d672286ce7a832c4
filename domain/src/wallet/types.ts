import type { Currency, Locale } from '../platform/constants';
import type { OrderStatus, PayoutState } from './economics';

/** Document shapes of the wallet's collections (docs/data-model.md), shared by the API and the web app. */

/** Which balance a ledger change moves: a user's coins or a creator's earnings (DESIGN §5). */
export type BalanceAccount = 'funds' | 'creator';

/** products/{id}: a coin bundle of the shop. Prices in cents per currency. */
export interface Product {
  active: boolean;
  bucks: number;
  prices: Partial<Record<Currency, number>>;
  offers?: Partial<Record<Locale, string>>;
}

/** paypal_orders/{PayPal order id}: what was bought, by whom, and whether it was credited. */
export interface PaymentOrder {
  orderID: string;
  uid: string;
  method: 'PAYPAL';
  productId: string;
  bucks: number;
  currency: Currency;
  amountCents: number;
  status: OrderStatus;
  createdAt: number;
  completedAt: number | null;
  intentId?: string;
  /**
   * The creator code the buyer supported when the order was made: the completion reads its entry
   * beside the buyer's account (one round trip fewer). A guess only: the account's code at the
   * completion decides.
   */
  creatorCodeHint?: string | null;
  completedVia?: 'client' | 'webhook' | 'sweeper';
  captureId?: string;
  creatorUid?: string | null;
  creatorEarning?: number;
}

/** payouts/{id}: coins on their way to a PayPal account. */
export interface Payout {
  uid: string;
  /** Which balance paid: the user's coins or their creator earnings. */
  source: BalanceAccount;
  bucks: number;
  currency: Currency;
  amountCents: number;
  receiver: string;
  state: PayoutState;
  batchId: string | null;
  failureReason: string | null;
  createdAt: number;
  settledAt: number | null;
  /**
   * When the sweeper may send a payout still PENDING to PayPal again (wallet/payouts resumePayout):
   * 10 minutes after the request, then 10 minutes after each send; null once it has been sent for a
   * week with no answer PayPal could be held to (`needsReview`). Absent on payouts from before
   * 2026-11-27.
   */
  nextSendAt?: number | null;
  /** Set when the sweeper stopped sending it (a week without an answer): an operator's to settle. */
  needsReview?: boolean;
  /** A platform admin's settling of a payout left for review (POST /admin/payouts/{id}/review). */
  review?: PayoutReview;
}

/**
 * How an admin settles a payout left for review: sent to PayPal once more, recorded as paid by a
 * PayPal batch found in PayPal's records, or refunded because PayPal made nothing.
 */
export const PAYOUT_DECISIONS = ['send', 'batch', 'refund'] as const;
export type PayoutDecision = (typeof PAYOUT_DECISIONS)[number];
export const PAYOUT_REVIEW_REASON_MAX = 450;
/**
 * An admin may send a payout left for review once more while PayPal still remembers its id
 * ("within 30 days"), with a day's margin: then PayPal answers the batch it made, or makes it now.
 */
export const PAYOUT_REVIEW_SEND_FOR_MS = 29 * 86_400_000;

export interface PayoutReview {
  /** The admin's uid. */
  by: string;
  at: number;
  decision: PayoutDecision;
  reason: string;
}

/** escrows/{id}: coins held for an entry fee until released once (prize, refund or payout). */
export interface Escrow {
  escrowId: string;
  uid: string;
  amount: number;
  /** How many of the held coins were bought and not yet played (DESIGN §5 play-through). */
  unplayed: number;
  purpose: string;
  state: 'HELD' | 'RELEASED';
  createdAt: number;
  /** `pool`: joined a prize pool (a tournament's, `releasedTo` = `tournament:{id}`), paid by its own credits. */
  release: 'refund' | 'prize' | 'payout' | 'pool' | null;
  releasedTo: string | null;
  releasedAt: number | null;
}

/** ledger/{uid}:{reason}:{ref}: one balance change, written with it. */
export interface LedgerEntry {
  uid: string;
  account: BalanceAccount;
  delta: number;
  reason: string;
  ref: string;
  /** What the Coins tab names the entry by (a tournament's name, as it was then); absent on others. */
  title?: string;
  balanceAfter: number;
  unplayedDelta?: number;
  unplayedAfter?: number;
  /** The command's time, or 1 ms after the balance's last entry: a balance's entries sort as applied. */
  createdAt: number;
}

/** creators/{uid}: a creator's code and earnings account. */
export interface Creator {
  code: string;
  active: boolean;
  balance: number;
  numberSupporting: number;
  /** YYYY-MM-DD (UTC) → coins earned that day. */
  timeDataSet: Record<string, number>;
  totalEarned: number;
  createdAt: number;
  /** The createdAt of the creator balance's last ledger entry (wallet/ledger.ts stamps the next one after it). */
  ledgerAt?: number;
}

/**
 * creators/{uid}/pending_earnings/{orderId}: a creator's share of one purchase, not yet in their
 * balance. Settled into the balance (with its ledger entry) by the sweeper or when the creator opens
 * their data, so a burst of purchases with one code never writes the creator's account once each.
 */
export interface PendingEarning {
  bucks: number;
  /** YYYY-MM-DD (UTC) of the purchase: the day of timeDataSet it counts under. */
  day: string;
  createdAt: number;
}
