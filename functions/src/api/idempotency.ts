import { createHash } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { DAY_MS } from '@versus/domain/platform/constants';
import { runOptimistic } from '../platform/optimistic';
import { idempotencyRef } from '../platform/collections';
import type { Clock } from '../platform/clock';
import { HttpError, badRequest } from './http-error';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

interface Stored {
  fingerprint: string;
  state: 'IN_PROGRESS' | 'DONE';
  status?: number;
  body?: unknown;
}

/**
 * `Idempotency-Key` for commands that move coins (DESIGN §7), after requireUser. The first
 * request with a key reserves it in a transaction; a repeat with the same body gets the first
 * answer again (header `Idempotent-Replayed: true`), one while the first still runs gets 409, and
 * one with a different method, path or body 422. Only successes are kept: after an error the command may be retried
 * with the same key. idempotency/{hash} documents expire after a day (`expiresAt`, a TTL field).
 */
export function idempotent(scope: string, clock: Clock) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const key = req.header('idempotency-key');
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key))
      throw badRequest('The Idempotency-Key header must be 1–255 letters, digits, "-" or "_".');
    const { uid } = req.user;
    // The key stands for one request: its method, its path (so another challenge's accept is a
    // different request) and its body. Hosting keeps the /api prefix; the emulator URL does not.
    const path = (req.originalUrl.split('?')[0] ?? '').replace(/^\/api(?=\/)/, '');
    const fingerprint = sha256(`${req.method} ${path}\n${JSON.stringify(req.body ?? {})}`);
    const ref = idempotencyRef(sha256(`${uid}|${scope}|${key}`));
    const now = clock.now();

    const earlier = await runOptimistic(async (tx) => {
      const snapshot = await tx.get(ref);
      if (snapshot.exists) return snapshot.data() as Stored;
      tx.create(ref, {
        uid,
        scope,
        fingerprint,
        state: 'IN_PROGRESS',
        createdAt: now,
        expiresAt: new Date(now + DAY_MS),
      });
      return null;
    });
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        throw new HttpError(
          422,
          'This Idempotency-Key was already used for a different request.',
          'idempotency-key-reused',
        );
      }
      if (earlier.state === 'IN_PROGRESS') {
        throw new HttpError(
          409,
          'A request with this Idempotency-Key is still being processed.',
          'idempotency-key-in-progress',
        );
      }
      res.setHeader('idempotent-replayed', 'true');
      res.status(earlier.status ?? 200).json(earlier.body ?? null);
      return;
    }

    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const status = res.statusCode;
      const settle =
        status < 400
          ? ref.update({ state: 'DONE', status, body: JSON.parse(JSON.stringify(body ?? null)) as unknown })
          : ref.delete();
      settle.then(
        () => send(body),
        () => send(body),
      );
      return res;
    };
    next();
  };
}
