import { Router } from 'express';
import * as yup from 'yup';
import { sweepBattles } from '../battles/sweeper';
import type { PaymentProvider } from '../payments/provider';
import type { Clock } from '../platform/clock';
import { sweepPayouts } from '../wallet/sweeper';
import { notFound } from './http-error';
import { parseBody } from './validate';

const ids = yup.array(yup.string().required().max(128)).max(100);
const sweepSchema = yup.object({ now: yup.number().strict().integer().positive(), challenges: ids, battles: ids }).noUnknown(true);

/** Runs every sweeper once: Cloud Scheduler's job in production (index.ts), this route under the emulator. */
export async function sweepAll(now: number, clock: Clock, provider: () => PaymentProvider, scope: { challenges?: string[]; battles?: string[] } = {}) {
  const scoped = scope.challenges !== undefined || scope.battles !== undefined;
  const battles = await sweepBattles(now, scope);
  // A scoped sweep is a test's own; payouts are swept only by the real timer.
  const payoutsSettled = scoped ? 0 : await sweepPayouts(provider(), clock);
  return { ...battles, payoutsSettled };
}

/**
 * POST /internal/sweep {now?, challenges?, battles?}: only under the emulator (scheduled functions
 * do not fire there, DESIGN §3). The dev launcher calls it every 30 s; tests pass a `now` and the
 * ids they own, so moving time in one test cannot touch another's battles.
 */
export function internalRoutes(clock: Clock, provider: () => PaymentProvider): Router {
  const router = Router();
  router.post('/internal/sweep', async (req, res) => {
    if (process.env.FUNCTIONS_EMULATOR !== 'true') throw notFound('That endpoint');
    const { now, challenges, battles } = await parseBody(sweepSchema, req.body);
    res.json(await sweepAll(now ?? clock.now(), clock, provider, { challenges, battles }));
  });
  return router;
}
