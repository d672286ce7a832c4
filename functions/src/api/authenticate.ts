import type { NextFunction, Request, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { decodeJwt } from 'jose';
import { logger } from 'firebase-functions';
import { auth } from '../platform/firebase';
import { profileRef } from '../platform/collections';
import { besideGate, type Gate } from '../platform/optimistic';
import { HttpError, forbidden, unauthenticated } from './http-error';
import { readDocument } from '../platform/reads';

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified ID token's claims: set by requireUser / requireActiveUser, read only behind them. */
    user: DecodedIdToken;
    idToken: string;
    /**
     * What must pass before the command writes, still running: the caller's account is active
     * (requireActiveUserBeside) and its Idempotency-Key is reserved, or its record found missing
     * (idempotent). Read through gate.
     */
    gate?: Gate;
  }
}

const bearer = (req: Request): string | null => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || null : null;
};

async function authenticate(req: Request): Promise<void> {
  const token = bearer(req);
  if (!token) throw unauthenticated();
  try {
    req.user = await auth.verifyIdToken(token);
    req.idToken = token;
  } catch {
    throw unauthenticated();
  }
}

/** Verifies the Firebase ID token; 401 without a valid one. */
export async function requireUser(req: Request, _res: Response, next: NextFunction): Promise<void> {
  await authenticate(req);
  next();
}

/** Platform admins carry the custom claim `admin: true`; 403 otherwise. */
export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  if (req.user?.admin !== true) throw forbidden();
  next();
}

/**
 * requireUser for every command that moves coins or creates something: a deactivated account
 * (SPEC §4) may only restore itself, so it gets 403 `account-deactivated` here, once, not a check
 * per handler.
 */
export async function requireActiveUser(req: Request, _res: Response, next: NextFunction): Promise<void> {
  await authenticate(req);
  await refuseDeactivated(req.user.uid);
  next();
}

async function refuseDeactivated(uid: string, read = readDocument(profileRef(uid))): Promise<void> {
  if ((await read).data()?.deactivated === true) {
    throw new HttpError(403, 'Your account is deactivated. Restore it to do this.', 'account-deactivated');
  }
}

/**
 * requireActiveUser for the busiest commands, with its checks beside the command's first reads
 * instead of before them: fewer round trips in a row (docs/decisions.md "Reads in fewer round
 * trips in a row", "The token checked beside the first reads"). It opens the request's gate,
 * which an Idempotency-Key's reservation joins (api/idempotency). The route hands the gate on, to
 * `throughGate` around the reads it makes before the command, or as runOptimistic's `beside` (a
 * join: its batch): nothing is written and no provider is asked before it has passed.
 *
 * Both checks run beside the reads:
 * - the ID token's (Firebase Auth's verifyIdToken). Until it has passed, `req.user` holds the
 *   token's claims as the token states them, which the route may read with (a battle, the caller's
 *   profile) but not act on: every write and every provider's call waits for the gate, a key's
 *   reservation for `verified`, and every answer, error or not, is held until the check is known.
 *   A token it refuses answers 401 whatever the route concluded. A token that is not even
 *   well formed or has expired is checked first, as everywhere else, and never starts a read.
 * - the account's: a deactivated caller gets 403 whatever the command concluded from its reads,
 *   after a 401 (a body refused before any read still answers 400, once the token has passed).
 */
export async function requireActiveUserBeside(req: Request, res: Response, next: NextFunction): Promise<void> {
  const token = bearer(req);
  const claims = token ? statedClaims(token) : null;
  let verified: Promise<void>;
  if (token && claims) {
    req.user = claims;
    req.idToken = token;
    verified = auth.verifyIdToken(token).then(
      (decoded) => {
        if (decoded.uid !== claims.uid) throw unauthenticated();
        req.user = decoded;
      },
      () => {
        throw unauthenticated();
      },
    );
    verified.catch(() => {}); // awaited through the gate, and by every answer (holdAnswers)
    holdAnswers(res, verified);
  } else {
    await authenticate(req);
    verified = Promise.resolve();
  }
  const ref = profileRef(req.user.uid);
  const read = readDocument(ref);
  const passed = gateBoth(verified, refuseDeactivated(req.user.uid, read));
  // Handled where the route awaits its gate (or the command reads the profile); an idempotent
  // replay answers without them.
  read.catch(() => {});
  passed.catch(() => {});
  // The command that reads the caller's profile gets this read (platform/optimistic `gated`).
  req.gate = { passed, verified, reads: new Map([[ref.path, read]]) };
  next();
}

/**
 * An ID token's claims as it states them, unchecked (jose's decodeJwt), or null for a token that
 * cannot pass the check: not a JWT, no user id, or expired. Read only behind `verified`.
 */
function statedClaims(token: string): DecodedIdToken | null {
  try {
    const claims = decodeJwt(token);
    if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 128) return null;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return null;
    return { ...claims, uid: claims.sub } as unknown as DecodedIdToken;
  } catch {
    return null;
  }
}

/**
 * Every answer of this request (express's json and sendStatus end in `send`) waits for the token's
 * check, and becomes 401 when it fails: a route that concluded from a token's stated claims says
 * nothing of them to a caller Firebase Auth refuses.
 */
function holdAnswers(res: Response, verified: Promise<void>): void {
  const send = res.send.bind(res);
  let known = false;
  verified.then(
    () => (known = true),
    () => {},
  );
  res.send = (body?: unknown) => {
    if (known) return send(body);
    verified
      .then(
        () => send(body),
        () => {
          res.removeHeader('idempotent-replayed');
          res.status(401).type('json');
          send(JSON.stringify(unauthenticated().toBody()));
        },
      )
      // Outside the route, where express no longer catches: a failed send is logged, not a crash
      // of the instance (an unhandled rejection ends it, and every request it serves).
      .catch((error: unknown) => logger.error('a held answer could not be sent', error));
    return res;
  };
}

/** The request's gate (a route without requireActiveUserBeside is a programming error). */
export function gate(req: Request): Gate {
  if (!req.gate) throw new Error(`${req.path}: a gate without requireActiveUserBeside`);
  return req.gate;
}

/** Two checks as one, settled when both are: the first one's refusal first. */
export function gateBoth(first: Promise<unknown>, second: Promise<unknown>): Promise<void> {
  const both = Promise.allSettled([first, second]).then(([a, b]) => {
    if (a.status === 'rejected') throw a.reason;
    if (b.status === 'rejected') throw b.reason;
  });
  both.catch(() => {}); // handled where the command awaits it
  return both;
}

/** The request's gate with another check (a cover image that must exist) to pass. */
export const gateAnd = (req: Request, work: Promise<unknown>): Gate => ({
  ...gate(req),
  passed: gateBoth(gate(req).passed, work),
});

/** `work` beside the request's gate: its answer once both are done, the gate's refusal first. */
export const throughGate = <T>(req: Request, work: Promise<T>): Promise<T> => besideGate(gate(req), work);

/** After requireUser: battling, buying, withdrawing and PayPal need a verified e-mail (SPEC §6). */
export function requireVerifiedEmail(req: Request, _res: Response, next: NextFunction): void {
  if (req.user.email_verified !== true)
    throw new HttpError(403, 'Verify your e-mail address first.', 'email-not-verified');
  next();
}
