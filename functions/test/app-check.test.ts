import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appCheckHostEnv,
  localAppCheckToken,
  startApiHost,
  stopChild,
  PORTS,
  type StackChild,
} from '../../scripts/lib/stack.mjs';
import { adminDb, fundsOf, verifiedUser } from './helpers';

// App Check enforced (issue #58), on a one-process host of its own started as production runs it
// (APP_CHECK=enforce; the stand-in's keys stand for Google's): a command without the web app's
// attestation is refused before anything else, and nothing is written.
const PORT = PORTS.benchHost + 1;
const BASE = `http://127.0.0.1:${PORT}`;
let host: StackChild | undefined;
beforeAll(async () => {
  // Its own host relays no alerts: the test stack's host does, for the files beside this one.
  host = await startApiHost({ quiet: true, port: PORT, env: { ...appCheckHostEnv, VERSUS_ALERT_RELAY: '0' } });
}, 60_000);
afterAll(() => stopChild(host, 5_000));

const forged = async () =>
  (
    (await (
      await fetch(`http://127.0.0.1:${PORTS.appCheck}/__sandbox/forged`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { token: string }
  ).token;

async function challenge(token: string, opponent: string, attestation?: string) {
  const response = await fetch(`${BASE}/battles/challenge`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(attestation ? { 'x-firebase-appcheck': attestation } : {}),
    },
    body: JSON.stringify({ opponent, game: 'valorant', entryFee: 130, terms: true }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('App Check enforced', () => {
  it('refuses a command without a valid App Check token, and writes nothing; with one it goes through', async () => {
    const [player, opponent] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    for (const attestation of [undefined, await forged(), 'not-a-token'])
      expect(await challenge(player.token, opponent.uid, attestation)).toMatchObject({
        status: 401,
        body: { statusCode: 401, code: 'app-check-required' },
      });
    expect(await fundsOf(player.uid)).toBe(1000);
    expect((await adminDb.collection('battle_challenges').where('challenger.uid', '==', player.uid).get()).size).toBe(
      0,
    );
    expect((await challenge(player.token, opponent.uid, await localAppCheckToken())).status).toBe(201);
    expect(await fundsOf(player.uid)).toBe(870);
  });

  it('leaves GETs, PayPal webhooks and the sweeper to their own checks', async () => {
    expect((await fetch(`${BASE}/searchUsers?displayName=nobody`)).status).toBe(200);
    const webhook = await fetch(`${BASE}/wallet/paypalWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_type: 'SOMETHING.ELSE', resource: {} }),
    });
    expect(((await webhook.json()) as { code?: string }).code).not.toBe('app-check-required');
  });
});
