import { Router } from 'express';
import { connectionSchema, isConnectionPlatform } from '@versus/domain/users/connections-schema';
import {
  personalDetailsSchema,
  registerSchema,
  verificationEmailSchema,
  type PersonalDetails,
} from '@versus/domain/users/register-schema';
import { DEFAULT_LOCALE, type Locale } from '@versus/domain/platform/constants';
import { conflict, notFound } from '../errors/http-error';
import type { Clock } from '../platform/clock';
import { activeUserWith, requireRecentSignIn, requireUser } from '../api/authenticate';
import { PUBLIC_SEARCH_CACHE_CONTROL, rateLimit } from '../api/rate-limit';
import { parseBody, parseQuery, validBody } from '../api/validate';
import { searchUsersSchema } from '@versus/domain/users/search-schema';
import { findUsers, suggestUsers } from './search';
import { suggestUsersSchema } from '@versus/domain/battles/schemas';
import { linkConnection, unlinkConnection } from './connections';
import { finishSteamSignIn, startSteamSignIn } from './steam-openid';
import { finishRiotSignIn, startRiotSignIn } from './riot-sign-on';
import { riotFinishSchema } from '@versus/domain/users/riot-sign-on';
import { steamFinishSchema } from '@versus/domain/users/steam-openid';
import { signInStartSchema } from '@versus/domain/users/sign-in-schemas';
import { readDataExport, requestDataExport } from './data-export';
import { sendVerificationEmail } from './verification-email';
import {
  DISPLAY_NAME_TAKEN,
  deactivateAccount,
  registerAccount,
  restoreAccount,
  syncEmail,
  updatePersonalDetails,
} from './service';
import { isReservedName } from './reserved-names';

export function usersRoutes(clock: Clock): Router {
  const router = Router();

  router.post('/auth/register', rateLimit('register'), async (req, res) => {
    const input = await parseBody(registerSchema, req.body);
    if (isReservedName(input.displayName)) throw conflict(DISPLAY_NAME_TAKEN, 'display-name-taken');
    res.status(201).json(await registerAccount(input, clock.now()));
  });

  router.post(
    '/profile/resendEmailVerification',
    requireUser,
    validBody(verificationEmailSchema),
    rateLimit('email'),
    async (req, res) => {
      const { idToken, user } = req;
      const { locale } = req.body as { locale?: Locale };
      await sendVerificationEmail(idToken, user.email_verified === true, locale ?? DEFAULT_LOCALE);
      res.json({ sent: true });
    },
  );

  router.post('/profile/syncEmail', requireUser, async (req, res) => {
    res.json(await syncEmail(req.user.uid));
  });

  /** The names and country given at registration, changed (record 119): the body first, then one read. */
  router.put('/profile/personalDetails', requireUser, validBody(personalDetailsSchema), async (req, res) => {
    res.json(await updatePersonalDetails(req.user.uid, req.body as PersonalDetails));
  });

  router.post('/profile/deactivate', requireUser, requireRecentSignIn(clock), async (req, res) => {
    res.json(await deactivateAccount(req.user.uid, clock.now()));
  });

  router.post('/profile/restore', requireUser, async (req, res) => {
    await restoreAccount(req.user.uid, clock.now());
    res.json({ restored: true });
  });

  /** "Download my data" (issue #58): asks for the archive; the sweeper prepares it. */
  router.post('/profile/dataExport', requireUser, rateLimit('export'), async (req, res) => {
    res.status(202).json(await requestDataExport(req.user.uid, clock.now()));
  });

  /** The archive, by the link in data_exports/{uid} (a capability: no sign-in, so it opens from an e-mail). */
  router.get('/dataExports/:uid/:token', rateLimit('export'), async (req, res) => {
    const { data, readyAt } = await readDataExport(String(req.params.uid), String(req.params.token), clock.now());
    const day = new Date(readyAt).toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="versus-data-${day}.zip"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(data);
  });

  /** Steam is linked by signing in to it (issue #58): where to send the browser, then its answer. */
  router.post(
    '/profile/connections/steam/start',
    ...activeUserWith(signInStartSchema, rateLimit('link')),
    async (req, res) => {
      const { returnTo } = await parseBody(signInStartSchema, req.body);
      res.json(await startSteamSignIn(req.user.uid, returnTo, clock.now()));
    },
  );
  router.post(
    '/profile/connections/steam/openid',
    ...activeUserWith(steamFinishSchema, rateLimit('link')),
    async (req, res) => {
      const { state, assertion } = await parseBody(steamFinishSchema, req.body);
      res.json(await finishSteamSignIn(req.user.uid, state, assertion as Record<string, string>, clock.now()));
    },
  );

  /** A Riot ID is verified by Riot Sign On (issue #58): where to send the browser, then Riot's code. */
  router.post(
    '/profile/connections/riot/start',
    ...activeUserWith(signInStartSchema, rateLimit('link')),
    async (req, res) => {
      const { returnTo } = await parseBody(signInStartSchema, req.body);
      res.json(await startRiotSignIn(req.user.uid, returnTo, clock.now()));
    },
  );
  router.post(
    '/profile/connections/riot/oauth',
    ...activeUserWith(riotFinishSchema, rateLimit('link')),
    async (req, res) => {
      const { state, code, error } = await parseBody(riotFinishSchema, req.body);
      res.json(await finishRiotSignIn(req.user.uid, state, code, error, clock.now()));
    },
  );

  /** Third-party game accounts shown on the public profile (SPEC §2 connections). */
  const connectionPlatform = (req: { params: Record<string, unknown> }) => {
    const platform = String(req.params.platform);
    if (!isConnectionPlatform(platform)) throw notFound('That connection');
    return platform;
  };
  router.put(
    '/profile/connections/:platform',
    ...activeUserWith((req) => connectionSchema(connectionPlatform(req))),
    async (req, res) => {
      const platform = connectionPlatform(req);
      const { value } = await parseBody(connectionSchema(platform), req.body);
      res.json(await linkConnection(req.user.uid, platform, String(value)));
    },
  );

  router.delete('/profile/connections/:platform', requireUser, async (req, res) => {
    const platform = String(req.params.platform);
    if (!isConnectionPlatform(platform)) throw notFound('That connection');
    res.json(await unlinkConnection(req.user.uid, platform));
  });

  /** GET /suggestUsers (SPEC §7): the challenge form's and party invites' type-ahead. */
  router.get('/suggestUsers', requireUser, rateLimit('search'), async (req, res) => {
    const { displayName } = await parseBody(suggestUsersSchema, req.query);
    res.json(await suggestUsers(req.user.uid, displayName));
  });

  /** GET /searchUsers (SPEC §7): by name a page at a time with the total, or random with no name. */
  router.get('/searchUsers', rateLimit('search'), async (req, res) => {
    const found = await findUsers(await parseQuery(searchUsersSchema, req.query));
    res.set('Cache-Control', PUBLIC_SEARCH_CACHE_CONTROL).json(found);
  });

  return router;
}
