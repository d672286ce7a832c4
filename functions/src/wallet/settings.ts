import type { Currency } from '@versus/domain/platform/constants';
import {
  DEFAULT_WALLET_SETTINGS,
  cheapestCentsPer100Coins,
  isPayoutRateSafe,
  type WalletSettings,
} from '@versus/domain/wallet/economics';
import { productsCollection, walletSettingsRef } from '../platform/collections';
import { readDocument } from '../platform/reads';

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

/** The coin bundles on sale: the cheapest bounds the payout rate (payoutRateIsSafe). */
export async function activeBundles() {
  return (await productsCollection().where('active', '==', true).get()).docs.map((doc) => doc.data());
}

/** Whether the payout rate pays less per coin than the cheapest of the bundles on sale costs in that currency. */
export const payoutRateIsSafe = (
  payoutCentsPer100Coins: number,
  currency: Currency,
  bundles: Awaited<ReturnType<typeof activeBundles>>,
): boolean => isPayoutRateSafe(payoutCentsPer100Coins, cheapestCentsPer100Coins(bundles, currency));
