import { Router } from 'express';
import { supportCreatorSchema } from '@versus/domain/creators/support-schema';
import { requireActiveUser, requireUser, type AuthedRequest } from '../api/authenticate';
import { parseBody } from '../api/validate';
import { creatorCodeData, supportCreator } from './service';

export function creatorsRoutes(): Router {
  const router = Router();

  router.put('/profile/supportCreatorWithCode', requireActiveUser, async (req, res) => {
    const { creatorCode } = await parseBody(supportCreatorSchema, req.body);
    res.json(await supportCreator((req as AuthedRequest).user.uid, creatorCode));
  });

  router.get('/profile/creatorCodeData', requireUser, async (req, res) => {
    res.json(await creatorCodeData((req as AuthedRequest).user.uid));
  });

  return router;
}
