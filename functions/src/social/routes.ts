import { Router } from 'express';
import { gate, requireActiveUserBeside, requireUser } from '../api/authenticate';
import type { Clock } from '../platform/clock';
import { follow, unfollow } from './follows';

/** Following (ours: SPEC §5 names the rule, not the path). */
export function socialRoutes(clock: Clock): Router {
  const router = Router();
  router.post('/users/:uid/follow', requireActiveUserBeside, async (req, res) => {
    res.json(await follow(req.user.uid, String(req.params.uid), clock.now(), gate(req)));
  });
  router.post('/users/:uid/unfollow', requireUser, async (req, res) => {
    res.json(await unfollow(req.user.uid, String(req.params.uid), clock.now()));
  });
  return router;
}
