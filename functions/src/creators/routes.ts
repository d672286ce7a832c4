import { Router } from 'express';
import { normalizeCreatorCode, supportCreatorSchema } from '@versus/domain/creators/support-schema';
import { requireUser, type AuthedRequest } from '../api/authenticate';
import { HttpError } from '../api/http-error';
import { parseBody } from '../api/validate';
import { db } from '../platform/firebase';
import { accountRef } from '../users/refs';

export const CREATOR_CODE_NOT_ACTIVE = 'This creator code is not active';

export function creatorsRoutes(): Router {
  const router = Router();

  router.put('/profile/supportCreatorWithCode', requireUser, async (req, res) => {
    const { uid } = (req as AuthedRequest).user;
    const code = normalizeCreatorCode((await parseBody(supportCreatorSchema, req.body)).creatorCode);
    const creators = await db.collection('users').where('creatorCode', '==', code).where('deactivated', '==', false).limit(1).get();
    const creator = creators.docs[0];
    if (!creator) throw new HttpError(404, CREATOR_CODE_NOT_ACTIVE, 'not-found');
    if (creator.id === uid) throw new HttpError(400, 'You cannot support your own creator code.', 'invalid-input');
    await accountRef(uid).update({ supportingCreatorCode: code });
    res.json({ creatorCode: code, creator: { uid: creator.id, displayName: creator.get('displayName') as string } });
  });

  return router;
}
