// Steam's OpenID 2.0 provider, as the game stand-in plays it (issue #58: a Steam account is linked
// by signing in to Steam, which proves it is the player's). The same messages as
// https://steamcommunity.com/openid/login, the checks of a real provider:
//   GET  /steam/openid/login?openid.mode=checkid_setup&openid.return_to=…&openid.realm=…
//        → a sign-in page (the 50 accounts OpenDota learnt last, newest first, or a typed SteamID64)
//   GET  /steam/openid/approve?steamid=…&return_to=…   (the page's form) → 302 to return_to with a
//        positive assertion: claimed_id https://steamcommunity.com/openid/id/{SteamID64}, a
//        response_nonce, signed by HMAC-SHA256 over the signed fields (openid.sig)
//   GET  /steam/openid/cancel?return_to=…              → 302 to return_to with openid.mode=cancel
//   POST /steam/openid/login  openid.mode=check_authentication&…  (form-encoded)
//        → "ns:…\nis_valid:true\n" once per assertion, for an unaltered signature; false otherwise
// Only Node built-ins.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
/** SteamID64 of account id 0 (Valve's individual-account base). */
const STEAM64_BASE = 76561197960265728n;

const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

export function createSteamOpenId() {
  const secret = randomBytes(32);
  const verified = new Set(); // response nonces already confirmed once
  const sign = (fields) =>
    createHmac('sha256', secret)
      .update(SIGNED.map((key) => `${key}:${fields[`openid.${key}`] ?? ''}\n`).join(''))
      .digest('base64');
  const redirect = (res, to) => {
    res.writeHead(302, { location: to });
    res.end();
  };
  const withParams = (base, params) => `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;
  const isUrl = (text) => {
    try {
      return ['http:', 'https:'].includes(new URL(text).protocol);
    } catch {
      return false;
    }
  };

  /** Handles /steam/openid/*; false for anything else. */
  return function handle(req, res, url, { dotaAccounts, readText }) {
    const endpoint = `http://${req.headers.host}/steam/openid/login`;
    const html = (status, body) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><meta charset="utf-8"><title>Steam sign-in (local stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui;background:#171a21;color:#c7d5e0;max-width:34rem;margin:3rem auto;padding:0 1rem}
button,input{font:inherit;padding:.5rem .8rem}button{background:#66c0f4;border:0;border-radius:3px;cursor:pointer}
li{margin:.4rem 0}a{color:#66c0f4}</style>${body}`);
    };
    if (url.pathname === '/steam/openid/login' && req.method === 'GET') {
      const q = url.searchParams;
      const returnTo = q.get('openid.return_to') ?? '';
      const realm = q.get('openid.realm') ?? '';
      if (q.get('openid.ns') !== NS || q.get('openid.mode') !== 'checkid_setup' || !isUrl(returnTo))
        return (html(400, '<h1>Bad OpenID request</h1>'), true);
      if (realm && !returnTo.startsWith(realm)) return (html(400, '<h1>return_to is outside the realm</h1>'), true);
      const known = [...dotaAccounts.values()].map((account) => ({
        steamid: String(STEAM64_BASE + BigInt(account.account_id)),
        name: account.personaname,
      }));
      const button = ({ steamid, name }) =>
        `<li><form method="get" action="/steam/openid/approve"><input type="hidden" name="return_to" value="${escape(returnTo)}"><input type="hidden" name="steamid" value="${steamid}"><button type="submit">Sign in as ${escape(name)}</button> <small>${steamid}</small></form></li>`;
      html(
        200,
        `<h1>Sign in through Steam</h1><p>${escape(realm || returnTo)} asks who you are on Steam. (Local stand-in: pick an account.)</p>
<ul>${known.slice(-50).reverse().map(button).join('')}</ul>
<form method="get" action="/steam/openid/approve"><input type="hidden" name="return_to" value="${escape(returnTo)}">
<label>SteamID64 <input name="steamid" inputmode="numeric" pattern="\\d{17}" required></label> <button type="submit">Sign in</button></form>
<p><a href="/steam/openid/cancel?return_to=${encodeURIComponent(returnTo)}">Cancel</a></p>`,
      );
      return true;
    }
    if (url.pathname === '/steam/openid/approve' && req.method === 'GET') {
      const returnTo = url.searchParams.get('return_to') ?? '';
      const steamid = url.searchParams.get('steamid') ?? '';
      if (!isUrl(returnTo) || !/^\d{17}$/.test(steamid)) return (html(400, '<h1>Bad sign-in</h1>'), true);
      const claimed = `https://steamcommunity.com/openid/id/${steamid}`;
      const fields = {
        'openid.ns': NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': endpoint,
        'openid.claimed_id': claimed,
        'openid.identity': claimed,
        'openid.return_to': returnTo,
        'openid.response_nonce': `${new Date().toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
        'openid.assoc_handle': '1234567890',
        'openid.signed': SIGNED.join(','),
      };
      redirect(res, withParams(returnTo, { ...fields, 'openid.sig': sign(fields) }));
      return true;
    }
    if (url.pathname === '/steam/openid/cancel' && req.method === 'GET') {
      const returnTo = url.searchParams.get('return_to') ?? '';
      if (!isUrl(returnTo)) return (html(400, '<h1>Bad request</h1>'), true);
      redirect(res, withParams(returnTo, { 'openid.ns': NS, 'openid.mode': 'cancel' }));
      return true;
    }
    if (url.pathname === '/steam/openid/login' && req.method === 'POST') {
      void readText(req).then((text) => {
        const fields = Object.fromEntries(new URLSearchParams(text));
        const given = Buffer.from(fields['openid.sig'] ?? '', 'base64');
        const wanted = Buffer.from(sign(fields), 'base64');
        const signedAll = (fields['openid.signed'] ?? '').split(',').join(',') === SIGNED.join(',');
        const nonce = fields['openid.response_nonce'] ?? '';
        const valid =
          fields['openid.mode'] === 'check_authentication' &&
          signedAll &&
          given.length === wanted.length &&
          timingSafeEqual(given, wanted) &&
          !verified.has(nonce);
        // OpenID 2.0 §11.4.2.1: one verification per assertion.
        if (valid) verified.add(nonce);
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`ns:${NS}\nis_valid:${valid}\n`);
      });
      return true;
    }
    return false;
  };
}
