import { Router } from 'express';
import { challengeSchema, disputeSchema, submitWinnerSchema } from '@versus/domain/battles/schemas';
import type { Game } from '@versus/domain/games/games';
import {
  gate,
  activeUserWith,
  requireActiveUserBeside,
  requireUser,
  requireVerifiedEmail,
  throughGate,
} from '../api/authenticate';
import { rateLimit } from '../api/rate-limit';
import { HttpError, badRequest, notFound } from '../errors/http-error';
import { idempotent } from '../api/idempotency';
import { parseBody, validBody, validIds } from '../api/validate';
import { blobStore, isBlobPath } from '../platform/blob-store';
import type { Clock } from '../platform/clock';
import { confirmResult, disputeResult, guessReads, submitWinner } from './battles';
import { sawBattle } from './seen';
import { checkBattleWithGame, contradictsGame, guessProfileReads, type GameCheck } from './game-check';
import { battleRef } from './refs';
import { acceptChallenge, closeChallengeBy, createChallenge } from './challenges';
import { readDocument } from '../platform/reads';

/**
 * Only the two players may make the game be asked (its rate limits are shared by everyone). The
 * battle is read once for the route: its player check, the game's check and the command's first attempt.
 */
async function requirePlayer(id: string, uid: string) {
  const snapshot = await readDocument(battleRef(id));
  const battle = snapshot.data();
  if (!battle) throw notFound('That battle');
  if (!battle.participants.includes(uid))
    throw new HttpError(403, 'Only the two players can do this.', 'not-a-participant');
  sawBattle(battle);
  return snapshot;
}

/** The battle's snapshot the game's check left as it was, for the command's first attempt. */
const known = (checked: GameCheck) => (!checked.found && checked.unchanged ? [checked.unchanged] : []);

export function battlesRoutes(clock: Clock): Router {
  const router = Router();
  const id = (req: { params: Record<string, unknown> }) => String(req.params.id);

  /** Type-ahead for the challenge form (SPEC §7). */

  router.post(
    '/battles/challenge',
    requireActiveUserBeside,
    rateLimit('coins'),
    requireVerifiedEmail,
    validBody(challengeSchema),
    idempotent('battle-challenge', clock, { reserved: false }),
    async (req, res) => {
      const input = await parseBody(challengeSchema, req.body);
      res
        .status(201)
        .json(await createChallenge(req.user.uid, { ...input, game: input.game as Game }, clock.now(), gate(req)));
    },
  );

  router.post(
    '/battles/challenges/:id/accept',
    requireActiveUserBeside,
    rateLimit('coins'),
    validIds({ id: 'That challenge' }),
    requireVerifiedEmail,
    idempotent('battle-accept', clock, { reserved: false }),
    async (req, res) => {
      res.status(201).json(await acceptChallenge(req.user.uid, id(req), clock.now(), gate(req)));
    },
  );

  router.post('/battles/challenges/:id/decline', requireUser, async (req, res) => {
    await closeChallengeBy(req.user.uid, id(req), 'decline', clock.now());
    res.json({ state: 'DECLINED' });
  });

  router.post('/battles/challenges/:id/withdraw', requireUser, async (req, res) => {
    await closeChallengeBy(req.user.uid, id(req), 'withdraw', clock.now());
    res.json({ state: 'WITHDRAWN' });
  });

  // A report asks the game first (issue #22): a game found decides the battle, and a report that
  // contradicts it is refused with the game's match.
  router.post('/battles/:id/submitWinner', requireActiveUserBeside, async (req, res) => {
    const { winner } = await parseBody(submitWinnerSchema, req.body);
    const profiles = guessProfileReads(id(req));
    const read = await throughGate(req, requirePlayer(id(req), req.user.uid));
    const checked = await checkBattleWithGame(id(req), clock.now(), read, profiles);
    if (checked.battle.outcome === 'GAME_API' && checked.battle.participants.includes(req.user.uid)) {
      const contradiction = contradictsGame(checked.battle, winner);
      if (contradiction) throw contradiction;
      return res.json(checked.battle);
    }
    res.json(await submitWinner(req.user.uid, id(req), winner, clock.now(), known(checked)));
  });

  router.post(
    '/battles/:id/confirm',
    requireActiveUserBeside,
    rateLimit('coins'),
    validIds({ id: 'That battle' }),
    idempotent('battle-confirm', clock, { reserved: false }),
    async (req, res) => {
      // What the confirmation will read after the battle (the escrows, accounts and counters of the
      // battle as this process last saw it), beside the battle's own read: one call fewer in a row.
      const ahead = guessReads(id(req), { type: 'confirm', by: req.user.uid }, clock.now());
      const profiles = guessProfileReads(id(req));
      const read = await throughGate(req, requirePlayer(id(req), req.user.uid));
      const checked = await checkBattleWithGame(id(req), clock.now(), read, profiles);
      if (checked.battle.outcome === 'GAME_API' && checked.battle.participants.includes(req.user.uid)) {
        const contradiction = contradictsGame(checked.battle, checked.battle.submittedWinner);
        if (contradiction) throw contradiction;
        return res.json(checked.battle);
      }
      res.json(
        await confirmResult(req.user.uid, id(req), clock.now(), { known: known(checked), key: gate(req).key, ahead }),
      );
    },
  );

  /** POST /battles/{id}/checkGame: a player asks the game for the result now (issue #22). */
  router.post('/battles/:id/checkGame', requireActiveUserBeside, async (req, res) => {
    const profiles = guessProfileReads(id(req));
    const read = await throughGate(req, requirePlayer(id(req), req.user.uid));
    const checked = await checkBattleWithGame(id(req), clock.now(), read, profiles);
    res.json({ found: checked.found, ...(checked.found ? {} : { reason: checked.reason }), battle: checked.battle });
  });

  router.post('/battles/:id/dispute', ...activeUserWith(disputeSchema), async (req, res) => {
    const { story, proof } = await parseBody(disputeSchema, req.body);
    const { uid } = req.user;
    // The proof is an image this player uploaded first (POST /uploads/proof).
    if (!isBlobPath(proof) || !proof.startsWith(`proofs/${uid}/`) || !(await blobStore().exists(proof))) {
      throw badRequest('Upload a proof image first.', { proof: 'battles.errors.proof-required' });
    }
    res.json(await disputeResult(uid, id(req), story, { path: proof, url: blobStore().urlOf(proof) }, clock.now()));
  });

  return router;
}
