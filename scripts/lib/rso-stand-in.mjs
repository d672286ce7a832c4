// Riot Sign On, as the game stand-in plays it (issue #58: a Riot ID decides a match only once the
// player signed in to it). OAuth 2.0's authorization code flow as https://auth.riotgames.com runs
// it for RSO clients, with account-v1's /accounts/me on the regional API:
//   GET  /rso/authorize?client_id&redirect_uri&response_type=code&scope=openid&state
//        → a sign-in page (the 50 Riot IDs it learnt last, newest first)
//   GET  /rso/approve?puuid&…  (the page's form)       → 302 redirect_uri?code&state
//   GET  /rso/cancel?…                                 → 302 redirect_uri?error=access_denied&state
//   POST /rso/token  (Basic client_id:secret; grant_type=authorization_code, code, redirect_uri)
//        → {access_token, token_type, expires_in, scope}; a code works once, for its redirect_uri
//   GET  /riot/account/v1/accounts/me  (Authorization: Bearer access_token) → AccountDto
// Only Node built-ins.
import { randomBytes } from 'node:crypto';

export const RSO_CLIENT_ID = 'versus-local-rso';
export const RSO_CLIENT_SECRET = 'versus-local-rso-secret';
const CODE_LIFETIME_MS = 5 * 60_000;

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export function createRiotSignOn() {
  const codes = new Map(); // code → {puuid, redirectUri, at, used}
  const tokens = new Map(); // access token → puuid
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const redirect = (res, to) => {
    res.writeHead(302, { location: to });
    res.end();
  };
  const back = (redirectUri, params) => `${redirectUri}?${new URLSearchParams(params)}`;
  const isUrl = (text) => {
    try {
      return ['http:', 'https:'].includes(new URL(text).protocol);
    } catch {
      return false;
    }
  };

  /** Handles /rso/* and accounts/me; false for anything else. */
  return function handle(req, res, url, { riotAccounts, readText }) {
    const html = (status, body) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><title>Riot Sign On (local stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui;background:#111;color:#eee;max-width:34rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.5rem .8rem;background:#d13639;color:#fff;border:0;border-radius:4px;cursor:pointer}
li{margin:.4rem 0}a{color:#f99}</style>${body}`);
    };
    const q = url.searchParams;
    if (url.pathname === '/rso/authorize' && req.method === 'GET') {
      const redirectUri = q.get('redirect_uri') ?? '';
      if (q.get('client_id') !== RSO_CLIENT_ID || q.get('response_type') !== 'code' || !isUrl(redirectUri))
        return (html(400, '<h1>invalid_request</h1>'), true);
      const state = q.get('state') ?? '';
      const hidden = `<input type="hidden" name="redirect_uri" value="${escape(redirectUri)}"><input type="hidden" name="state" value="${escape(state)}">`;
      const known = [...riotAccounts.values()].slice(-50).reverse();
      html(
        200,
        `<h1>Sign in with Riot</h1><p>Versus asks to know your Riot ID. (Local stand-in: pick an account.)</p>
<ul>${known
          .map(
            (account) =>
              `<li><form method="get" action="/rso/approve">${hidden}<input type="hidden" name="puuid" value="${escape(account.puuid)}"><button type="submit">Sign in as ${escape(`${account.gameName}#${account.tagLine}`)}</button></form></li>`,
          )
          .join('')}</ul>
<p><a href="/rso/cancel?${new URLSearchParams({ redirect_uri: redirectUri, state })}">Cancel</a></p>`,
      );
      return true;
    }
    if (url.pathname === '/rso/approve' && req.method === 'GET') {
      const redirectUri = q.get('redirect_uri') ?? '';
      const puuid = q.get('puuid') ?? '';
      if (!isUrl(redirectUri) || ![...riotAccounts.values()].some((account) => account.puuid === puuid))
        return (html(400, '<h1>invalid_request</h1>'), true);
      const code = randomBytes(18).toString('base64url');
      codes.set(code, { puuid, redirectUri, at: Date.now(), used: false });
      redirect(res, back(redirectUri, { code, state: q.get('state') ?? '' }));
      return true;
    }
    if (url.pathname === '/rso/cancel' && req.method === 'GET') {
      const redirectUri = q.get('redirect_uri') ?? '';
      if (!isUrl(redirectUri)) return (html(400, '<h1>invalid_request</h1>'), true);
      redirect(res, back(redirectUri, { error: 'access_denied', state: q.get('state') ?? '' }));
      return true;
    }
    if (url.pathname === '/rso/token' && req.method === 'POST') {
      void readText(req).then((text) => {
        const basic = `Basic ${Buffer.from(`${RSO_CLIENT_ID}:${RSO_CLIENT_SECRET}`).toString('base64')}`;
        if (req.headers.authorization !== basic) return json(res, 401, { error: 'invalid_client' });
        const form = new URLSearchParams(text);
        const grant = codes.get(form.get('code') ?? '');
        if (
          form.get('grant_type') !== 'authorization_code' ||
          !grant ||
          grant.used ||
          grant.redirectUri !== form.get('redirect_uri') ||
          Date.now() - grant.at > CODE_LIFETIME_MS
        )
          return json(res, 400, { error: 'invalid_grant' });
        grant.used = true;
        const token = randomBytes(24).toString('base64url');
        tokens.set(token, grant.puuid);
        json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'openid' });
      });
      return true;
    }
    if (url.pathname === '/riot/account/v1/accounts/me' && req.method === 'GET') {
      const puuid = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      const account = [...riotAccounts.values()].find((item) => item.puuid === puuid);
      if (!account) return (json(res, 401, { status: { message: 'Unauthorized', status_code: 401 } }), true);
      json(res, 200, account);
      return true;
    }
    return false;
  };
}
