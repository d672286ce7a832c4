import type { RequestHandler, Response } from 'express';
import { logger } from 'firebase-functions';
import { busyBody } from './error-handler';

/** The `api` function's time limit (functions/src/index.ts), after which the platform cuts a request off. */
export const API_TIMEOUT_SECONDS = 60;

/**
 * Answers 503 `busy` when a command is still running `ms` after it began: sooner than the function's
 * time limit, where Cloud Run would end the request with no answer of ours (a bare 504, or a
 * proxy's reset). A commit is atomic, so the command either commits whole after this or not at all,
 * and every command is safe to repeat (ledger ids, idempotency keys): the caller is told to retry.
 * Whatever the route answers later is dropped.
 */
export function requestDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      logger.warn('command ran out of time', { method: req.method, path: req.path, ms });
      res.status(503).json(busyBody);
      silence(res);
    }, ms);
    res.once('close', () => clearTimeout(timer));
    next();
  };
}

/** After the deadline's answer, the route's own answer (or error) goes nowhere instead of throwing. */
function silence(res: Response): void {
  const ignore = () => res;
  Object.assign(res, { status: ignore, json: ignore, send: ignore, end: ignore, setHeader: ignore, set: ignore });
}
