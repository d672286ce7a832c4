import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
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
// The site its pages' shells come from (SITE_ORIGIN; lib/page-shells): it answers when a test says.
let shellAsked = () => {};
let answerShell = () => {};
const site = createServer((_req, res) => {
  answerShell = () =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head></head><body></body></html>');
  shellAsked();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // Its own host relays no alerts: the test stack's host does, for the files beside this one.
  host = await startApiHost({ quiet: true, port: PORT, env: { VERSUS_ALERT_RELAY: '0', SITE_ORIGIN: siteOrigin } });
}, 60_000);
afterAll(async () => {
  await stopChild(host, 5_000);
  site.close();
});

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
    expect(await holdApiHost(host!, 5_000)).toEqual({ idle: true, running: [] });
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

  it('forgets a request whose caller left while it was held', async () => {
    expect(await holdApiHost(host!, 5_000)).toEqual({ idle: true, running: [] });
    const caller = new AbortController();
    const gone = fetch(`${BASE}/health`, { signal: caller.signal }).catch((error: Error) => error.name);
    await new Promise((resolve) => setTimeout(resolve, 300));
    caller.abort();
    expect(await gone).toBe('AbortError');
    await releaseApiHost(host!);
    expect(await health()).toBe(200);
    // The next recycle's hold finds nothing running.
    expect(await holdApiHost(host!, 1_000)).toEqual({ idle: true, running: [] });
    await releaseApiHost(host!);
  });

  it('names the requests still running when they outlast the hold, and lets them finish', async () => {
    // The browse page's request runs until its shell comes, which is when the test says.
    const reached = new Promise<void>((resolve) => (shellAsked = resolve));
    const page = fetch(`${BASE}/tournaments`);
    await reached;
    const held = await holdApiHost(host!, 300);
    expect(held.idle).toBe(false);
    expect(held.running).toEqual([expect.stringMatching(/^GET \/tournaments \(\d+\.\d s\)$/)]);
    answerShell();
    expect((await page).status).toBe(200);
    await releaseApiHost(host!);
    expect(await health()).toBe(200);
  });
});
