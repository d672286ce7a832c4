import { HOUR_MS, utcDay } from '../platform/constants';
/** Money rules of DESIGN §5; pure, so the server, the web app and tests share them. */
export const CREATOR_SHARE_PERCENT = 5;
/** SPEC §9: creator data refreshes at most every 30 s. */
export const CREATOR_DATA_REFRESH_MS = 30_000;
/** Used when settings/wallet is missing (DESIGN §5: 100 coins pay out 0.70). */
export const DEFAULT_WALLET_SETTINGS = {
  minimumWithdrawal: 1000,
  minimumPurchase: 0,
  payoutCentsPer100Coins: 70,
} as const;

export interface WalletSettings {
  minimumWithdrawal: number;
  minimumPurchase: number;
  /** Cents (of the payout currency) paid for every 100 coins withdrawn. */
  payoutCentsPer100Coins: number;
}

/** A creator earns 5 % of the coins a supporter buys, rounded down. */
export const creatorEarning = (bucks: number): number => Math.floor((bucks * CREATOR_SHARE_PERCENT) / 100);

/** Cents paid out for a number of coins at the payout rate, rounded down. */
export const payoutCents = (bucks: number, payoutCentsPer100Coins: number): number =>
  Math.floor((bucks * payoutCentsPer100Coins) / 100);

/**
 * The cheapest price of 100 coins among the active bundles sold in a currency, in cents (a
 * fraction), or null when none is sold in it.
 */
export function cheapestCentsPer100Coins(
  products: { active: boolean; bucks: number; prices?: Partial<Record<string, number>> }[],
  currency: string,
): number | null {
  let cheapest: number | null = null;
  for (const product of products) {
    const cents = product.prices?.[currency];
    if (!product.active || !cents || product.bucks <= 0) continue;
    const per100 = (cents * 100) / product.bucks;
    if (cheapest === null || per100 < cheapest) cheapest = per100;
  }
  return cheapest;
}

/**
 * Buying coins and withdrawing them must never return more than was paid (DESIGN §5): the payout
 * rate stays strictly below the cheapest price per coin of every bundle sold in that currency.
 */
export const isPayoutRateSafe = (payoutCentsPer100Coins: number, cheapestPer100: number | null): boolean =>
  Number.isFinite(payoutCentsPer100Coins) &&
  payoutCentsPer100Coins >= 0 &&
  (cheapestPer100 === null || payoutCentsPer100Coins < cheapestPer100);

/**
 * Play-through (DESIGN §5): purchased coins not yet staked (`unplayed`) stay in the balance but
 * cannot be withdrawn.
 */
export const withdrawableCoins = (funds: number, unplayed: number | undefined): number =>
  Math.max(0, funds - Math.min(funds, Math.max(0, unplayed ?? 0)));

/** PayPal's decimal string for an amount in cents: 129 → "1.29". */
export const centsToDecimal = (cents: number): string =>
  `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The calendar day (UTC) an earning is recorded under in timeDataSet: YYYY-MM-DD. */
export const earningDay = utcDay;

/** The last `days` days ending with `today`, oldest first, with 0 for days without earnings. */
export function earningsByDay(
  timeDataSet: Record<string, number>,
  today: number,
  days: number,
): { day: string; coins: number }[] {
  const result: { day: string; coins: number }[] = [];
  for (let offset = days - 1; offset >= 0; offset -= 1) {
    const day = earningDay(today - offset * 86_400_000);
    result.push({ day, coins: Math.floor(timeDataSet[day] ?? 0) });
  }
  return result;
}

/** Products shown in the coin shop: active, at least the minimum purchase, by coins ascending. */
export function shopProducts<P extends { active: boolean; bucks: number }>(
  products: P[],
  minimumPurchase: number,
): P[] {
  return products
    .filter((product) => product.active && product.bucks >= minimumPurchase)
    .sort((a, b) => a.bucks - b.bucks);
}

export type PayoutState = 'PENDING' | 'PROCESSING' | 'PAID' | 'FAILED';
export type OrderStatus = 'CREATED' | 'COMPLETED' | 'DECLINED' | 'CANCELLED' | 'EXPIRED';
/** PayPal orders nobody approved expire (PayPal's own limit for unapproved orders is 3 hours). */
export const ORDER_EXPIRY_MS = 3 * HOUR_MS;
