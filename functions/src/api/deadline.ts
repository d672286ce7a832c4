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
 * The 503 is written below everything a route wraps (an Idempotency-Key's answer), and from then
 * on nothing more reaches the socket, while the route's own answer still goes through those
 * wrappers: a key records the command's real outcome, for the retry to replay.
 */
export function requestDeadline(ms: number): RequestHandler {
  return (req, res, next) => {
    const write = { setHeader: res.setHeader.bind(res), end: res.end.bind(res) };
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      logger.warn('command ran out of time', { method: req.method, path: req.path, ms });
      res.statusCode = 503;
      write.setHeader('content-type', 'application/json; charset=utf-8');
      write.end(JSON.stringify(busyBody));
      res.locals.timedOut = true;
      silence(res);
    }, ms);
    res.once('close', () => clearTimeout(timer));
    next();
  };
}

/** After the deadline's answer, whatever the route writes goes nowhere instead of throwing. */
function silence(res: Response): void {
  Object.assign(res, {
    setHeader: () => res,
    removeHeader: () => undefined,
    writeHead: () => res,
    write: () => true,
    end: () => res,
  });
}
