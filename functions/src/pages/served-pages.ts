import express, { type Request, type Response } from 'express';
import { DEFAULT_LOCALE, type Locale } from '@versus/domain/platform/constants';
import { isDocumentId } from '@versus/domain/platform/ids';
import { HISTORY_PAGE_SIZE } from '@versus/domain/users/history';
import {
  DEFAULT_LEADERBOARD,
  LEADERBOARD_IDS,
  LEADERBOARD_SIZE,
  LEADERBOARDS,
  statsMonth,
  type Leaderboard,
} from '@versus/domain/users/statistics';
import { FieldPath, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { rateLimit } from '../api/rate-limit';
import { profileRef, profilesCollection } from '../platform/collections';
import { matchesCollection, tournamentRef } from '../tournaments/refs';
import {
  historyCollection,
  monthlyPlayersCollection,
  playerStatisticsCollection,
  playerStatisticsRef,
} from '../users/statistics';
import { isPrefixed, shell, siteOrigin, type ShellName } from '../platform/page-shells';
import { FOLLOW_PAGE_SIZE, liveKeys } from '@versus/domain/platform/served-data';
import { renderPage, servedHtml, type ServedData } from './render';

/**
 * A profile, the leaderboards and a tournament's embed as Hosting serves them (firebase.json
 * rewrites them here; issue #58): the page rendered by the web app's own server entry with the data
 * its live reads would have, read here as a visitor may read it (every read below is public in
 * firestore.rules), and that data in the HTML for the app to hydrate with. The visitor sees the
 * content with the HTML instead of a skeleton until the app and Firestore's SDK have come. A CDN keeps
 * each page a minute, so a flood of one address reaches Firestore once a minute; the reads of one page
 * go side by side (one call in a row; the leaderboards two: the board, then its players).
 */
const SERVED_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';
/** Firestore's `in` takes 30 values: the leaderboards' players are read 30 at a time, as the app reads them. */
const IN_LIMIT = 30;

type Item = { id: string } & Record<string, unknown>;
const items = (snapshot: { docs: { id: string; data: () => unknown }[] }): Item[] =>
  snapshot.docs.map((item) => ({ ...(item.data() as Record<string, unknown>), id: item.id }));
const document = (snapshot: DocumentSnapshot) =>
  snapshot.exists ? { id: snapshot.id, data: snapshot.data() as unknown } : null;
const localeOf = (params: { locale?: string }): Locale =>
  params.locale !== undefined && isPrefixed(params.locale) ? params.locale : DEFAULT_LOCALE;

/** The page's HTML: its shell, its content rendered with `served`, and `served` itself. */
async function send(
  req: Request,
  res: Response,
  page: { locale: Locale; shell: ShellName; served: ServedData; found: boolean; title?: string },
) {
  const template = await shell(siteOrigin(req), page.locale, page.shell);
  const body = await renderPage(req.originalUrl, page.locale, page.served);
  res.set('Content-Type', 'text/html; charset=utf-8');
  res.set('Cache-Control', SERVED_CACHE_CONTROL);
  res.status(page.found ? 200 : 404).send(servedHtml(template, body, page.served, page.title));
}

/** An id that cannot be a document: the app's "not found" with a 404, read from nothing. */
const notFoundPage = (req: Request, res: Response, locale: Locale, shell: ShellName, at: number) =>
  send(req, res, { locale, shell, served: { at, documents: {}, queries: {} }, found: false });

/** /user/{uid}: the profile, its statistics, the first page of its history and its two follow lists. */
async function profilePage(req: Request, res: Response, params: { locale?: string; uid: string }) {
  const locale = localeOf(params);
  const { uid } = params;
  const at = Date.now();
  if (!isDocumentId(uid)) return notFoundPage(req, res, locale, 'user', at);
  const following = (list: 'followers' | 'following') =>
    // As the app asks: one more than it shows, which says there is more.
    profileRef(uid)
      .collection(list)
      .orderBy('createdAt', 'desc')
      .limit(FOLLOW_PAGE_SIZE + 1)
      .get();
  const [profile, statistics, history, followers, follows] = await Promise.all([
    profileRef(uid).get(),
    playerStatisticsRef(uid).get(),
    // The app's history asks for one line more than it shows: that line says there is more.
    historyCollection(uid)
      .orderBy('at', 'desc')
      .limit(HISTORY_PAGE_SIZE + 1)
      .get(),
    following('followers'),
    following('following'),
  ]);
  const shown = profile.exists && profile.data()?.deactivated !== true;
  await send(req, res, {
    locale,
    shell: 'user',
    found: shown,
    title: shown ? profile.data()?.displayName : undefined,
    served: {
      at,
      documents: { [profile.ref.path]: document(profile), [statistics.ref.path]: document(statistics) },
      queries: {
        [liveKeys.grown(liveKeys.history(uid), HISTORY_PAGE_SIZE)]: items(history),
        [liveKeys.grown(liveKeys.follows(uid, 'followers'), FOLLOW_PAGE_SIZE)]: items(followers),
        [liveKeys.grown(liveKeys.follows(uid, 'following'), FOLLOW_PAGE_SIZE)]: items(follows),
      },
    },
  });
}

/** /leaderboards: the board and period of the address (the app's defaults otherwise) and its players. */
async function leaderboardsPage(req: Request, res: Response, params: { locale?: string }) {
  const locale = localeOf(params);
  const at = Date.now();
  const asked = typeof req.query.board === 'string' ? req.query.board : '';
  const board = (LEADERBOARD_IDS as string[]).includes(asked) ? (asked as Leaderboard) : DEFAULT_LEADERBOARD;
  const period = req.query.period === 'this-month' ? 'this-month' : 'all-time';
  const month = statsMonth(at);
  const field = LEADERBOARDS[board];
  const collection: Query = period === 'all-time' ? playerStatisticsCollection() : monthlyPlayersCollection(month);
  const entries = items(await collection.where(field, '>', 0).orderBy(field, 'desc').limit(LEADERBOARD_SIZE).get());
  const uids = entries.map((entry) => entry.id);
  const chunks = Array.from({ length: Math.ceil(uids.length / IN_LIMIT) }, (_, index) =>
    uids.slice(index * IN_LIMIT, index * IN_LIMIT + IN_LIMIT),
  );
  const players = await Promise.all(
    chunks.map((chunk) => profilesCollection().where(FieldPath.documentId(), 'in', chunk).get()),
  );
  await send(req, res, {
    locale,
    shell: 'leaderboards',
    found: true,
    served: {
      at,
      documents: {},
      queries: {
        [liveKeys.leaderboard(board, period, month)]: entries,
        ...(uids.length > 0 ? { [liveKeys.players(uids)]: players.flatMap(items) } : {}),
      },
    },
  });
}

/** /embed/tournaments/{id}: the tournament and its matches, the bracket an iframe shows. */
async function embedPage(req: Request, res: Response, params: { locale?: string; id: string }) {
  const locale = localeOf(params);
  const { id } = params;
  const at = Date.now();
  if (!isDocumentId(id)) return notFoundPage(req, res, locale, 'embed', at);
  const [tournament, matches] = await Promise.all([
    tournamentRef(id).get(),
    matchesCollection(id).orderBy('round').orderBy('number').get(),
  ]);
  await send(req, res, {
    locale,
    shell: 'embed',
    found: tournament.exists,
    title: tournament.data()?.name,
    served: {
      at,
      documents: { [tournament.ref.path]: document(tournament) },
      queries: { [liveKeys.matches(id)]: items(matches) },
    },
  });
}

type Handler<P> = (req: Request, res: Response, params: P) => Promise<void>;
/** A page's route under its paths and their language prefixes; an unknown prefix is not ours. */
function page<P extends { locale?: string }>(router: express.Router, path: string, handler: Handler<P>) {
  const paths = [path, `/:locale${path}`];
  // A page read from Firestore on every miss of the CDN (a random id is always one): limited per
  // address like a search (issue #58).
  router.get(paths, rateLimit('search'), (req, res, next) => {
    const params = req.params as P;
    if (params.locale !== undefined && !isPrefixed(params.locale)) return next();
    handler(req, res, params).catch(next);
  });
}

/** GET page routes, mounted before the API (whose paths never collide: none is a GET of these). */
export function servedPageRoutes() {
  const router = express.Router();
  page(router, '/user/:uid', profilePage);
  page(router, '/leaderboards', leaderboardsPage);
  page(router, '/embed/tournaments/:id', embedPage);
  return router;
}
