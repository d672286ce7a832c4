import { collection, orderBy, query, where } from 'firebase/firestore';
import { DEFAULT_WALLET_SETTINGS, shopProducts, type WalletSettings } from '@versus/domain/wallet/economics';
import type { Currency, Locale } from '@versus/domain/platform/constants';
import { db } from '../../lib/firebase';
import { useLiveDocument } from '../../lib/use-live-document';
import { useLiveQuery } from '../../lib/use-live-query';

export interface Product {
  active: boolean;
  bucks: number;
  prices: Partial<Record<Currency, number>>;
  offers?: Partial<Record<Locale, string>>;
}

/** Active products, live, sorted by coins, with the minimum-purchase filter of settings/wallet. */
export function useProducts() {
  const products = useLiveQuery<Product>('products', () => query(collection(db, 'products'), where('active', '==', true), orderBy('bucks', 'asc')));
  const settings = useLiveDocument<Partial<WalletSettings>>('settings/wallet');
  const minimumPurchase = settings.status === 'ready' ? (settings.data.minimumPurchase ?? 0) : DEFAULT_WALLET_SETTINGS.minimumPurchase;
  if (products.status !== 'ready' || settings.status === 'loading') return products.status === 'error' ? products : ({ status: 'loading' } as const);
  return { status: 'ready' as const, items: shopProducts(products.items, minimumPurchase) };
}
