import { Router } from 'express';
import { registerSchema } from '@versus/domain/users/register-schema';
import type { Clock } from '../platform/clock';
import { requireUser, type AuthedRequest } from '../api/authenticate';
import { parseBody } from '../api/validate';
import { deactivateAccount, registerAccount, restoreAccount, sendVerificationEmail } from './service';

export function usersRoutes(clock: Clock): Router {
  const router = Router();

  router.post('/auth/register', async (req, res) => {
    const input = await parseBody(registerSchema, req.body);
    res.status(201).json(await registerAccount(input, clock));
  });

  router.post('/profile/resendEmailVerification', requireUser, async (req, res) => {
    const { idToken, user } = req as AuthedRequest;
    await sendVerificationEmail(idToken, user.email_verified === true);
    res.json({ sent: true });
  });

  router.post('/profile/deactivate', requireUser, async (req, res) => {
    res.json(await deactivateAccount((req as AuthedRequest).user.uid, clock));
  });

  router.post('/profile/restore', requireUser, async (req, res) => {
    await restoreAccount((req as AuthedRequest).user.uid, clock);
    res.json({ restored: true });
  });

  return router;
}
