import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../functions/test/helpers';
import {
  fetchListenState,
  fetchProxyStats,
  startFirestoreBrowserProxy,
  type FirestoreBrowserProxy,
} from './firestore-browser-proxy.mjs';

// The browsers' proxy to the Firestore emulator (npm start, npm test) against the real emulator:
// a Listen session that a browser ends, or simply leaves, stops getting the changes to what it
// listened to. The emulator alone goes on queueing them for ever (docs/decisions/0002).
const EMULATOR = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080'}`;
const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
const database = 'projects/demo-versus/databases/(default)';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

const query = (params: Record<string, string>) =>
  new URLSearchParams({ VER: '8', database, ...params, zx: randomUUID().slice(0, 8), t: '1' }).toString();

let proxy: FirestoreBrowserProxy;
let viaProxy = '';
beforeAll(async () => {
  proxy = await startFirestoreBrowserProxy({
    port: 0,
    upstreamPort: Number(new URL(EMULATOR).port),
    goneAfterMs: 1_000,
  });
  viaProxy = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
});
afterAll(() => proxy.close());

/**
 * A new document, and the body of a Listen message that listens to it (as the web SDK sends one): the
 * handshake's by default, or a later message's at offset `ofs` with its own `targetId`.
 */
async function probe(targetId = 2, ofs = 0) {
  const ref = adminDb.doc(`probes/${randomUUID()}`);
  await ref.set({ n: 0 });
  const addTarget = {
    database,
    addTarget: { documents: { documents: [`${database}/documents/${ref.path}`] }, targetId },
  };
  return { ref, body: new URLSearchParams({ count: '1', ofs: String(ofs), req0___data__: JSON.stringify(addTarget) }) };
}

/** A document, and a Listen session on it opened through a proxy (`base`) as the web SDK opens one. */
async function listening(base = viaProxy) {
  const { ref, body } = await probe();
  // The emulator's owner token, as the SDK sends headers on a WebChannel: the rules let it read anything.
  const headers = 'Authorization:Bearer owner\r\n';
  const handshake = await fetch(`${base}${LISTEN}?${query({ RID: '4000', CVER: '22', $httpHeaders: headers })}`, {
    method: 'POST',
    headers: form,
    body: body.toString(),
  });
  const sid = /\["c","([^"]+)"/.exec(await handshake.text())![1]!;
  return { ref, sid };
}

/** An event of a session's `recent` without the time it starts with. */
const withoutTime = (event: string) => event.replace(/^\d\d:\d\d:\d\d\.\d{3} /, '');

/** A session's back channel (a long poll) read for `ms`: what it delivered meanwhile. */
async function backChannel(sid: string, ms: number, base = EMULATOR, channel = LISTEN): Promise<string> {
  const response = await fetch(
    `${base}${channel}?${query({ RID: 'rpc', SID: sid, AID: '0', CI: '0', TYPE: 'xmlhttp' })}`,
    {
      signal: AbortSignal.timeout(ms),
    },
  );
  const reader = response.body!.getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
    }
  } catch {
    // the read's time is up
  }
  return text;
}

describe('the Firestore browser proxy', () => {
  it('ends the listens of a session the browser terminates', async () => {
    const { ref, sid } = await listening();
    const reading = backChannel(sid, 3_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const terminate = await fetch(`${viaProxy}${LISTEN}?${query({ SID: sid, RID: '4001', TYPE: 'terminate' })}`, {
      method: 'POST',
      headers: form,
      body: '',
    });
    expect(terminate.status).toBe(200);
    await reading;
    await ref.update({ n: 41 });
    // Read straight from the emulator: the change after the end is not queued for the session, and
    // nothing from before it is left to send again.
    const delivered = await backChannel(sid, 1_500);
    expect(delivered).not.toContain('"integerValue":"41"');
    expect(delivered).not.toContain('"integerValue":"0"');
    expect(proxy.stats().targetsRemoved).toBeGreaterThanOrEqual(1);
    // The emulator answered the removal (a soak counts the ends it did not: record 2).
    expect(proxy.stats().endsUnanswered).toBe(0);
  });

  it('ends the listens of a session whose browser has gone, lets the emulator drop what it delivered, and refuses the session after', async () => {
    const { ref, sid } = await listening();
    // The browser's long poll, through the proxy, until the document has come; then the browser
    // vanishes (a killed tab) without acknowledging it.
    const poll = new AbortController();
    const response = await fetch(
      `${viaProxy}${LISTEN}?${query({ RID: 'rpc', SID: sid, AID: '0', CI: '0', TYPE: 'xmlhttp' })}`,
      { signal: poll.signal },
    );
    const reader = response.body!.getReader();
    let first = '';
    while (!first.includes('"integerValue":"0"')) first += Buffer.from((await reader.read()).value!).toString();
    poll.abort();
    await expect.poll(() => proxy.stats().live + proxy.stats().ending, { timeout: 10_000 }).toBe(0);
    await ref.update({ n: 42 });
    // Read straight from the emulator, acknowledging nothing: the proxy now refuses the session.
    // What the browser had been sent, and the removal, were acknowledged by the proxy, so the
    // emulator no longer holds them to send again, and nothing came after the removal.
    const delivered = await backChannel(sid, 1_500);
    expect(delivered).not.toContain('"targetChangeType":"REMOVE"');
    expect(delivered).not.toContain('"integerValue":"0"');
    expect(delivered).not.toContain('"integerValue":"42"');
    // A browser that was only asleep is told its session is over, and opens a new one.
    const late = await fetch(
      `${viaProxy}${LISTEN}?${query({ RID: 'rpc', SID: sid, AID: '0', CI: '0', TYPE: 'xmlhttp' })}`,
      {
        headers: { origin: 'http://localhost:5173' },
      },
    );
    expect(late.status).toBe(400);
    expect(await late.text()).toBe('Unknown SID');
    expect(late.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('lets the emulator drop what it queued for a browser that lost its network before it went', async () => {
    const { ref, sid } = await listening();
    // No long poll at all: what changes is queued for a browser that never fetches it.
    for (let n = 1; n <= 5; n += 1) await ref.update({ n: 100 + n });
    await expect.poll(() => proxy.stats().live + proxy.stats().ending, { timeout: 10_000 }).toBe(0);
    // Read straight from the emulator, acknowledging nothing: nothing of it is left to send.
    const delivered = await backChannel(sid, 1_500);
    expect(delivered).not.toContain('"integerValue":"0"');
    expect(delivered).not.toContain('"integerValue":"105"');
    expect(delivered).not.toContain('"targetChangeType":"REMOVE"');
  });

  it('reads a long queue that the emulator sends slowly to its end before it acknowledges it', async () => {
    // A busy emulator sent a watching tab's 45 s of queued changes over more than the proxy's one
    // 500 ms read, and what came after was left held (npm test's soak, 2026-12-02). This relay sends
    // each back channel on in pieces 100 ms apart: the queue below takes well over a second.
    const relay = await tricklingRelay();
    const patient = await startFirestoreBrowserProxy({ port: 0, upstreamPort: relay.port, goneAfterMs: 1_000 });
    try {
      const { ref, sid } = await listening(`http://127.0.0.1:${(patient.server.address() as AddressInfo).port}`);
      for (let n = 1; n <= 10; n += 1) await ref.update({ n: 200 + n, padding: 'x'.repeat(200) });
      await expect.poll(() => patient.stats().ended, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => patient.stats().live + patient.stats().ending, { timeout: 20_000 }).toBe(0);
      // Read straight from the emulator, acknowledging nothing: none of it is left to send.
      const delivered = await backChannel(sid, 1_500);
      expect(delivered).not.toContain('"integerValue":"210"');
      expect(delivered).not.toContain('"integerValue":"205"');
    } finally {
      await patient.close();
      relay.close();
    }
  });

  it('lets the emulator drop what it sent a gone browser’s write session too', async () => {
    const WRITE = '/google.firestore.v1.Firestore/Write/channel';
    const body = new URLSearchParams({ count: '1', ofs: '0', req0___data__: JSON.stringify({ database }) });
    const handshake = await fetch(
      `${viaProxy}${WRITE}?${query({ RID: '5000', CVER: '22', $httpHeaders: 'Authorization:Bearer owner\r\n' })}`,
      { method: 'POST', headers: form, body: body.toString() },
    );
    const sid = /\["c","([^"]+)"/.exec(await handshake.text())![1]!;
    // The browser's long poll until the write stream's handshake has come, then it vanishes.
    const poll = new AbortController();
    const response = await fetch(
      `${viaProxy}${WRITE}?${query({ RID: 'rpc', SID: sid, AID: '0', CI: '0', TYPE: 'xmlhttp' })}`,
      { signal: poll.signal },
    );
    const reader = response.body!.getReader();
    let first = '';
    while (!first.includes('streamToken')) first += Buffer.from((await reader.read()).value!).toString();
    poll.abort();
    await expect.poll(() => proxy.stats().live + proxy.stats().ending, { timeout: 10_000 }).toBe(0);
    // Read straight from the emulator, acknowledging nothing: the handshake is not sent again.
    const left = await backChannel(sid, 1_500, EMULATOR, WRITE);
    expect(left).toContain('"noop"');
    expect(left).not.toContain('streamToken');
  });

  it('leaves a live session alone, and passes other requests through', async () => {
    const { ref, sid } = await listening();
    const reading = backChannel(sid, 2_500, viaProxy);
    // Longer than goneAfterMs, with the long poll open all the while.
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    await ref.update({ n: 43 });
    expect(await reading).toContain('"integerValue":"43"');
    const rest = await fetch(`${viaProxy}/v1/${database}/documents/${ref.path}`, {
      headers: { authorization: 'Bearer owner' },
    });
    expect(rest.status).toBe(200);
  });

  it("says which of a session's listens still wait for their first answer, and what it was sent (docs/decisions/0101)", async () => {
    const { ref, sid } = await listening();
    const port = (proxy.server.address() as AddressInfo).port;
    // Nothing read yet: the target is set up, its first answer has not passed the proxy.
    const before = await fetchListenState(port, sid);
    expect(before).toMatchObject({ found: true, targets: 1, waiting: 1, unreadable: 0 });
    expect(before.recent.map(withoutTime)).toEqual(['listen 2: probes (document)']);
    expect(await backChannel(sid, 1_000, viaProxy)).toContain('"integerValue":"0"');
    const after = await fetchListenState(port, sid);
    expect(after).toMatchObject({ found: true, targets: 1, waiting: 0, unreadable: 0 });
    expect(after.recent.map(withoutTime)).toEqual([
      'listen 2: probes (document)',
      `sent ${ref.path} to [2]`,
      'sent CURRENT for [2]',
    ]);
    expect(await fetchListenState(port, 'no-such-session')).toEqual({
      found: false,
      targets: 0,
      waiting: 0,
      unreadable: 0,
      recent: [],
    });
  });

  it('holds the browsers while the emulator is recycled, then tells a session of the old process it is unknown', async () => {
    const { sid } = await listening();
    proxy.hold();
    let answered = false;
    const held = fetch(
      `${viaProxy}${LISTEN}?${query({ RID: 'rpc', SID: sid, AID: '0', CI: '0', TYPE: 'xmlhttp' })}`,
    ).then(async (response) => {
      answered = true;
      return { status: response.status, text: await response.text() };
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(answered).toBe(false);
    // bench:soak, another process, asks over HTTP (not held) and tells by these whether a tab's
    // listen is of the new process.
    const port = (proxy.server.address() as AddressInfo).port;
    expect(await fetchProxyStats(port)).toMatchObject({ holding: true });
    const releasedFrom = Date.now();
    proxy.release({ newUpstream: true });
    const after = await fetchProxyStats(port);
    expect(after).toMatchObject({ holding: false });
    expect(after.recycledAt).toBeGreaterThanOrEqual(releasedFrom);
    // WebChannel's answer for an expired session: the SDK opens a new one, on the new process.
    expect(await held).toEqual({ status: 400, text: 'Unknown SID' });
    expect(proxy.stats().recycled).toBeGreaterThanOrEqual(1);
    // A new session after the recycle is served as ever.
    const fresh = await listening();
    expect(fresh.sid).not.toBe(sid);
  });
});

/** A relay's request on to the emulator, as the browser sent it. */
const toEmulator = (req: http.IncomingMessage, onAnswer: (answer: http.IncomingMessage) => void) =>
  http.request(
    {
      host: '127.0.0.1',
      port: Number(new URL(EMULATOR).port),
      method: req.method,
      path: req.url,
      headers: req.headers,
      // A new connection each, as the proxy's own: Node's agent keeps them alive, and a socket the
      // emulator had closed meanwhile answered "socket hang up" (seen under npm test's load).
      agent: false,
    },
    onAnswer,
  );

/**
 * A relay that reads each request whole, then passes it on to the emulator `delayOf` ms later (not
 * at all if the proxy gave it up meanwhile): `delayOf` also sees each request and its body first.
 */
async function bufferedRelay(delayOf: (req: http.IncomingMessage, body: Buffer) => number) {
  const relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      setTimeout(
        () => {
          if (res.destroyed) return;
          const out = toEmulator(req, (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          });
          res.on('close', () => out.destroy());
          out.on('error', () => res.destroy());
          out.end(body);
        },
        delayOf(req, body),
      );
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return { port: (relay.address() as AddressInfo).port, close: () => relay.close() };
}

/** Whether a request is a session's forward request (a POST naming its SID). */
const isForward = (req: http.IncomingMessage) =>
  req.method === 'POST' && new URL(req.url ?? '/', 'http://relay').searchParams.has('SID');

/**
 * An emulator slow to answer (just recycled, under load): a new session's answer (or its body, the
 * headers already passed on to the browser) comes `delayMs` after the emulator made it. Everything
 * else passes straight through. `answers`: the handshakes' answers as the emulator sent them.
 */
async function slowRelay({ delayMs, headersFirst = false }: { delayMs: number; headersFirst?: boolean }) {
  const answers: string[] = [];
  const relay = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    const handshake = req.method === 'POST' && !url.searchParams.has('SID');
    const out = toEmulator(req, (answer) => {
      if (!handshake) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        return answer.pipe(res);
      }
      const chunks: Buffer[] = [];
      if (headersFirst) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.flushHeaders();
      }
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        answers.push(Buffer.concat(chunks).toString());
        setTimeout(() => {
          if (res.destroyed) return;
          if (!headersFirst) res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        }, delayMs);
      });
    });
    if (!handshake) res.on('close', () => out.destroy());
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return { answers, port: (relay.address() as AddressInfo).port, close: () => relay.close() };
}

/** A relay to the emulator that sends each back channel's answer on in 512-byte pieces, 100 ms apart. */
async function tricklingRelay() {
  const relay = http.createServer((req, res) => {
    const backChannel = req.method === 'GET';
    const out = toEmulator(req, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (!backChannel) return answer.pipe(res);
      let sending = Promise.resolve();
      const later = (send: () => void) => {
        sending = sending.then(() => new Promise((resolve) => setTimeout(resolve, 100))).then(send);
      };
      answer.on('data', (chunk: Buffer) => {
        for (let at = 0; at < chunk.length; at += 512) {
          const piece = chunk.subarray(at, at + 512);
          later(() => void (res.destroyed || res.write(piece)));
        }
      });
      answer.on('end', () => later(() => res.end()));
    });
    res.on('close', () => out.destroy());
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return { port: (relay.address() as AddressInfo).port, close: () => relay.close() };
}

/** A Listen handshake through `proxy` on a new document, from a tab that closes `closeAfterMs` later. */
async function handshakeThenGo(proxyPort: number, closeAfterMs: number) {
  const { ref, body } = await probe();
  const handshake = http.request({
    host: '127.0.0.1',
    port: proxyPort,
    method: 'POST',
    path: `${LISTEN}?${query({ RID: '4000', CVER: '22', $httpHeaders: 'Authorization:Bearer owner\r\n' })}`,
    headers: form,
  });
  handshake.on('error', () => {});
  handshake.end(body.toString());
  await new Promise((resolve) => setTimeout(resolve, closeAfterMs));
  handshake.destroy();
  return ref;
}

describe('the Firestore browser proxy, when a browser goes before its new session is answered', () => {
  it.each([
    ['whole', false],
    ['its headers at once, its body', true],
  ])(
    'still learns the session from the answer (%s 400 ms late) and ends its listens at once',
    async (_, headersFirst) => {
      const slow = await slowRelay({ delayMs: 400, headersFirst });
      // Only the new behaviour may end the session here: a silent one would wait a minute.
      const patient = await startFirestoreBrowserProxy({ port: 0, upstreamPort: slow.port, goneAfterMs: 60_000 });
      try {
        // The tab closes 150 ms after it asked for a session: the emulator has made it, with its listen.
        const ref = await handshakeThenGo((patient.server.address() as AddressInfo).port, 150);
        await expect.poll(() => slow.answers.length, { timeout: 5_000 }).toBe(1);
        const sid = /\["c","([^"]+)"/.exec(slow.answers[0]!)![1]!;
        await expect.poll(() => patient.stats().ended, { timeout: 5_000 }).toBe(1);
        await expect.poll(() => patient.stats().live + patient.stats().ending, { timeout: 5_000 }).toBe(0);
        await ref.update({ n: 44 });
        // Read straight from the emulator: nothing came after the end. (What it had queued before is
        // acknowledged by the proxy's drain, which a busy emulator behind this relay can outlast;
        // the drain has tests of its own above.)
        const delivered = await backChannel(sid, 1_500);
        expect(delivered).not.toContain('"integerValue":"44"');
        expect(patient.stats().handshakesLost).toBe(0);
      } finally {
        await patient.close();
        slow.close();
      }
    },
  );

  it('waits for the answer as long as handshakeWaitMs after the browser went, then counts the handshake lost', async () => {
    // Answers 1.5 s late: the first proxy waits that long (npm start's waits two minutes: a just
    // recycled emulator answered later than the 10 s it once waited, record 2); the second gives up.
    const slow = await slowRelay({ delayMs: 1_500 });
    const waiting = await startFirestoreBrowserProxy({
      port: 0,
      upstreamPort: slow.port,
      goneAfterMs: 60_000,
      handshakeWaitMs: 6_000,
    });
    const hasty = await startFirestoreBrowserProxy({
      port: 0,
      upstreamPort: slow.port,
      goneAfterMs: 60_000,
      handshakeWaitMs: 500,
    });
    try {
      await handshakeThenGo((waiting.server.address() as AddressInfo).port, 100);
      await handshakeThenGo((hasty.server.address() as AddressInfo).port, 100);
      await expect.poll(() => waiting.stats().ended, { timeout: 5_000 }).toBe(1);
      expect(waiting.stats().handshakesLost).toBe(0);
      // The emulator made the session all the same; the proxy never learned it, and says so.
      await expect.poll(() => hasty.stats().handshakesLost, { timeout: 5_000 }).toBe(1);
      expect(hasty.stats().sessions).toBe(0);
      expect(slow.answers).toHaveLength(2);
    } finally {
      await waiting.close();
      await hasty.close();
      slow.close();
    }
  });
});

describe('the Firestore browser proxy, when a browser goes while its message is on the way', () => {
  it('still sends the message, so the emulator applies the removal of its listens after it', async () => {
    // An emulator slow to take a session's forward requests: each reaches it 400 ms late, and not at
    // all if the proxy has given it up by then. The emulator applies a session's messages in offset
    // order and holds back any that come after a missing one, such as the proxy's removal.
    const relay = await bufferedRelay((req) => (isForward(req) ? 400 : 0));
    const ending = await startFirestoreBrowserProxy({ port: 0, upstreamPort: relay.port, goneAfterMs: 1_000 });
    const base = `http://127.0.0.1:${(ending.server.address() as AddressInfo).port}`;
    try {
      const { ref, sid } = await listening(base);
      // The tab listens to a second document and closes 100 ms later, its message still on the way.
      const second = await probe(4, 1);
      const message = http.request({
        host: '127.0.0.1',
        port: (ending.server.address() as AddressInfo).port,
        method: 'POST',
        path: `${LISTEN}?${query({ SID: sid, RID: '4001', AID: '0' })}`,
        headers: form,
      });
      message.on('error', () => {});
      message.end(second.body.toString());
      await new Promise((resolve) => setTimeout(resolve, 100));
      message.destroy();
      await expect.poll(() => ending.stats().ended, { timeout: 10_000 }).toBe(1);
      await expect.poll(() => ending.stats().live + ending.stats().ending, { timeout: 10_000 }).toBe(0);
      expect(ending.stats().targetsRemoved).toBe(2);
      await ref.update({ n: 45 });
      await second.ref.update({ n: 46 });
      // Read straight from the emulator: both listens were removed, so neither change came.
      const delivered = await backChannel(sid, 1_500);
      expect(delivered).not.toContain('"integerValue":"45"');
      expect(delivered).not.toContain('"integerValue":"46"');
    } finally {
      await ending.close();
      relay.close();
    }
  });
});

describe('the Firestore browser proxy, when a session ends while a message of its browser comes', () => {
  it('tells the browser the session is unknown and sends nothing (the removal took its offset)', async () => {
    // A pass-through that keeps every forward request's body the emulator is sent.
    const forwarded: string[] = [];
    const relay = await bufferedRelay((req, body) => {
      if (isForward(req)) forwarded.push(decodeURIComponent(body.toString()));
      return 0;
    });
    const watched = await startFirestoreBrowserProxy({ port: 0, upstreamPort: relay.port, goneAfterMs: 60_000 });
    const port = (watched.server.address() as AddressInfo).port;
    try {
      const { sid } = await listening(`http://127.0.0.1:${port}`);
      // A listen to another document, its body in two parts; the browser's terminate between them.
      const [head, rest] = (await probe(6, 1)).body.toString().split(/(?=req0___data__=)/);
      const message = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${LISTEN}?${query({ SID: sid, RID: '4001', AID: '0' })}`,
        headers: form,
      });
      const answered = new Promise<{ status: number; text: string }>((resolve) =>
        message.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        }),
      );
      message.write(head);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const terminate = await fetch(
        `http://127.0.0.1:${port}${LISTEN}?${query({ SID: sid, RID: '4002', TYPE: 'terminate' })}`,
        {
          method: 'POST',
          headers: form,
          body: '',
        },
      );
      expect(terminate.status).toBe(200);
      message.end(rest);
      expect(await answered).toEqual({ status: 400, text: 'Unknown SID' });
      expect(watched.stats().ended).toBe(1);
      // The proxy's removal went at offset 1; the browser's listen never reached the emulator.
      expect(forwarded.some((sent) => sent.includes('"removeTarget":2'))).toBe(true);
      expect(forwarded.some((sent) => sent.includes('"targetId":6'))).toBe(false);
    } finally {
      await watched.close();
      relay.close();
    }
  });
});

describe('the Firestore browser proxy counts what the browsers would be billed', () => {
  /** Opens a Listen session through the proxy with one target, reads its back channel through it. */
  async function listen(target: Record<string, unknown>) {
    const body = new URLSearchParams({
      count: '1',
      ofs: '0',
      req0___data__: JSON.stringify({ database, addTarget: { ...target, targetId: 2 } }),
    });
    const handshake = await fetch(
      `${viaProxy}${LISTEN}?${query({ RID: '6000', CVER: '22', $httpHeaders: 'Authorization:Bearer owner\r\n' })}`,
      { method: 'POST', headers: form, body: body.toString() },
    );
    const sid = /\["c","([^"]+)"/.exec(await handshake.text())![1]!;
    let aid = 0;
    let text = '';
    const stop = new AbortController();
    // The browser's long polls, one after another, each acknowledging what the last one brought.
    const polling = (async () => {
      while (!stop.signal.aborted) {
        const response = await fetch(
          `${viaProxy}${LISTEN}?${query({ RID: 'rpc', SID: sid, AID: String(aid), CI: '0', TYPE: 'xmlhttp' })}`,
          { signal: stop.signal },
        ).catch(() => null);
        if (!response) return;
        const reader = response.body!.getReader();
        for (;;) {
          const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (chunk.done) break;
          text += Buffer.from(chunk.value!).toString();
          for (const match of text.matchAll(/\[(\d+),\[/g)) aid = Math.max(aid, Number(match[1]));
        }
      }
    })();
    return {
      received: () => text,
      close: async () => {
        stop.abort();
        await polling;
      },
    };
  }

  it('one read per document a listen is sent, first and changed', async () => {
    const ref = adminDb.doc(`probes/${randomUUID()}`);
    await ref.set({ n: 0 });
    const before = proxy.stats().reads;
    const session = await listen({ documents: { documents: [`${database}/documents/${ref.path}`] } });
    try {
      await expect.poll(() => session.received()).toContain('"integerValue":"0"');
      await expect.poll(() => proxy.stats().reads - before).toBe(1);
      await ref.update({ n: 1 });
      await ref.update({ n: 2 });
      await expect.poll(() => session.received()).toContain('"integerValue":"2"');
      await expect.poll(() => proxy.stats().reads - before).toBe(3);
    } finally {
      await session.close();
    }
  });

  it('one read for a query whose result is empty, then one per document that comes or changes', async () => {
    const parent = `probes/${randomUUID()}`;
    const before = proxy.stats().reads;
    const session = await listen({
      query: { parent: `${database}/documents/${parent}`, structuredQuery: { from: [{ collectionId: 'lines' }] } },
    });
    try {
      await expect.poll(() => session.received()).toContain('"CURRENT"');
      await expect.poll(() => proxy.stats().reads - before).toBe(1);
      const [one, two] = [adminDb.doc(`${parent}/lines/one`), adminDb.doc(`${parent}/lines/two`)];
      await one.set({ n: 7 });
      await expect.poll(() => session.received()).toContain('"integerValue":"7"');
      await two.set({ n: 8 });
      await expect.poll(() => session.received()).toContain('"integerValue":"8"');
      // The emulator sends the whole result again on each change; production, and the count, only the change.
      await one.update({ n: 9 });
      await expect.poll(() => session.received()).toContain('"integerValue":"9"');
      await expect.poll(() => proxy.stats().reads - before).toBe(4);
      // Counted by what was listened to: the query's collection.
      expect(proxy.stats().readsBy.lines).toBe(4);
    } finally {
      await session.close();
    }
  });
});

describe('the Firestore browser proxy, when the emulator goes mid-answer', () => {
  it('cuts the browser’s request too, so the browser knows at once', async () => {
    // An emulator that starts a long poll's answer and is then stopped (npm start's recycle).
    const upstream = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('10\n[[1,["noop"]]]');
      setTimeout(() => res.socket?.destroy(), 200);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const cutting = await startFirestoreBrowserProxy({
      port: 0,
      upstreamPort: (upstream.address() as AddressInfo).port,
    });
    try {
      const base = `http://127.0.0.1:${(cutting.server.address() as AddressInfo).port}`;
      const response = await fetch(`${base}/anything`);
      // A cut answer fails the read; a pass-through that ended it cleanly would answer the text.
      await expect(response.text()).rejects.toThrow();
    } finally {
      await cutting.close();
      upstream.close();
    }
  });
});
