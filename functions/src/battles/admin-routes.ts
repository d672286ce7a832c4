import { Router } from 'express';
import { adminCancelSchema, adminDecisionSchema } from '@versus/domain/battles/schemas';
import { requireAdmin, requireUser } from '../api/authenticate';
import { parseBody } from '../api/validate';
import type { Clock } from '../platform/clock';
import { cancelBattleByAdmin, decideBattle } from './battles';

/** A platform admin's battle commands (custom claim `admin`, SPEC §6): 401 without a token, 403 without the claim. */
export function battleAdminRoutes(clock: Clock): Router {
  const router = Router();

  router.post('/admin/battles/:id/decide', requireUser, requireAdmin, async (req, res) => {
    const { winner, reasoning } = await parseBody(adminDecisionSchema, req.body);
    res.json(await decideBattle(req.user.uid, String(req.params.id), winner, reasoning, clock.now()));
  });

  router.post('/admin/battles/:id/cancel', requireUser, requireAdmin, async (req, res) => {
    const { reasoning } = await parseBody(adminCancelSchema, req.body);
    res.json(await cancelBattleByAdmin(req.user.uid, String(req.params.id), reasoning, clock.now()));
  });

  return router;
}
