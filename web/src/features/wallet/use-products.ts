import { shopProducts } from '@versus/domain/wallet/economics';
import type { Product } from '@versus/domain/wallet/types';
import { db } from '../../lib/firebase';
import { useLiveQuery } from '../../lib/use-live-query';
import { useWalletSettings } from '../../lib/use-wallet-settings';
import { activeProductsQuery } from './queries';

export type { Product };

/** Active products, live, sorted by coins, with the minimum-purchase filter of settings/wallet. */
export function useProducts() {
  const products = useLiveQuery<Product>('products', () => activeProductsQuery(db));
  const { settings, loaded } = useWalletSettings();
  if (products.status === 'error') return products;
  if (products.status === 'loading' || !loaded) return { status: 'loading' } as const;
  return { status: 'ready' as const, items: shopProducts(products.items, settings.minimumPurchase) };
}
