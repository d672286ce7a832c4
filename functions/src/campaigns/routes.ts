import { Router } from 'express';
import { MONTH_PATTERN } from '@versus/domain/campaigns/campaign';
import { campaignPrizeSchema } from '@versus/domain/campaigns/schemas';
import { requireAdmin, requireUser } from '../api/authenticate';
import { badRequest } from '../errors/http-error';
import { parseBody } from '../api/validate';
import type { Clock } from '../platform/clock';
import { drawCampaign, setCampaignPrize } from './service';

const month = (value: unknown) => {
  const text = String(value);
  if (!MONTH_PATTERN.test(text))
    throw badRequest('A campaign month looks like 2026-11.', { month: 'validation.required' });
  return text;
};

/** The campaign's prize and monthly draw: platform admins only (401 without a token, 403 without the claim). */
export function campaignRoutes(clock: Clock): Router {
  const router = Router();

  router.put('/admin/campaigns/:month', requireUser, requireAdmin, async (req, res) => {
    const { prize } = await parseBody(campaignPrizeSchema, req.body);
    const key = month(req.params.month);
    await setCampaignPrize(key, prize, req.user.uid, clock.now());
    res.json({ month: key, prize });
  });

  router.post('/admin/campaigns/:month/draw', requireUser, requireAdmin, async (req, res) => {
    res.status(201).json(await drawCampaign(month(req.params.month), req.user.uid, clock.now()));
  });

  return router;
}
