import { DEFAULT_WALLET_SETTINGS, type WalletSettings } from '@versus/domain/wallet/economics';
import { db } from '../platform/firebase';

export const walletSettingsRef = db.doc('settings/wallet');

/** settings/wallet with the defaults of DESIGN §5 for anything missing. */
export async function walletSettings(): Promise<WalletSettings> {
  const snapshot = await walletSettingsRef.get();
  const data = (snapshot.data() ?? {}) as Partial<WalletSettings>;
  return {
    minimumWithdrawal: data.minimumWithdrawal ?? DEFAULT_WALLET_SETTINGS.minimumWithdrawal,
    minimumPurchase: data.minimumPurchase ?? DEFAULT_WALLET_SETTINGS.minimumPurchase,
    coinsPerCurrencyUnit: data.coinsPerCurrencyUnit ?? DEFAULT_WALLET_SETTINGS.coinsPerCurrencyUnit,
  };
}
