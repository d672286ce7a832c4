import { DEFAULT_WALLET_SETTINGS, type WalletSettings } from '@versus/domain/wallet/economics';
import { useLiveDocument } from './use-live-document';
import { walletSettingsDoc } from './documents';
import { db } from './firebase';

/** settings/wallet read live, with DESIGN §5's defaults for anything missing. */
export function useWalletSettings(): { settings: WalletSettings; loaded: boolean } {
  const document = useLiveDocument<Partial<WalletSettings>>(walletSettingsDoc(db));
  return {
    settings: { ...DEFAULT_WALLET_SETTINGS, ...(document.status === 'ready' ? document.data : {}) },
    loaded: document.status !== 'loading',
  };
}
