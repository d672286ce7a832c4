import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { API, adminAuth, adminDb, call, registration, verifiedUser } from './helpers';
import { proofPicture } from './tournament-play-helpers';
import { RATE_LIMITS } from '../src/api/rate-limit';

// Rate limits per class of command (issue #58): over the limit the answer is 429 with Retry-After,
// and nothing is written.
// A picture of its own each upload (proofPicture): the same picture is one stored file (record 142),
// and the files counted below are one per upload stored.
const upload = async (token: string) => {
  const picture = await proofPicture();
  const response = await fetch(`${API}/uploads/proof`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'image/png' },
    body: new Uint8Array(picture),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
};

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('rate limits', () => {
  it("a player's uploads past the limit answer 429 with Retry-After, and store nothing", async () => {
    const player = await verifiedUser();
    const limit = RATE_LIMITS.uploads.user!.points;
    const answers = [];
    for (let index = 0; index < limit; index += 1) answers.push(await upload(player.token));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: limit }, () => 201));
    const over = await upload(player.token);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(RATE_LIMITS.uploads.user!.seconds);
    expect(over.body).toMatchObject({
      statusCode: 429,
      code: 'too-many-requests',
      details: { retryAfter: Number(over.retryAfter) },
    });
    const folder = fileURLToPath(new URL(`../../.blobs/proofs/${player.uid}`, import.meta.url));
    expect(existsSync(folder) ? readdirSync(folder).length : 0).toBe(limit);
    // Another player from the same address is not held back by it.
    expect((await upload((await verifiedUser()).token)).status).toBe(201);
  });

  it("a player's flood of any signed-in request past its limit answers 429, a command of no class of its own too, and changes nothing", async () => {
    const [flooder, followed, other] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    // A body the schema refuses: 400 with no read, and one request of the flooder's minute each.
    const marks = (token: string) => call('/notifications/markAsViewed', { token, body: { notifications: 'all' } });
    const limit = RATE_LIMITS.signed.user!.points;
    const answers = await Promise.all(Array.from({ length: limit }, () => marks(flooder.token)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([400]));
    const over = await marks(flooder.token);
    expect(over).toMatchObject({ status: 429, body: { statusCode: 429, code: 'too-many-requests' } });
    expect(Number((over.body.details as { retryAfter: number }).retryAfter)).toBeGreaterThan(0);
    // A follow, which no class limited before (a flood of them notified the followed player each time).
    expect((await call(`/users/${followed.uid}/follow`, { token: flooder.token, method: 'POST' })).status).toBe(429);
    expect((await adminDb.doc(`users/${followed.uid}/followers/${flooder.uid}`).get()).exists).toBe(false);
    // Another player is not held back by it.
    expect((await call(`/users/${followed.uid}/follow`, { token: other.token, method: 'POST' })).status).toBe(200);
  });

  it("one token's refused flood does not use up its address: the others behind it go on", async () => {
    // An app in this process with production's address limits (the host widens them a thousandfold).
    const factor = process.env.RATE_LIMIT_ADDRESS_FACTOR;
    process.env.RATE_LIMIT_ADDRESS_FACTOR = '1';
    try {
      const { createApp } = await import('../src/app');
      const { systemClock } = await import('../src/platform/clock');
      const server = createApp(systemClock).listen(0, '127.0.0.1');
      servers.push(server);
      await new Promise((resolve) => server.once('listening', resolve));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const [flooder, neighbour] = await Promise.all([verifiedUser(), verifiedUser()]);
      const marks = async (token: string) =>
        (
          await fetch(`${base}/notifications/markAsViewed`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ notifications: 'all' }),
          })
        ).status;
      // More than the address allows in a minute (1,200), all from one player: 120 pass to their
      // body's 400, the rest are the player's 429.
      const flood = RATE_LIMITS.signed.address.points + 100;
      const statuses: number[] = [];
      for (let sent = 0; sent < flood; sent += 50)
        statuses.push(...(await Promise.all(Array.from({ length: 50 }, () => marks(flooder.token)))));
      expect(statuses.filter((status) => status === 400)).toHaveLength(RATE_LIMITS.signed.user!.points);
      expect(statuses.filter((status) => status === 429)).toHaveLength(flood - RATE_LIMITS.signed.user!.points);
      // The player beside them at the same address is answered as ever (the refused ones had used it up).
      expect(await marks(neighbour.token)).toBe(400);
    } finally {
      if (factor === undefined) delete process.env.RATE_LIMIT_ADDRESS_FACTOR;
      else process.env.RATE_LIMIT_ADDRESS_FACTOR = factor;
    }
  });

  it('registrations from one address past the limit answer 429, and create no account', async () => {
    // An app in this process with production's address limits (the host widens them: every local
    // caller is 127.0.0.1).
    const factor = process.env.RATE_LIMIT_ADDRESS_FACTOR;
    process.env.RATE_LIMIT_ADDRESS_FACTOR = '1';
    const { createApp } = await import('../src/app');
    const { systemClock } = await import('../src/platform/clock');
    const server = createApp(systemClock).listen(0, '127.0.0.1');
    if (factor === undefined) delete process.env.RATE_LIMIT_ADDRESS_FACTOR;
    else process.env.RATE_LIMIT_ADDRESS_FACTOR = factor;
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const register = async (body: Record<string, unknown>) => {
      const response = await fetch(`${base}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    };
    const limit = RATE_LIMITS.register.address.points;
    for (let index = 0; index < limit; index += 1) expect((await register(registration())).status).toBe(201);
    const refused = registration();
    const over = await register(refused);
    expect(over.status).toBe(429);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    await expect(adminAuth.getUserByEmail(String(refused.email))).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
  });
});
