import { PAYPAL_STAND_IN, adminDb, call } from './helpers';

/** What the wallet tests (wallet, creator-codes, withdrawals) share. */

export const purchase = (token: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  call<{ orderID: string; message?: string; code?: string }>('/wallet/createPurchaseIntent', {
    token,
    headers,
    body: { method: 'PAYPAL', currency: 'EUR', productId: 'coins-130', ...body },
  });
export const complete = (token: string, orderId: string, headers?: Record<string, string>) =>
  call<{ status?: string; bucks?: number; code?: string; message?: string }>('/wallet/orderComplete', {
    token,
    headers,
    body: { method: 'PAYPAL', orderId },
  });
/** The PayPal adapter in this process, on the stand-in the host uses. */
export const standInPaypal = async () =>
  (await import('../src/platform/payment-provider')).paypalProvider({
    PAYPAL_API_BASE: PAYPAL_STAND_IN,
    PAYPAL_CLIENT_ID: 'versus-local-sandbox',
    PAYPAL_CLIENT_SECRET: 'versus-local-sandbox-secret',
  });
export const orderDoc = async (orderId: string) => (await adminDb.doc(`paypal_orders/${orderId}`).get()).data();

/** The smallest coin bundle on sale, which a test of the shop needs (the seed normally writes it). */
export const bundleOnSale = () =>
  adminDb.doc('products/coins-130').set({ active: true, bucks: 130, prices: { USD: 129, EUR: 119 }, offers: {} });

/** The wallet's settings and coin bundles the wallet tests buy (the seed normally writes them). */
export async function walletProducts() {
  // The seed normally writes these; tests must not depend on `npm start` having run.
  await adminDb.doc('settings/wallet').set({ minimumWithdrawal: 1000, minimumPurchase: 0, payoutCentsPer100Coins: 70 });
  await bundleOnSale();
  await adminDb
    .doc('products/coins-2750')
    .set({ active: true, bucks: 2750, prices: { USD: 2299, EUR: 2099 }, offers: {} });
  await adminDb.doc('products/retired').set({ active: false, bucks: 9999, prices: { USD: 1, EUR: 1 }, offers: {} });
  await adminDb.doc('products/usd-only').set({ active: true, bucks: 270, prices: { USD: 259 }, offers: {} });
}
