import { Router } from 'express';
import { adminCancelSchema, adminDecisionSchema } from '@versus/domain/battles/schemas';
import { MONTH_PATTERN } from '@versus/domain/campaigns/campaign';
import { campaignPrizeSchema } from '@versus/domain/campaigns/schemas';
import { cancelBattleByAdmin, decideBattle } from '../battles/service';
import { drawCampaign, setCampaignPrize } from '../campaigns/service';
import type { Clock } from '../platform/clock';
import { requireAdmin, requireUser, type AuthedRequest } from './authenticate';
import { badRequest } from './http-error';
import { parseBody } from './validate';

/** Platform-admin commands (custom claim `admin`, SPEC §6): 401 without a token, 403 without the claim. */
export function adminRoutes(clock: Clock): Router {
  const router = Router();
  router.use('/admin', requireUser, requireAdmin);
  const admin = (req: unknown) => (req as AuthedRequest).user.uid;
  const month = (value: unknown) => {
    const text = String(value);
    if (!MONTH_PATTERN.test(text)) throw badRequest('A campaign month looks like 2026-11.', { month: 'validation.required' });
    return text;
  };

  router.post('/admin/battles/:id/decide', async (req, res) => {
    const { winner, reasoning } = await parseBody(adminDecisionSchema, req.body);
    res.json(await decideBattle(admin(req), String(req.params.id), winner, reasoning, clock.now()));
  });

  router.post('/admin/battles/:id/cancel', async (req, res) => {
    const { reasoning } = await parseBody(adminCancelSchema, req.body);
    res.json(await cancelBattleByAdmin(admin(req), String(req.params.id), reasoning, clock.now()));
  });

  router.put('/admin/campaigns/:month', async (req, res) => {
    const { prize } = await parseBody(campaignPrizeSchema, req.body);
    const key = month(req.params.month);
    await setCampaignPrize(key, prize, admin(req), clock.now());
    res.json({ month: key, prize });
  });

  router.post('/admin/campaigns/:month/draw', async (req, res) => {
    res.status(201).json(await drawCampaign(month(req.params.month), admin(req), clock.now()));
  });

  return router;
}
