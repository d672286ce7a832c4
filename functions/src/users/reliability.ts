import { Router } from 'express';
import { noShowBanUntil, meetsReliability, reliabilityPercent } from '@versus/domain/users/reliability';
import type { PublicProfile } from '@versus/domain/users/types';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { requireAdmin, requireUser } from '../api/authenticate';
import { HttpError, notFound } from '../errors/http-error';
import { documentId } from '../platform/ids';
import { profileRef } from '../platform/collections';
import { db } from '../platform/firebase';
import type { Clock } from '../platform/clock';

/**
 * Reliability at the door (issue #60): a player banned for repeated no-shows cannot join a paid
 * tournament, and a host may ask for the least reliability; an admin can lift a ban.
 */

/** Why `profile` may not join `tournament` at `now`, or null (solo joins: team tournaments are free). */
export function reliabilityRefusal(
  profile: PublicProfile,
  tournament: Pick<Tournament, 'entryFee' | 'minReliability'>,
  now: number,
): HttpError | null {
  const until = tournament.entryFee > 0 ? noShowBanUntil(profile.reliability, now) : null;
  if (until)
    return new HttpError(
      403,
      `You missed too many matches lately: you cannot join paid tournaments until ${new Date(until).toISOString()}.`,
      'no-show-ban',
      undefined,
      { until },
    );
  if (!meetsReliability(profile.reliability, tournament.minReliability))
    return new HttpError(
      403,
      `This tournament asks for a reliability of ${tournament.minReliability} % or more.`,
      'reliability-too-low',
      undefined,
      { required: tournament.minReliability ?? 0, yours: reliabilityPercent(profile.reliability) ?? 100 },
    );
  return null;
}

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
