import type { ErrorRequestHandler, RequestHandler } from 'express';
import { logger } from 'firebase-functions';
import { HttpError } from '../errors/http-error';
import { Replayed } from './idempotency';

/** What a caller hears when the database or the network failed under a command, or it ran out of time. */
export const busyBody = {
  message: 'The service is busy. Nothing may have changed; try again in a moment.',
  statusCode: 503,
  code: 'busy',
} as const;

// gRPC's CANCELLED, UNKNOWN, DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, INTERNAL and UNAVAILABLE, as
// numbers (the Firestore client) or names (firebase-admin's other services).
const PASSING_CODES = new Set<unknown>([
  1,
  2,
  4,
  8,
  13,
  14,
  'cancelled',
  'unknown',
  'deadline-exceeded',
  'resource-exhausted',
  'internal',
  'unavailable',
]);
const NETWORK_CODES = new Set<unknown>(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET']);

/**
 * A failure of the database or of the way to it, not of the command: Firestore timed out, was
 * overloaded or lost a commit's answer (gRPC 2 UNKNOWN, 13 INTERNAL: Google's advice is to retry
 * those), or the connection broke. A commit is atomic, so such a command wrote all or nothing, and
 * every command is safe to repeat (ledger ids, idempotency keys): the caller is told to retry.
 */
export function isPassingFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return PASSING_CODES.has(code) || NETWORK_CODES.has(code) || NETWORK_CODES.has(cause);
}

/** Every failure leaves as {message, statusCode} (DESIGN §7); unknown errors become a 500. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  // Answered already: the error is only logged. After the request's deadline (api/deadline) the
  // answer below still passes the route's wrappers (an Idempotency-Key lets go) and goes nowhere.
  if (res.headersSent) {
    logger.warn('error after the answer was sent', error);
    if (!res.locals.timedOut) return;
  }
  // A repeated Idempotency-Key found through the route's gate: the first request's answer again.
  if (error instanceof Replayed) {
    res.setHeader('idempotent-replayed', 'true');
    res.status(error.status).json(error.body);
    return;
  }
  if (error instanceof HttpError) {
    // A 429 says when to come back (RFC 9110 §10.2.3), whichever limit refused it.
    const retryAfter = error.details?.retryAfter;
    if (error.statusCode === 429 && retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
    res.status(error.statusCode).json(error.toBody());
    return;
  }
  // Firestore gave up on a transaction after its retries (ABORTED): nothing was written.
  if (error?.code === 10 || error?.code === 'aborted') {
    res
      .status(409)
      .json({ message: 'Too many changes at once. Nothing was changed; try again.', statusCode: 409, code: 'busy' });
    return;
  }
  if (isPassingFailure(error)) {
    logger.warn('database busy', error);
    res.status(503).json(busyBody);
    return;
  }
  // express.json() failures carry a status and a type (entity.too.large, entity.parse.failed …).
  const status = typeof error?.status === 'number' ? error.status : 500;
  if (status >= 400 && status < 500) {
    const message =
      status === 413 ? 'The request body is too large (at most 100 kB).' : 'The request body is not valid JSON.';
    res.status(status).json({ message, statusCode: status, code: 'invalid-input' });
    return;
  }
  logger.error('unhandled error', error);
  res.status(500).json({ message: 'Something went wrong. Try again later.', statusCode: 500, code: 'internal' });
};

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No endpoint ${req.method} ${req.path}.`, statusCode: 404, code: 'not-found' });
};
