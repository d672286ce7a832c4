import type { NextFunction, Request, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from '../platform/firebase';
import { profileRef } from '../platform/collections';
import { HttpError, forbidden, unauthenticated } from './http-error';

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified ID token's claims: set by requireUser / requireActiveUser, read only behind them. */
    user: DecodedIdToken;
    idToken: string;
    /** requireActiveUserBeside's check, still running: read only through activeCheck and whileActive. */
    activeCheck?: Promise<void>;
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

async function refuseDeactivated(uid: string): Promise<void> {
  const profile = await profileRef(uid).get();
  if (profile.data()?.deactivated === true) {
    throw new HttpError(403, 'Your account is deactivated. Restore it to do this.', 'account-deactivated');
  }
}

/**
 * requireActiveUser for the busiest commands, with its read of the caller's profile beside the
 * command's first reads instead of before them: one round trip less (docs/decisions.md "Reads in
 * fewer round trips in a row"). The route hands the check on, to `whileActive` around the reads it
 * makes before the command, or as runOptimistic's `beside` (a join: its batch): nothing is written
 * and no provider is asked before it has passed, and a deactivated caller gets 403 whatever the
 * command concluded from its reads (a body refused before any read still answers 400).
 */
export async function requireActiveUserBeside(req: Request, _res: Response, next: NextFunction): Promise<void> {
  await authenticate(req);
  const check = refuseDeactivated(req.user.uid);
  // Handled where the route awaits it; an idempotent replay answers without it.
  check.catch(() => {});
  req.activeCheck = check;
  next();
}

/** The check requireActiveUserBeside started (a route without that middleware is a programming error). */
export function activeCheck(req: Request): Promise<void> {
  if (!req.activeCheck) throw new Error(`${req.path}: activeCheck without requireActiveUserBeside`);
  return req.activeCheck;
}

/**
 * The caller's check and another one (a cover image that must exist) as one, to run beside a
 * command (runOptimistic's `beside`): the caller's refusal first.
 */
export function activeCheckAnd(req: Request, work: Promise<unknown>): Promise<void> {
  const both = whileActive(req, work).then(() => undefined);
  both.catch(() => {}); // handled where the command awaits it
  return both;
}

/** `work` beside the caller's check: its answer once both are done, the check's refusal first. */
export async function whileActive<T>(req: Request, work: Promise<T>): Promise<T> {
  const [check, result] = await Promise.allSettled([activeCheck(req), work]);
  if (check.status === 'rejected') throw check.reason;
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** After requireUser: battling, buying, withdrawing and PayPal need a verified e-mail (SPEC §6). */
export function requireVerifiedEmail(req: Request, _res: Response, next: NextFunction): void {
  if (req.user.email_verified !== true)
    throw new HttpError(403, 'Verify your e-mail address first.', 'email-not-verified');
  next();
}
