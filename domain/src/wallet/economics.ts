/** Money rules of DESIGN §5; pure, so the server, the web app and tests share them. */
export const CREATOR_SHARE_PERCENT = 5;
/** SPEC §9: creator data refreshes at most every 30 s. */
export const CREATOR_DATA_REFRESH_MS = 30_000;
/** Used when settings/wallet is missing. */
export const DEFAULT_WALLET_SETTINGS = { minimumWithdrawal: 1000, minimumPurchase: 0, coinsPerCurrencyUnit: 100 } as const;

export interface WalletSettings {
  minimumWithdrawal: number;
  minimumPurchase: number;
  coinsPerCurrencyUnit: number;
}

/** A creator earns 5 % of the coins a supporter buys, rounded down. */
export const creatorEarning = (bucks: number): number => Math.floor((bucks * CREATOR_SHARE_PERCENT) / 100);

/** Cents paid out for a number of coins (100 coins = 1.00 by default), rounded down. */
export const payoutCents = (bucks: number, coinsPerCurrencyUnit: number): number =>
  Math.floor((bucks * 100) / coinsPerCurrencyUnit);

/** PayPal's decimal string for an amount in cents: 129 → "1.29". */
export const centsToDecimal = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The calendar day (UTC) an earning is recorded under in timeDataSet: YYYY-MM-DD. */
export const earningDay = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** The last `days` days ending with `today`, oldest first, with 0 for days without earnings. */
export function earningsByDay(timeDataSet: Record<string, number>, today: number, days: number): { day: string; coins: number }[] {
  const result: { day: string; coins: number }[] = [];
  for (let offset = days - 1; offset >= 0; offset -= 1) {
    const day = earningDay(today - offset * 86_400_000);
    result.push({ day, coins: Math.floor(timeDataSet[day] ?? 0) });
  }
  return result;
}

/** Products shown in the coin shop: active, at least the minimum purchase, by coins ascending. */
export function shopProducts<P extends { active: boolean; bucks: number }>(products: P[], minimumPurchase: number): P[] {
  return products.filter((product) => product.active && product.bucks >= minimumPurchase).sort((a, b) => a.bucks - b.bucks);
}

export type PayoutState = 'PENDING' | 'PROCESSING' | 'PAID' | 'FAILED';
export type OrderStatus = 'CREATED' | 'COMPLETED' | 'DECLINED' | 'CANCELLED';
