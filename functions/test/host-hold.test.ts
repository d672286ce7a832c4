import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdApiHost,
  releaseApiHost,
  startApiHost,
  stopChild,
  PORTS,
  type StackChild,
} from '../../scripts/lib/stack.mjs';

// npm start recycles the Firestore emulator (scripts/start.mjs): the one-process host holds new
// requests meanwhile and says when those running have finished (scripts/lib/api-host.mjs). Only
// npm start, with the host's control token, may hold it: the dev server passes every /api path on.
const PORT = PORTS.benchHost + 2;
const BASE = `http://127.0.0.1:${PORT}`;
let host: StackChild | undefined;
beforeAll(async () => {
  // Its own host relays no alerts: the test stack's host does, for the files beside this one.
  host = await startApiHost({ quiet: true, port: PORT, env: { VERSUS_ALERT_RELAY: '0' } });
}, 60_000);
afterAll(() => stopChild(host, 5_000));

const health = async () => (await fetch(`${BASE}/health`)).status;

describe('the API host held for a recycle', () => {
  it('refuses a hold without its control token, and goes on answering', async () => {
    for (const headers of [{}, { 'x-versus-stack': 'guessed' }] as Record<string, string>[]) {
      const response = await fetch(`${BASE}/stack/hold`, { method: 'POST', headers });
      expect(response.status).toBe(404);
    }
    expect(await health()).toBe(200);
  });

  it('holds new requests until released, and answers them then', async () => {
    expect(await holdApiHost(host!, 5_000)).toBe(true);
    let answered = false;
    const waiting = health().then((result) => {
      answered = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(answered).toBe(false);
    await releaseApiHost(host!);
    expect(await waiting).toBe(200);
    expect(await health()).toBe(200);
  });
});
