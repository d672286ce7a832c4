import type { ErrorRequestHandler, RequestHandler } from 'express';
import { logger } from 'firebase-functions';
import { HttpError } from './http-error';
import { Replayed } from './idempotency';

/** Every failure leaves as {message, statusCode} (DESIGN §7); unknown errors become a 500. */
export const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
  // A repeated Idempotency-Key found through the route's gate: the first request's answer again.
  if (error instanceof Replayed) {
    res.setHeader('idempotent-replayed', 'true');
    res.status(error.status).json(error.body);
    return;
  }
  if (error instanceof HttpError) {
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
  // The database timed out or was overloaded (DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, UNAVAILABLE).
  // Every command is safe to repeat (ledger ids, idempotency keys), so the caller is told to retry.
  if (
    [4, 8, 14].includes(error?.code) ||
    ['deadline-exceeded', 'resource-exhausted', 'unavailable'].includes(error?.code)
  ) {
    logger.warn('database busy', error);
    res.status(503).json({
      message: 'The service is busy. Nothing may have changed; try again in a moment.',
      statusCode: 503,
      code: 'busy',
    });
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
