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
  const profile = await profileRef(req.user.uid).get();
  if (profile.data()?.deactivated === true) {
    throw new HttpError(403, 'Your account is deactivated. Restore it to do this.', 'account-deactivated');
  }
  next();
}

/** After requireUser: battling, buying, withdrawing and PayPal need a verified e-mail (SPEC §6). */
export function requireVerifiedEmail(req: Request, _res: Response, next: NextFunction): void {
  if (req.user.email_verified !== true)
    throw new HttpError(403, 'Verify your e-mail address first.', 'email-not-verified');
  next();
}
