// The deployed shape, through the Functions emulator that `npm start` runs (the Firebase way for
// local work): the `onRequest` wrapper in its region, the framework's body parser in front of our
// app, /health, and one command that moves coins. Every other API test reaches the same built
// function in one process (scripts/lib/api-host.mjs); this stage sends one request at a time.
import { describe, expect, it } from 'vitest';
import { API, adminDb, call, fundsOf, paypalCode, verifiedUser } from '../test/helpers';

const raw = async (path: string, body: string) => {
  const response = await fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, text: await response.text() };
};

describe('the api function in the Functions emulator', () => {
  it('answers /health at its region’s URL, under /api as Hosting rewrites it too', async () => {
    expect(API).toMatch(/\/demo-versus\/europe-west1\/api$/);
    expect(await call('/health')).toEqual({ status: 200, body: { ok: true } });
    expect(await call('/api/health')).toEqual({ status: 200, body: { ok: true } });
    expect(await call('/no-such-path')).toMatchObject({ status: 404, body: { statusCode: 404 } });
  });

  it('refuses malformed JSON at the framework’s parser and a body over 100 kB with our 413', async () => {
    const malformed = await raw('/wallet/withdraw', '{"bucks": 10');
    expect(malformed.status).toBe(400);
    const large = await raw('/wallet/withdraw', JSON.stringify({ bucks: 1000, pad: 'x'.repeat(150 * 1024) }));
    expect(large.status).toBe(413);
    expect(JSON.parse(large.text)).toMatchObject({ statusCode: 413, message: expect.stringContaining('100 kB') });
  });

  it('moves coins: a withdrawal is debited with its ledger entry and paid out through the stand-in', async () => {
    const user = await verifiedUser(2000);
    const connected = await call('/profile/paypal', {
      token: user.token,
      body: { code: await paypalCode(`smoke-${user.uid}@example.com`) },
    });
    expect(connected.status).toBeLessThan(300);
    const answer = await call('/wallet/withdraw', { token: user.token, body: { bucks: 1000, currency: 'EUR' } });
    expect(answer).toMatchObject({ status: 201, body: { state: 'PAID', amountCents: 700 } });
    expect(await fundsOf(user.uid)).toBe(1000);
    const ledger = await adminDb.collection('ledger').where('uid', '==', user.uid).get();
    expect(ledger.docs.map((doc) => doc.get('delta')).sort((a: number, b: number) => a - b)).toEqual([-1000, 2000]);
  });
});
