import type { Currency } from '@versus/domain/platform/constants';
import {
  DEFAULT_WALLET_SETTINGS,
  cheapestCentsPer100Coins,
  isPayoutRateSafe,
  type WalletSettings,
} from '@versus/domain/wallet/economics';
import { productsCollection, walletSettingsRef } from '../platform/collections';
import { readDocument } from '../platform/reads';
import type { Product } from '@versus/domain/wallet/types';

/** settings/wallet with the defaults of DESIGN §5 for anything missing. */
export async function walletSettings(): Promise<WalletSettings> {
  const snapshot = await readDocument(walletSettingsRef);
  const data = (snapshot.data() ?? {}) as Partial<WalletSettings>;
  return {
    minimumWithdrawal: data.minimumWithdrawal ?? DEFAULT_WALLET_SETTINGS.minimumWithdrawal,
    minimumPurchase: data.minimumPurchase ?? DEFAULT_WALLET_SETTINGS.minimumPurchase,
    payoutCentsPer100Coins: data.payoutCentsPer100Coins ?? DEFAULT_WALLET_SETTINGS.payoutCentsPer100Coins,
  };
}

let bundlesInFlight: Promise<Product[]> | null = null;
/**
 * The coin bundles on sale: the cheapest bounds the payout rate (payoutRateIsSafe). A query: in the
 * season's burst of withdrawals on the month's last day, twelve at once waited up to 218 ms for
 * theirs on the emulator while the rest of their first reads took 30–70.
 * Requests that ask while one is on its way share its answer, as if each had read a moment
 * earlier; the list is read outside the transaction either way, and the next ask after it answers
 * reads anew.
 */
export function activeBundles(): Promise<Product[]> {
  bundlesInFlight ??= productsCollection()
    .where('active', '==', true)
    .get()
    .then((snapshot) => snapshot.docs.map((doc) => doc.data()))
    .finally(() => (bundlesInFlight = null));
  return bundlesInFlight;
}

/** Whether the payout rate pays less per coin than the cheapest of the bundles on sale costs in that currency. */
export const payoutRateIsSafe = (
  payoutCentsPer100Coins: number,
  currency: Currency,
  bundles: Awaited<ReturnType<typeof activeBundles>>,
): boolean => isPayoutRateSafe(payoutCentsPer100Coins, cheapestCentsPer100Coins(bundles, currency));
