// Firebase App Check's stand-in (issue #58) for `npm start` and `npm test`: it plays the App Check
// service's debug-token exchange, which Google's servers answer in production and this machine
// cannot reach. The web app's local provider (web/src/lib/firebase.ts) sends the debug token it was
// built with, as the App Check debug provider does, and gets an App Check token: a JWT signed with
// this process's RSA key, in App Check's own shape (iss https://firebaseappcheck.googleapis.com/
// <project number>, aud [projects/<number>, projects/<id>], sub the app id, an hour's life). The API
// verifies it against this stand-in's JWKS (functions/src/api/app-check.ts), as firebase-admin
// verifies a real one against Google's.
//   POST /v1/projects/{project}/apps/{app}:exchangeDebugToken {debugToken} → {token, ttl: "3600s"}
//        (403 for a debug token not in APP_CHECK_DEBUG_TOKENS)
//   GET  /v1/jwks → {keys: [the public key]}
//   POST /__sandbox/forged {app?} → a token of the same shape signed with another key (tests)
// Only Node built-ins: it runs beside the emulators, before anything else is loaded.
import { createPrivateKey, createPublicKey, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PORT = Number(process.env.APP_CHECK_STANDIN_PORT ?? 5012);
const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-versus';
const PROJECT_NUMBER = process.env.APP_CHECK_PROJECT_NUMBER ?? '100000000001';
const DEBUG_TOKENS = new Set((process.env.APP_CHECK_DEBUG_TOKENS ?? '').split(',').filter(Boolean));
const TTL_SECONDS = 3600;

const pair = (privateKey, kid) => ({
  privateKey,
  jwk: { ...createPublicKey(privateKey).export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
});
const fresh = () => pair(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey, randomUUID());
/**
 * The signing key is kept in .cache: a browser keeps its App Check token for up to an hour, and a
 * token signed by the last run's key must still pass after `npm start` starts again.
 */
function keptKey() {
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'app-check-stand-in-key.json');
  if (existsSync(file)) {
    const { pem, kid } = JSON.parse(readFileSync(file, 'utf8'));
    return pair(createPrivateKey(pem), kid);
  }
  const made = fresh();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({ pem: made.privateKey.export({ format: 'pem', type: 'pkcs8' }), kid: made.jwk.kid }),
  );
  return made;
}
const signing = keptKey();
const other = fresh();

const base64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
function sign(app, key) {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', typ: 'JWT', kid: key.jwk.kid };
  const payload = {
    iss: `https://firebaseappcheck.googleapis.com/${PROJECT_NUMBER}`,
    sub: app,
    aud: [`projects/${PROJECT_NUMBER}`, `projects/${PROJECT_ID}`],
    iat: now,
    exp: now + TTL_SECONDS,
  };
  const input = `${base64url(header)}.${base64url(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key.privateKey).toString('base64url')}`;
}

const send = (res, status, body) => {
  res.writeHead(status, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
  });
  res.end(JSON.stringify(body));
};

const server = http.createServer((req, res) => {
  if (req.method === 'OPTIONS') return send(res, 204, {});
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : {};
    } catch {
      return send(res, 400, { error: { message: 'not JSON' } });
    }
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    if (req.method === 'GET' && path === '/v1/jwks') return send(res, 200, { keys: [signing.jwk] });
    const exchange = /^\/v1\/projects\/([^/]+)\/apps\/([^/:]+):exchangeDebugToken$/.exec(path);
    if (req.method === 'POST' && exchange) {
      if (!DEBUG_TOKENS.has(String(body.debugToken ?? '')))
        return send(res, 403, {
          error: { code: 403, message: 'App attestation failed.', status: 'PERMISSION_DENIED' },
        });
      return send(res, 200, { token: sign(decodeURIComponent(exchange[2]), signing), ttl: `${TTL_SECONDS}s` });
    }
    if (req.method === 'POST' && path === '/__sandbox/forged')
      return send(res, 200, { token: sign(String(body.app ?? 'forged-app'), other) });
    send(res, 404, { error: { message: `no ${req.method} ${path}` } });
  });
});
server.listen(PORT, '127.0.0.1', () => console.log(`App Check stand-in on http://127.0.0.1:${PORT}`));
