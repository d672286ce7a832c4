import type { NextFunction, Request, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from '../platform/firebase';
import { forbidden, unauthenticated } from './http-error';

export interface AuthedRequest extends Request {
  user: DecodedIdToken;
  idToken: string;
}

const bearer = (req: Request): string | null => {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || null : null;
};

/** Verifies the Firebase ID token; 401 without a valid one. */
export async function requireUser(req: Request, _res: Response, next: NextFunction): Promise<void> {
  const token = bearer(req);
  if (!token) throw unauthenticated();
  try {
    (req as AuthedRequest).user = await auth.verifyIdToken(token);
    (req as AuthedRequest).idToken = token;
  } catch {
    throw unauthenticated();
  }
  next();
}

/** Platform admins carry the custom claim `admin: true`; 403 otherwise. */
export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  if ((req as AuthedRequest).user?.admin !== true) throw forbidden();
  next();
}
