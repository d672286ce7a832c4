import { Router } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { isGame } from '@versus/domain/games/games';
import { prizeCapSchema, prizeOverCap } from '@versus/domain/tournaments/prize-caps';
import { requireAdmin, requireUser } from '../api/authenticate';
import { HttpError, notFound } from '../api/http-error';
import { parseBody } from '../api/validate';
import type { Clock } from '../platform/clock';
import { tournamentSettingsRef } from '../platform/collections';

/**
 * A tournament's settings against its game's prize cap (issue #58): 409 `prize-over-cap` with the
 * cap and the pool. Call it beside the command's first reads. The settings are read outside the
 * command's transaction, unguarded: a cap changed at the same moment as a creation may apply to it
 * or not, either order being a fair one, and a guard would bill a write on every creation.
 */
export async function refuseOverCap(tournament: { game: string; entryFee: number; size: number }): Promise<void> {
  if (tournament.entryFee === 0) return;
  const over = prizeOverCap((await tournamentSettingsRef.get()).data(), tournament);
  if (over)
    throw new HttpError(
      409,
      `This game's tournaments may pay out at most ${over.cap} coins, and ${tournament.size} entrants at ${tournament.entryFee} make ${over.pool}: lower the entry fee or the size.`,
      'prize-over-cap',
      undefined,
      over,
    );
}

/** PUT /admin/tournaments/prizeCaps/{game}: a platform admin sets or lifts a game's prize cap. */
export function prizeCapRoutes(clock: Clock): Router {
  const router = Router();
  router.put('/admin/tournaments/prizeCaps/:game', requireUser, requireAdmin, async (req, res) => {
    const game = String(req.params.game);
    if (!isGame(game)) throw notFound('That game');
    const { cap } = await parseBody(prizeCapSchema, req.body);
    await tournamentSettingsRef.set(
      {
        prizeCaps: { [game]: cap === null ? FieldValue.delete() : cap },
        updatedBy: req.user.uid,
        updatedAt: clock.now(),
      } as never,
      { merge: true },
    );
    res.json({ game, cap });
  });
  return router;
}
