import { Router } from 'express';
import { supportCreatorSchema } from '@versus/domain/creators/support-schema';
import { gate, requireActiveUserBeside, requireUser } from '../api/authenticate';
import { parseBody } from '../api/validate';
import type { Clock } from '../platform/clock';
import { creatorCodeData, stopSupportingCreator, supportCreator } from './service';

export function creatorsRoutes(clock: Clock): Router {
  const router = Router();

  router.put('/profile/supportCreatorWithCode', requireActiveUserBeside, async (req, res) => {
    const { creatorCode } = await parseBody(supportCreatorSchema, req.body);
    res.json(await supportCreator(req.user.uid, creatorCode, clock.now(), gate(req)));
  });

  router.delete('/profile/supportCreatorWithCode', requireActiveUserBeside, async (req, res) => {
    res.json(await stopSupportingCreator(req.user.uid, gate(req)));
  });

  router.get('/profile/creatorCodeData', requireUser, async (req, res) => {
    res.json(await creatorCodeData(req.user.uid, clock.now()));
  });

  return router;
}
