import express from 'express';
import type { Clock } from './platform/clock';
import { isLocalPlatform } from './platform/firebase';
import { battlesRoutes } from './battles/routes';
import { creatorsRoutes } from './creators/routes';
import { notificationsRoutes } from './notifications/routes';
import { usersRoutes } from './users/routes';
import { reliabilityRoutes } from './users/reliability';
import { calendarRoutes } from './tournaments/calendar-routes';
import { alertOffRoute, alertsRoutes } from './alerts/routes';
import { discordRoutes } from './tournaments/discord-routes';
import { uploadsRoutes } from './uploads/routes';
import { walletRoutes } from './wallet/routes';
import { battleAdminRoutes } from './battles/admin-routes';
import { campaignRoutes } from './campaigns/routes';
import { prizeCapRoutes } from './tournaments/prize-caps';
import { sweepRoutes } from './sweeper/routes';
import { roomsRoutes } from './rooms/routes';
import { socialRoutes } from './social/routes';
import { tournamentsRoutes } from './tournaments/routes';
import { paymentProvider } from './platform/payment-provider';
import { jsonBody } from './api/body';
import { errorHandler, notFoundHandler } from './api/error-handler';
import { API_TIMEOUT_SECONDS, requestDeadline } from './api/deadline';
import { requireAppCheck } from './api/app-check';
import { tournamentPageRoutes } from './tournaments/page-routes';
import { servedPageRoutes } from './pages/served-pages';

/**
 * The composition root: every feature's routes on the kernel (api/: body parser, errors,
 * authentication). It sits above the features, beside index.ts, so api/ imports no feature.
 */
export function createApp(clock: Clock, { deadlineMs = (API_TIMEOUT_SECONDS - 5) * 1000 } = {}) {
  const app = express();
  app.disable('x-powered-by');
  // The caller's address (rate limits per address) is X-Forwarded-For's entry before the proxies
  // we trust: in production Firebase Hosting's CDN and Google's front end (TRUST_PROXY_HOPS, 2 by
  // default there); locally none, the socket's own.
  app.set('trust proxy', Number(process.env.TRUST_PROXY_HOPS ?? (isLocalPlatform() ? 0 : 2)));
  app.use(requestDeadline(deadlineMs));
  app.use(requireAppCheck);
  // An alert's off link takes a mail client's one-click form body (RFC 8058), which it does not read.
  app.post(['/alerts/off', '/api/alerts/off'], ...alertOffRoute());
  app.use(jsonBody);

  const router = express.Router();
  router.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  router.use(usersRoutes(clock));
  router.use(notificationsRoutes());
  router.use(creatorsRoutes(clock));
  router.use(walletRoutes(clock, paymentProvider));
  router.use(battlesRoutes(clock));
  router.use(tournamentsRoutes(clock));
  router.use(socialRoutes(clock));
  router.use(roomsRoutes(clock));
  router.use(uploadsRoutes());
  router.use(battleAdminRoutes(clock));
  router.use(reliabilityRoutes(clock));
  router.use(calendarRoutes());
  router.use(alertsRoutes(clock));
  router.use(discordRoutes(clock));
  router.use(campaignRoutes(clock));
  router.use(prizeCapRoutes(clock));
  router.use(sweepRoutes(clock, paymentProvider));

  // Pages Hosting rewrites here (a tournament's with its Open Graph tags; a profile, the leaderboards
  // and an embed with their content), then the API.
  app.use(tournamentPageRoutes());
  app.use(servedPageRoutes());
  // Hosting rewrites keep the /api prefix; the emulator URL and the dev proxy do not.
  app.use('/api', router);
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
