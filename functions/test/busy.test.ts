import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app';
import { systemClock } from '../src/platform/clock';
import { adminDb, fundsOf, verifiedUser, type Player } from './helpers';

// A failure of the database under a command (a commit whose answer is gRPC 2 UNKNOWN, a lost
// connection) or a command that runs into the function's time limit answers 503 `busy`, never 500
// or a dropped connection, and leaves nothing written. The app runs in this process (as the host
// runs it) so that the commit itself can fail.
const batchPrototype = Object.getPrototypeOf(adminDb.batch()) as { commit: () => Promise<unknown> };
const servers: Server[] = [];

async function serve(options: { deadlineMs?: number } = {}): Promise<string> {
  const server = createApp(systemClock, options).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function challenge(base: string, from: Player, to: Player) {
  const response = await fetch(`${base}/battles/challenge`, {
    method: 'POST',
    headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ opponent: to.uid, game: 'valorant', entryFee: 130, terms: true }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const challengesFrom = async (uid: string) =>
  (await adminDb.collection('battle_challenges').where('challenger.uid', '==', uid).get()).size;

describe('a command whose database fails under it', () => {
  let challenger: Player;
  let opponent: Player;
  beforeAll(async () => {
    [challenger, opponent] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
  });

  it('answers 503 busy when the commit fails with gRPC UNKNOWN, and nothing is written', async () => {
    const base = await serve();
    vi.spyOn(batchPrototype, 'commit').mockRejectedValue(
      Object.assign(new Error('2 UNKNOWN: Transaction lock timeout'), { code: 2 }),
    );
    const answer = await challenge(base, challenger, opponent);
    vi.restoreAllMocks();
    expect(answer).toEqual({
      status: 503,
      body: {
        message: 'The service is busy. Nothing may have changed; try again in a moment.',
        statusCode: 503,
        code: 'busy',
      },
    });
    expect(await fundsOf(challenger.uid)).toBe(1000);
    expect(await challengesFrom(challenger.uid)).toBe(0);
  });

  it('answers 503 busy when the connection to the database breaks', async () => {
    const base = await serve();
    vi.spyOn(batchPrototype, 'commit').mockRejectedValue(
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    );
    const answer = await challenge(base, challenger, opponent);
    vi.restoreAllMocks();
    expect(answer).toMatchObject({ status: 503, body: { code: 'busy' } });
    expect(await fundsOf(challenger.uid)).toBe(1000);
  });

  it('answers 503 busy at its deadline when the commit hangs, and the late failure changes nothing', async () => {
    const base = await serve({ deadlineMs: 300 });
    let release: (error: Error) => void = () => {};
    vi.spyOn(batchPrototype, 'commit').mockImplementation(() => new Promise((_, reject) => (release = reject)));
    const answer = await challenge(base, challenger, opponent);
    expect(answer).toMatchObject({ status: 503, body: { statusCode: 503, code: 'busy' } });
    // The commit then fails on its own; the route's late error goes nowhere (no crash, no second answer).
    release(Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4 }));
    vi.restoreAllMocks();
    expect(await fundsOf(challenger.uid)).toBe(1000);
    expect(await challengesFrom(challenger.uid)).toBe(0);
    // The same player's next challenge goes through.
    expect((await challenge(base, challenger, opponent)).status).toBe(201);
    expect(await fundsOf(challenger.uid)).toBe(870);
  });

  it('answers 503 busy at its deadline on a command whose Idempotency-Key is reserved first, when that hangs', async () => {
    const base = await serve({ deadlineMs: 300 });
    let release: (error: Error) => void = () => {};
    vi.spyOn(batchPrototype, 'commit').mockImplementation(() => new Promise((_, reject) => (release = reject)));
    const response = await fetch(`${base}/wallet/createPurchaseIntent`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${challenger.token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ method: 'PAYPAL', currency: 'EUR', productId: 'coins-130' }),
      signal: AbortSignal.timeout(5_000),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'busy' });
    release(Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: 4 }));
  });
});
