import type { NextFunction, Request, Response } from 'express';
import { getApps } from 'firebase-admin/app';
import { getAppCheck } from 'firebase-admin/app-check';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { isLocalPlatform } from '../platform/firebase';
import { HttpError } from '../errors/http-error';

/**
 * Firebase App Check on the API (issue #58): a command must come from our web app, attested by
 * reCAPTCHA Enterprise in production (web/src/lib/firebase.ts). `APP_CHECK=enforce` refuses a
 * request without a valid token (401 `app-check-required`) before anything else runs: no token
 * check, no read. Production enforces by default; locally `npm start` and the browser tests
 * enforce with the stand-in's tokens (scripts/app-check-stand-in.mjs, `APP_CHECK_JWKS_URL`), and
 * the API tests run without it. GETs are not checked: they change nothing, the public ones are
 * kept by the CDN (which never asks our code), and the rest carry an ID token and a rate limit.
 * PayPal's webhook (signed by PayPal) and the sweeper's local timer are not our app's calls.
 */
// The webhook and an alert's off link (a mail client's one click) carry their own signatures.
const EXEMPT = new Set(['/wallet/paypalWebhook', '/internal/sweep', '/alerts/off']);

const mode = (): 'enforce' | 'off' =>
  (process.env.APP_CHECK ?? (isLocalPlatform() ? 'off' : 'enforce')) === 'enforce' ? 'enforce' : 'off';

export const appCheckRequired = () =>
  new HttpError(
    401,
    'This request did not come from the Versus app. Reload the page and try again.',
    'app-check-required',
  );

let localKeys: ReturnType<typeof createRemoteJWKSet> | undefined;
/** A token's check: firebase-admin against Google's keys, or the stand-in's keys locally. */
async function verify(token: string): Promise<void> {
  const jwks = process.env.APP_CHECK_JWKS_URL;
  if (!jwks) {
    await getAppCheck(getApps()[0]).verifyToken(token);
    return;
  }
  localKeys ??= createRemoteJWKSet(new URL(jwks));
  const number = process.env.APP_CHECK_PROJECT_NUMBER ?? '100000000001';
  await jwtVerify(token, localKeys, {
    issuer: `https://firebaseappcheck.googleapis.com/${number}`,
    audience: `projects/${number}`,
    algorithms: ['RS256'],
  });
}

export async function requireAppCheck(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const path = req.path.replace(/^\/api(?=\/)/, '');
  if (mode() === 'off' || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || EXEMPT.has(path))
    return next();
  const token = req.header('x-firebase-appcheck');
  if (!token) throw appCheckRequired();
  try {
    await verify(token);
  } catch {
    throw appCheckRequired();
  }
  next();
}
