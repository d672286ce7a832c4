import { Router } from 'express';
import { noShowBanUntil } from '@versus/domain/users/reliability';
import { requireAdmin, requireUser } from '../api/authenticate';
import { HttpError, notFound } from '../errors/http-error';
import { documentId } from '../platform/ids';
import { profileRef } from '../platform/collections';
import { db } from '../platform/firebase';
import type { Clock } from '../platform/clock';

/**
 * Reliability (issue #60): an admin lifts a player's ban from paid tournaments. The door itself
 * (the join's refusals) is tournaments/joining.ts.
 */

/** POST /admin/users/{uid}/liftNoShowBan: the ban ends now; the record stays. */
export function reliabilityRoutes(clock: Clock): Router {
  const router = Router();
  router.post('/admin/users/:uid/liftNoShowBan', requireUser, requireAdmin, async (req, res) => {
    const uid = documentId(String(req.params.uid), 'That user');
    const now = clock.now();
    const reliability = await db.runTransaction(async (tx) => {
      const profile = (await tx.get(profileRef(uid))).data();
      if (!profile) throw notFound('That user');
      if (!noShowBanUntil(profile.reliability, now))
        throw new HttpError(409, 'That player is not banned.', 'not-banned');
      const lifted = { ...profile.reliability!, liftedAt: now };
      tx.update(profileRef(uid), { 'reliability.liftedAt': now });
      return lifted;
    });
    res.json({ uid, reliability });
  });
  return router;
}
