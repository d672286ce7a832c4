// The push service's and Discord's stand-in (issue #60), which npm start and the tests run on
// loopback; e-mail has its own, MailDev (scripts/lib/stack.mjs).
//
// Web Push (RFC 8030, 8291, 8292), as a browser vendor's push service answers our server:
//   POST /devices                 a device of this stand-in: {endpoint, keys} as a browser's
//                                 PushSubscription gives them; it keeps the private key, so it can
//                                 read what is sent to it (a real service cannot). ?gone=1 makes one
//                                 whose endpoint answers 410 Gone, as for a browser that unsubscribed;
//                                 ?fail=N one that answers 503 to its first N messages (a service's outage).
//   DELETE /devices/{id}          the device unsubscribes: its endpoint answers 410 from then on.
//   POST /push/{id}               a push message: the VAPID claim (Authorization: vapid t=…, k=…) is
//                                 verified (ES256, the audience is this origin, expiry within 24 h),
//                                 TTL is required, the body must be aes128gcm; 201 and it is kept,
//                                 decrypted. An undelivered message with the same Topic is replaced.
//   GET /pushes?device=           what each device received (JSON), newest last; `copies` counts the
//                                 messages of one topic (more than 1: the server sent it again).
// Discord's webhooks (https://discord.com/developers/docs/resources/webhook#execute-webhook):
//   POST /api/webhooks/{id}/{token}  {content?, embeds?, username?}: 204 (200 and the message with
//                                 ?wait=true); a token starting `revoked` answers 404 Unknown Webhook.
//   GET /discord?webhook={id}     the messages each webhook received (JSON).
// GET /                           a page with both, newest first, for a person trying npm start.
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import http from 'node:http';
import ece from 'http_ece';

const port = Number(process.env.ALERTS_STANDIN_PORT ?? 5013);
const origin = `http://127.0.0.1:${port}`;
const KEPT = 500;

/** id → {ecdh, auth, gone} */
const devices = new Map();
/** Received pushes: {device, at, ttl, urgency, topic, message} */
let pushes = [];
/** Received Discord posts: {webhook, at, body} */
let posts = [];

const b64url = (buffer) => Buffer.from(buffer).toString('base64url');
const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** RFC 8292: `vapid t=<JWT>, k=<the application server's public key>`; the reason it fails, or null. */
function vapidProblem(header) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no VAPID authorization';
  const [, token, key] = match;
  const [head, claims, signature] = token.split('.');
  if (!head || !claims || !signature) return 'malformed JWT';
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not a P-256 public key';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'the JWT signature does not verify with k';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  if (body.aud !== origin) return `aud ${body.aud} is not ${origin}`;
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) return 'exp is not within 24 hours';
  if (!/^(mailto:|https:)/.test(body.sub ?? '')) return 'sub is not a mailto: or https: contact';
  return null;
}

async function receivePush(req, res, id) {
  const device = devices.get(id);
  const body = await readBody(req);
  if (!device) return json(res, 404, { reason: 'NotFound' });
  if (device.gone) return json(res, 410, { reason: 'Gone' });
  if (device.failures > 0) {
    device.failures -= 1;
    return json(res, 503, { reason: 'ServiceUnavailable' });
  }
  const problem = vapidProblem(req.headers.authorization);
  if (problem) return json(res, 403, { reason: problem });
  if (req.headers.ttl === undefined) return json(res, 400, { reason: 'TTL is required' });
  if (req.headers['content-encoding'] !== 'aes128gcm') return json(res, 415, { reason: 'aes128gcm only' });
  let message;
  try {
    message = JSON.parse(
      ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString(),
    );
  } catch (error) {
    return json(res, 400, { reason: `cannot decrypt: ${error.message}` });
  }
  const topic = req.headers.topic;
  // A message with the topic of one not yet delivered replaces it; `copies` counts how many came.
  const earlier = topic ? pushes.find((push) => push.device === id && push.topic === topic) : undefined;
  if (topic) pushes = pushes.filter((push) => !(push.device === id && push.topic === topic));
  const push = {
    id: randomUUID(),
    device: id,
    at: Date.now(),
    ttl: Number(req.headers.ttl),
    urgency: req.headers.urgency ?? 'normal',
    topic,
    copies: (earlier?.copies ?? 0) + 1,
    message,
  };
  pushes = [...pushes, push].slice(-KEPT);
  res.writeHead(201, { location: `${origin}/messages/${push.id}` });
  res.end();
}

function newDevice(gone, failures) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const id = randomUUID();
  const auth = randomBytes(16);
  devices.set(id, { ecdh, auth, gone, failures });
  return {
    id,
    endpoint: `${origin}/push/${id}`,
    expirationTime: null,
    keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
  };
}

async function receiveDiscord(req, res, webhook, token, url) {
  const raw = await readBody(req);
  if (token.startsWith('revoked')) return json(res, 404, { message: 'Unknown Webhook', code: 10015 });
  let body;
  try {
    body = JSON.parse(raw.toString());
  } catch {
    return json(res, 400, { message: 'Cannot send an empty message', code: 50006 });
  }
  const content = typeof body.content === 'string' ? body.content : '';
  if (content.length > 2000) return json(res, 400, { message: 'Invalid Form Body', code: 50035 });
  if (!content && !(Array.isArray(body.embeds) && body.embeds.length > 0))
    return json(res, 400, { message: 'Cannot send an empty message', code: 50006 });
  const post = { id: String(Date.now()) + String(posts.length), webhook, at: Date.now(), body };
  posts = [...posts, post].slice(-KEPT);
  if (url.searchParams.get('wait') === 'true') return json(res, 200, { id: post.id, channel_id: webhook, ...body });
  res.writeHead(204);
  res.end();
}

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function page(res) {
  const rows = [
    ...pushes.map((push) => ({
      at: push.at,
      html: `<b>Push</b> to device ${escape(push.device.slice(0, 8))} · ${escape(push.message.title)}<br>${escape(push.message.body)}<br><small>opens ${escape(push.message.url)} · TTL ${push.ttl} s · ${escape(push.urgency)}</small>`,
    })),
    ...posts.map((post) => ({
      at: post.at,
      html: `<b>Discord</b> webhook ${escape(post.webhook)}<br>${escape(post.body.content ?? '')}${(post.body.embeds ?? []).map((embed) => `<br><i>${escape(embed.title ?? '')}</i> ${escape(embed.description ?? '')}`).join('')}`,
    })),
  ].sort((a, b) => b.at - a.at);
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Versus alerts stand-in</title>
<body style="font-family:sans-serif;max-width:760px;margin:2rem auto"><h1>Pushes and Discord posts</h1>
<p>What the Versus server sent to the push service and to Discord's webhooks on this machine (e-mails: MailDev). This page reloads every 5 s.</p>
${rows.map((row) => `<p style="border-bottom:1px solid #ddd;padding-bottom:.5rem">${new Date(row.at).toLocaleTimeString()} · ${row.html}</p>`).join('') || '<p>Nothing yet.</p>'}`);
}

http
  .createServer(async (req, res) => {
    const url = new URL(req.url, origin);
    try {
      if (req.method === 'GET' && url.pathname === '/') return page(res);
      if (req.method === 'POST' && url.pathname === '/devices')
        return json(
          res,
          201,
          newDevice(url.searchParams.get('gone') === '1', Number(url.searchParams.get('fail') ?? 0) || 0),
        );
      let match = /^\/devices\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && match) {
        const device = devices.get(match[1]);
        if (device) device.gone = true;
        return json(res, device ? 200 : 404, {});
      }
      match = /^\/push\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'POST' && match) return await receivePush(req, res, match[1]);
      if (req.method === 'GET' && url.pathname === '/pushes') {
        const device = url.searchParams.get('device');
        return json(res, 200, device ? pushes.filter((push) => push.device === device) : pushes);
      }
      match = /^\/api\/webhooks\/(\d{1,20})\/([\w-]{1,100})$/.exec(url.pathname);
      if (req.method === 'POST' && match) return await receiveDiscord(req, res, match[1], match[2], url);
      if (req.method === 'GET' && url.pathname === '/discord') {
        const webhook = url.searchParams.get('webhook');
        return json(res, 200, webhook ? posts.filter((post) => post.webhook === webhook) : posts);
      }
      json(res, 404, { message: 'Not found' });
    } catch (error) {
      json(res, 500, { message: error.message });
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`alerts stand-in (push, Discord) on ${origin}`));
