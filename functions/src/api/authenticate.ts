import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from '../platform/firebase';
import { profileRef } from '../platform/collections';
import { besideGate, type Gate } from '../platform/optimistic';
import { HttpError, forbidden, unauthenticated } from '../errors/http-error';
import { readDocument } from '../platform/reads';
import type { Clock } from '../platform/clock';
import { RECENT_SIGN_IN_MS } from '@versus/domain/platform/constants';
import { validBody } from './validate';
import { limitSigned } from './rate-limit';
import type { AnyObjectSchema } from 'yup';
import type { DocumentSnapshot } from 'firebase-admin/firestore';

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

/** The ID token, then the player's flood limit (`signed`): neither reads Firestore. */
async function authenticate(req: Request, res: Response): Promise<void> {
  const token = bearer(req);
  if (!token) throw unauthenticated();
  try {
    req.user = await auth.verifyIdToken(token);
    req.idToken = token;
  } catch {
    throw unauthenticated();
  }
  await limitSigned(req, res);
}

/** Verifies the Firebase ID token; 401 without a valid one. */
export async function requireUser(req: Request, res: Response, next: NextFunction): Promise<void> {
  await authenticate(req, res);
  next();
}

/**
 * After requireUser, for what a borrowed session must not do alone (record 116: a deactivation):
 * the token's sign-in must be recent, which the web app makes it by asking for the password again
 * (reauthenticateWithCredential). 403 `recent-sign-in-required` otherwise, before any read.
 */
export const requireRecentSignIn =
  (clock: Clock): RequestHandler =>
  (req, _res, next) => {
    if (clock.now() - req.user.auth_time * 1000 > RECENT_SIGN_IN_MS)
      throw new HttpError(403, 'Enter your password again to do this.', 'recent-sign-in-required');
    next();
  };

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
export async function requireActiveUser(req: Request, res: Response, next: NextFunction): Promise<void> {
  await authenticate(req, res);
  await refuseDeactivated(req.user.uid);
  next();
}

/** The account's check alone, after requireUser, the body's and the rate limit's (activeUserWith). */
export async function requireActiveAccount(req: Request, _res: Response, next: NextFunction): Promise<void> {
  await refuseDeactivated(req.user.uid);
  next();
}

/**
 * requireActiveUser for a command with a body: the token, then the body and the route's checks that
 * read nothing (its ids, its rate limit), then the account's read. A refused token, a bad body, a
 * bad id or a caller over its limit costs no Firestore call (DESIGN §8).
 */
export const activeUserWith = (
  schema: AnyObjectSchema | ((req: Request) => AnyObjectSchema),
  ...checks: RequestHandler[]
): RequestHandler[] => [requireUser, validBody(schema), ...checks, requireActiveAccount];

async function refuseDeactivated(uid: string, read = readDocument(profileRef(uid))): Promise<void> {
  if ((await read).data()?.deactivated === true) {
    throw new HttpError(403, 'Your account is deactivated. Restore it to do this.', 'account-deactivated');
  }
}

/**
 * requireActiveUser for the busiest commands, with the account's check beside the command's first
 * reads instead of before them: one round trip fewer in a row (docs/decisions/0072). The ID token is checked first, as everywhere: a request it refuses
 * answers 401 before any Firestore read (DESIGN §8, "a refused request costs nothing"). Then it
 * opens the request's gate, which an Idempotency-Key's reservation joins (api/idempotency). The
 * route hands the gate on, to `throughGate` around the reads it makes before the command, or as
 * runOptimistic's `beside` (a join: its batch): nothing is written and no provider is asked before
 * it has passed. A deactivated caller gets 403 whatever the command concluded from its reads (a
 * body refused before any read still answers 400).
 */
export async function requireActiveUserBeside(req: Request, res: Response, next: NextFunction): Promise<void> {
  await authenticate(req, res);
  const { uid } = req.user;
  const ref = profileRef(uid);
  // Started by the first use of the gate, after the route has checked its body: bad input reads nothing.
  let started: { read: Promise<DocumentSnapshot>; passed: Promise<void> } | undefined;
  const start = () => {
    if (started) return started;
    const read = readDocument(ref);
    const passed = refuseDeactivated(uid, read);
    // Handled where the route awaits its gate (or the command reads the profile); an idempotent
    // replay answers without them.
    read.catch(() => {});
    passed.catch(() => {});
    return (started = { read, passed });
  };
  // The command that reads the caller's profile gets this read (platform/optimistic `gated`).
  req.gate = {
    get passed() {
      return start().passed;
    },
    get reads() {
      return new Map([[ref.path, start().read]]);
    },
  };
  next();
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
