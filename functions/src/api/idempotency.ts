import { createHash, randomUUID } from 'node:crypto';
import { alreadyExists } from '../platform/firestore-codes';
import type { NextFunction, Request, Response } from 'express';
import { DAY_MS } from '@versus/domain/platform/constants';
import type { DocumentData, DocumentReference } from 'firebase-admin/firestore';
import { idempotencyRef } from '../platform/collections';
import type { Clock } from '../platform/clock';
import { answerRecord, type KeyInCommit } from '../platform/optimistic';
import { readDocument } from '../platform/reads';
import { gateBoth } from './authenticate';
import { HttpError, badRequest } from '../errors/http-error';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,255}$/;

interface Stored {
  fingerprint: string;
  state: 'IN_PROGRESS' | 'DONE';
  status?: number;
  body?: unknown;
}

/**
 * Reserves the key with one create, which only succeeds while no document has it: one call before
 * the command instead of a read and a commit. When it is taken, the earlier request's record is
 * read and answered from; one that vanished meanwhile (its request failed and let the key go) is
 * reserved again.
 */
async function reserve(ref: DocumentReference, record: DocumentData): Promise<Stored | null> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    try {
      await ref.create(record);
      return null;
    } catch (error) {
      if (!alreadyExists(error)) throw error;
    }
    const earlier = (await ref.get()).data() as Stored | undefined;
    if (earlier) return earlier;
  }
  throw inProgress();
}

const inProgress = () =>
  new HttpError(409, 'A request with this Idempotency-Key is still being processed.', 'idempotency-key-in-progress');

/**
 * The answer a repeated request gets: the first request's stored answer, with
 * `Idempotent-Replayed: true` (api/error-handler sends it when a gated command throws it).
 */
export class Replayed extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super('replayed');
  }
}

/** What an earlier request's record means for this one: its answer again, or a refusal. */
function earlierAnswer(earlier: Stored, fingerprint: string): Error {
  if (earlier.fingerprint !== fingerprint)
    return new HttpError(
      422,
      'This Idempotency-Key was already used for a different request.',
      'idempotency-key-reused',
    );
  if (earlier.state === 'IN_PROGRESS') return inProgress();
  return new Replayed(earlier.status ?? 200, earlier.body ?? null);
}

/**
 * `Idempotency-Key` for commands that move coins (DESIGN §7), after requireUser. With `reserved:
 * false` (a challenge, an accept, a confirm) nothing is reserved, and with `'in-commit'` (a
 * withdrawal) the command's first commit reserves it: see `unreserved` below. Otherwise
 * the first request with a key reserves it (one create that fails if the key is taken); a repeat with the
 * same body gets the first answer again (header `Idempotent-Replayed: true`), one while the first
 * still runs gets 409, and one with a different method, path or body 422. Only successes are kept:
 * after an error the command may be retried with the same key. idempotency/{hash} documents expire
 * after a day (`expiresAt`, a TTL field).
 *
 * Behind requireActiveUserBeside the reservation joins the route's gate instead of running before
 * the route: the command reads beside it and writes nothing until it is made, and a key found
 * taken answers as above (docs/decisions/0072). The gate
 * also carries the key to the command, whose own commit stores its answer (platform/optimistic
 * KeyInCommit): the answer sent is then not written again. Elsewhere the route runs once the key
 * is reserved, and its answer is stored before it is sent.
 */
export function idempotent(
  scope: string,
  clock: Clock,
  { reserved = true }: { reserved?: boolean | 'in-commit' } = {},
) {
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
    const record = { uid, scope, fingerprint, createdAt: now, expiresAt: new Date(now + DAY_MS) };
    if (reserved !== true) return unreserved(req, res, next, ref, record, reserved === 'in-commit');

    const reservation = reserve(ref, { ...record, state: 'IN_PROGRESS' });
    // Ours: the key was free and this request holds it (its answer is stored, or on an error the
    // key let go). Not ours: another request's record, which this one never touches.
    const ours = reservation.then(
      (earlier) => earlier === null,
      () => false,
    );
    let inCommit: KeyInCommit | undefined;
    if (req.gate) {
      const reserved = reservation.then((earlier) => {
        if (earlier) throw earlierAnswer(earlier, fingerprint);
      });
      reserved.catch(() => {}); // handled where the route awaits its gate
      inCommit = { ref, status: () => res.statusCode };
      req.gate = { ...req.gate, passed: gateBoth(req.gate.passed, reserved), key: inCommit };
    } else {
      const earlier = await reservation;
      if (earlier) {
        const answer = earlierAnswer(earlier, fingerprint);
        if (!(answer instanceof Replayed)) throw answer;
        res.setHeader('idempotent-replayed', 'true');
        res.status(answer.status).json(answer.body);
        return;
      }
    }

    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const status = res.statusCode;
      const settle = ours.then((mine) => {
        if (!mine) return;
        const answer = answerRecord(status, body);
        // Stored by the command's own commit (platform/optimistic KeyInCommit): nothing more to
        // write when this is that answer. Any other answer replaces it, and an error deletes it as
        // before.
        const stored = inCommit?.stored;
        if (status < 400 && stored?.status === status && stored.json === answer.stored.json) return;
        return status < 400 ? ref.update(answer.fields) : ref.delete();
      });
      settle.then(
        () => send(body),
        () => send(body),
      );
      return res;
    };
    next();
  };
}

/**
 * A key with no reservation (`reserved: false`: a challenge, an accept and a confirm, whose one
 * optimistic commit is the whole command). The gate reads the key's record beside its other reads,
 * and a record found answers as a reserved key's would (the first answer again, or 422; 409 only
 * for a record still IN_PROGRESS, which these routes never write). The command's commit creates the
 * record DONE with its answer, and fails if another request with the key committed first: that
 * request lost its race, and its retry finds the record and answers it; so does a refusal, which
 * reads the key after it (platform/optimistic KeyInCommit). A repeat while the first still runs is so not refused: whichever commits first
 * makes the one effect, and the other answers it, replayed. Nothing is written for the key before
 * the command, and nothing after it unless the route answers something its commit did not store
 * (a confirm the game had decided already).
 *
 * With `reserved: 'in-commit'` (a withdrawal, which answers only after PayPal has) the command's
 * first commit, the debit, creates the record IN_PROGRESS instead: a repeat while it runs gets 409
 * as with a reservation, and one the debit's commit beat finds the record when it tries again. Its
 * answer completes the record as a reserved key's does; an error after the debit keeps it (a retry
 * must not debit again), where a reserved key would be let go. One call fewer in a row than
 * reserving first (docs/decisions/0008, superseded by 0009).
 */
function unreserved(
  req: Request,
  res: Response,
  next: NextFunction,
  ref: DocumentReference,
  record: Omit<Stored, 'state'> & DocumentData,
  reserveOnly: boolean,
): void {
  if (!req.gate) throw new Error(`${req.path}: an unreserved Idempotency-Key needs requireActiveUserBeside`);
  const checked = readDocument(ref).then((snapshot) => {
    const earlier = snapshot.data() as Stored | undefined;
    if (earlier) throw earlierAnswer(earlier, record.fingerprint);
  });
  checked.catch(() => {}); // handled where the route awaits its gate
  const inCommit: KeyInCommit = {
    ref,
    status: () => res.statusCode,
    unreserved: {
      // A reserving commit's record names this request, so a commit reported lost is known by it.
      record: reserveOnly ? { ...record, holder: randomUUID() } : record,
      earlier: (stored) => earlierAnswer(stored as Stored, record.fingerprint),
      reserveOnly,
    },
  };
  req.gate = { ...req.gate, passed: gateBoth(req.gate.passed, checked), key: inCommit };
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    const status = res.statusCode;
    const answer = answerRecord(status, body);
    const stored = inCommit.stored;
    if (reserveOnly) {
      // Held by the command's commit: its answer completes the record (unless a commit stored it).
      // An error after it keeps the key IN_PROGRESS: the coins have left, so a retry with the key
      // must not debit again (it answers 409 until the record expires; the sweeper settles the
      // payout). Not held (refused before it, or a replay): nothing to write.
      if (!inCommit.held || status >= 400 || (stored?.status === status && stored.json === answer.stored.json))
        return send(body);
      ref.update(answer.fields).then(
        () => send(body),
        () => send(body),
      );
      return res;
    }
    const settled =
      status >= 400 ||
      res.getHeader('idempotent-replayed') !== undefined ||
      (stored?.status === status && stored.json === answer.stored.json);
    if (settled) return send(body);
    // Created, never written over: a record there already is an earlier request's answer to keep.
    ref.create({ ...record, ...answer.fields }).then(
      () => send(body),
      () => send(body),
    );
    return res;
  };
  next();
}
