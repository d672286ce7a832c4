import { Router } from 'express';
import * as yup from 'yup';
import { DAY_MS } from '@versus/domain/platform/constants';
import { sweepBattles } from '../battles/sweeper';
import type { PaymentProvider } from '../platform/payment-provider';
import type { Clock } from '../platform/clock';
import { sweepOrders, sweepPayouts } from '../wallet/sweeper';
import { sweepCreatorEarnings } from '../creators/earnings';
import { sweepTournaments } from '../tournaments/start';
import { sweepAccounts } from '../users/deletion';
import { sweepDataExports } from '../users/data-export';
import { publishPlatformFigures } from '../users/statistics';
import { sweepAlerts } from '../alerts/outbox';
import { sweepStartReminders } from '../tournaments/reminders';
import { badRequest, notFound } from '../errors/http-error';
import { parseBody } from '../api/validate';
import { isLocalPlatform } from '../platform/firebase';

const ids = yup.array(yup.string().required().max(128)).max(100);
const sweepSchema = yup
  .object({
    now: yup.number().strict().integer().positive(),
    all: yup.boolean().strict(),
    challenges: ids,
    battles: ids,
    orders: ids,
    tournaments: ids,
    accounts: ids,
    creators: ids,
    exports: ids,
    alerts: ids,
    figures: yup.boolean().strict(),
    payouts: yup.boolean().strict(),
  })
  .noUnknown(true);

export interface SweepScope {
  /** Everything that is due; otherwise only the ids listed (an omitted list sweeps none). */
  all?: boolean;
  challenges?: string[];
  battles?: string[];
  orders?: string[];
  tournaments?: string[];
  /** uids whose deletion is checked. */
  accounts?: string[];
  /** uids of creators whose pending earnings are settled. */
  creators?: string[];
  /** uids whose data archive is built (when asked for) or removed (past its week). */
  exports?: string[];
  /** outbox ids whose delivery is tried (again), due or not. */
  alerts?: string[];
  /** Publish the platform's figures (statistics/user_statistics); a full sweep always does. */
  figures?: boolean;
  /** Ask PayPal about the payouts it holds and send held ones again; a full sweep always does. */
  payouts?: boolean;
}

/** A test may move time, but not to a moment no real sweep could see. */
const NOW_RANGE_MS = 366 * DAY_MS;

/** Runs the sweepers once: Cloud Scheduler's job in production (index.ts), this route under the emulator. */
export async function sweepAll(now: number, provider: () => PaymentProvider, scope: SweepScope) {
  const battles = await sweepBattles(now, scope);
  const ordersExpired = await sweepOrders(provider(), now, scope.all ? 'all' : (scope.orders ?? []));
  // Payouts are asked about and sent again only by a full sweep; `now` decides when a held one is
  // due again and when it is left for review (a week), so a test moving `now` far moves those too.
  const payoutsSettled = scope.all || scope.payouts ? await sweepPayouts(provider(), now) : 0;
  const tournaments = await sweepTournaments(now, scope);
  const reminders = await sweepStartReminders(now, scope);
  const accounts = await sweepAccounts(now, scope);
  const creatorEarningsSettled = await sweepCreatorEarnings(now, scope.all ? 'all' : (scope.creators ?? []));
  const exports = await sweepDataExports(now, scope);
  // After the rest, so the alerts this sweep's own commits wrote are among those it finds due.
  const alerts = await sweepAlerts(now, scope);
  // Last, so the figures include what this sweep changed (tournaments started, accounts deleted).
  const figuresPublished = scope.all || scope.figures ? Number(await publishPlatformFigures(now)) : 0;
  return {
    ...battles,
    ordersExpired,
    payoutsSettled,
    ...tournaments,
    ...reminders,
    ...accounts,
    creatorEarningsSettled,
    ...exports,
    ...alerts,
    figuresPublished,
  };
}

/**
 * POST /internal/sweep {now?, all?, challenges?, battles?, orders?, tournaments?, accounts?, creators?, exports?, alerts?, figures?, payouts?}: only on the local
 * platform (scheduled functions do not fire there, DESIGN §3). The dev launcher calls it every 30 s with
 * `all: true`; tests pass a `now` and the ids they own, so moving time in one test cannot touch
 * another's battles or orders.
 */
export function sweepRoutes(clock: Clock, provider: () => PaymentProvider): Router {
  const router = Router();
  router.post('/internal/sweep', async (req, res) => {
    if (!isLocalPlatform()) throw notFound('That endpoint');
    // The schema's fields besides `now` are the sweep's scope, as sweepAll takes it.
    const { now, ...scope }: { now?: number } & SweepScope = await parseBody(sweepSchema, req.body);
    const real = clock.now();
    if (now !== undefined && Math.abs(now - real) > NOW_RANGE_MS)
      throw badRequest('`now` must be within a year of the present.', { now: 'validation.type' });
    res.json(await sweepAll(now ?? real, provider, scope));
  });
  return router;
}
