import sharp from 'sharp';
import { expect } from 'vitest';
import { API, adminDb, call, paypalCode, sandbox, verifiedUser, type Body } from './helpers';

/** What the hardening tests (hardening, bad-input, names-and-uploads) share. */

/** A request with a raw body, so tests can send what `call` would not (arrays, null, text, 200 kB). */
export async function raw(
  path: string,
  options: {
    method?: string;
    token?: string;
    body?: string;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${API}${path}`, { method: options.method ?? 'POST', headers, body: options.body });
  const text = await response.text();
  let json: Body | null;
  try {
    json = JSON.parse(text) as Body;
  } catch {
    json = null;
  }
  return { status: response.status, json, text, headers: response.headers };
}

export const accountOf = async (uid: string) =>
  (await adminDb.doc(`users/${uid}/private/account`).get()).data() as Body;
export const profileOf = async (uid: string) => (await adminDb.doc(`users/${uid}`).get()).data() as Body;
export const setPayoutRate = (rate: number) =>
  adminDb.doc('settings/wallet').set({ minimumWithdrawal: 1000, minimumPurchase: 0, payoutCentsPer100Coins: rate });

/** The payout rate and the coin bundles these files buy; run before each file (beforeAll). */
export async function walletSettings() {
  await setPayoutRate(70);
  await adminDb.doc('products/coins-130').set({ active: true, bucks: 130, prices: { USD: 129, EUR: 119 }, offers: {} });
  await adminDb
    .doc('products/coins-1260')
    .set({ active: true, bucks: 1260, prices: { USD: 1099, EUR: 999 }, offers: {} });
  await adminDb
    .doc('products/coins-2750')
    .set({ active: true, bucks: 2750, prices: { USD: 2299, EUR: 2099 }, offers: {} });
}

export async function buy(token: string, productId: string) {
  const intent = await call<{ orderID: string }>('/wallet/createPurchaseIntent', {
    token,
    body: { method: 'PAYPAL', currency: 'EUR', productId },
  });
  expect(intent.status).toBe(201);
  await sandbox(`/orders/${intent.body.orderID}/approve`);
  const done = await call('/wallet/orderComplete', { token, body: { method: 'PAYPAL', orderId: intent.body.orderID } });
  expect(done.body).toMatchObject({ status: 'COMPLETED' });
  return intent.body.orderID;
}

export async function withPaypal<U extends { uid: string; token: string }>(user: U) {
  const connected = await call('/profile/paypal', {
    token: user.token,
    body: { code: await paypalCode(`payee-${user.uid}@example.com`) },
  });
  expect(connected.status).toBe(200);
  return user;
}

/**
 * A player with things under way, for the guards' tests: PayPal connected and 3,000 coins, a
 * challenge from `other` to accept, and a battle `rival` has reported, which the player's
 * confirmation would end and pay the rival.
 */
export async function aPlayerMidway() {
  const [user, other, rival] = await Promise.all([
    withPaypal(await verifiedUser(3000)),
    verifiedUser(1000),
    verifiedUser(1000),
  ]);
  const incoming = await call<Body>('/battles/challenge', {
    token: other.token,
    body: { opponent: user.uid, game: 'valorant', entryFee: 130, terms: true },
  });
  const fromRival = await call<Body>('/battles/challenge', {
    token: rival.token,
    body: { opponent: user.uid, game: 'valorant', entryFee: 130, terms: true },
  });
  const battle = await call<Body>(`/battles/challenges/${fromRival.body.id as string}/accept`, {
    token: user.token,
    method: 'POST',
  });
  await call(`/battles/${battle.body.id as string}/submitWinner`, { token: rival.token, body: { winner: rival.uid } });
  return { user, other, rival, incoming, battle };
}

/** An 8 × 8 PNG sent as an upload's body. */
export async function uploadPicture(token: string, path: string, method = 'POST') {
  const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#234' } })
    .png()
    .toBuffer();
  const response = await fetch(`${API}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
    body: new Uint8Array(picture),
  });
  return { status: response.status, body: (await response.json()) as Body };
}

export const withdraw = (token: string, bucks: number) =>
  call<Body>('/wallet/withdraw', { token, body: { bucks, currency: 'EUR' } });
