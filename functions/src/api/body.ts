import express, { type NextFunction, type Request, type Response } from 'express';
import { HttpError, badRequest } from '../errors/http-error';
import { isPlainObject } from './validate';

/** DESIGN §7: ordinary commands carry small JSON bodies. Uploads (image/*) have their own limit. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const tooLarge = () => new HttpError(413, 'The request body is too large (at most 100 kB).', 'invalid-input');
const parseJson = express.json({ limit: JSON_BODY_LIMIT_BYTES, strict: false });

function reservedKey(value: unknown, depth = 0): boolean {
  if (depth > 32) return true;
  if (Array.isArray(value)) return value.some((item) => reservedKey(item, depth + 1));
  if (!isPlainObject(value)) return false;
  return Object.keys(value).some((key) => RESERVED_KEYS.has(key) || reservedKey(value[key], depth + 1));
}

const isImageUpload = (req: Request) => /^image\//i.test(req.header('content-type') ?? '');

/**
 * The body kernel, before any route. Cloud Functions (and the emulator) parse bodies up to 32 MB
 * before Express runs and keep the bytes in `rawBody`; this measures those bytes against our limit,
 * parses what was not parsed yet, and lets only a JSON object (or nothing) through: no arrays,
 * `null`, numbers, text, or `__proto__` / `constructor` keys. See docs/decisions/0038-input-validation-kernel.md for the answers
 * the framework's own parser gives before this runs.
 */
export function jsonBody(req: Request, res: Response, next: NextFunction): void {
  if (isImageUpload(req)) return next();
  const raw = (req as Request & { rawBody?: Buffer }).rawBody;
  const declared = Number(req.header('content-length') ?? 0);
  if ((raw?.length ?? 0) > JSON_BODY_LIMIT_BYTES || declared > JSON_BODY_LIMIT_BYTES) throw tooLarge();

  const check = () => {
    // A chunked body declares no length: only its transfer encoding says it is there.
    const hasBody = raw !== undefined ? raw.length > 0 : declared > 0 || req.header('transfer-encoding') !== undefined;
    if (!hasBody) {
      req.body = {};
      return next();
    }
    if (!req.is('application/json'))
      throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json).', 'invalid-input');
    if (!isPlainObject(req.body)) throw badRequest('The request body must be a JSON object.');
    if (reservedKey(req.body))
      throw badRequest('The request body has a reserved key (__proto__, constructor or prototype).');
    next();
  };
  if (raw !== undefined) return check();
  parseJson(req, res, (error?: unknown) => {
    if (error) return next(error);
    try {
      check();
    } catch (failure) {
      next(failure);
    }
  });
}
