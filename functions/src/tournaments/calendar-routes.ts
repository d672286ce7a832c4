import { Router, type Response } from 'express';
import { isLocale } from '@versus/domain/platform/constants';
import type { TournamentMatch } from '@versus/domain/tournaments/play';
import { playsMatches, entrantOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { requireActiveAccount, requireUser } from '../api/authenticate';
import { rateLimit } from '../api/rate-limit';
import { notFound } from '../errors/http-error';
import { accountRef } from '../platform/collections';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';
import { siteOrigin } from '../platform/page-shells';
import { matchesCollection, tournamentRef, tournamentsCollection } from './refs';
import { feedToken, readFeedToken } from './calendar-token';
import { addMatch, addTournament, newCalendar } from './calendar-ics';

/**
 * Calendars (issue #60): a tournament's "Add to calendar" file, and each player's private feed of
 * their tournaments and ready matches, whose URL they can renew or turn off in Settings.
 */

function sendCalendar(res: Response, calendar: ReturnType<typeof newCalendar>, filename: string, cache: string) {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', cache);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.send(calendar.toString());
}

/** A feed's tournaments still to come or in play, each of joined and hosted, soonest first. */
const FEED_TOURNAMENTS_MAX = 50;

export function calendarRoutes(): Router {
  const router = Router();

  router.get('/calendar/tournaments/:id', rateLimit('calendar'), async (req, res) => {
    const id = documentId(String(req.params.id).replace(/\.ics$/, ''), 'That tournament');
    const tournament = (await tournamentRef(id).get()).data();
    if (!tournament) throw notFound('That tournament');
    // The page's language (?lang=fi-FI); another or none is the site's default.
    const calendar = newCalendar(tournament.name);
    addTournament(calendar, tournament, siteOrigin(req), isLocale(req.query.lang) ? req.query.lang : undefined);
    sendCalendar(res, calendar, `versus-${id}.ics`, 'public, max-age=300');
  });

  /** GET /calendar/feeds/{token}.ics: the private feed. A token whose signature fails is refused before any read. */
  router.get('/calendar/feeds/:token', rateLimit('calendar'), async (req, res) => {
    const named = readFeedToken(String(req.params.token).replace(/\.ics$/, ''));
    if (!named) throw notFound('That calendar');
    // The account's version and the player's tournaments side by side (the signature is genuine, so
    // the reads are the player's own; a renewed or stopped link still answers 404).
    const open = (query: FirebaseFirestore.Query<Tournament>) =>
      query.where('archived', '==', false).orderBy('startTime').limit(FEED_TOURNAMENTS_MAX).get();
    const [account, joined, hosted] = await Promise.all([
      accountRef(named.uid).get(),
      open(tournamentsCollection().where('memberUids', 'array-contains', named.uid)),
      open(tournamentsCollection().where('uid', '==', named.uid)),
    ]);
    if ((account.data()?.calendarFeed ?? 0) !== named.version) throw notFound('That calendar');
    const byId = new Map([...joined.docs, ...hosted.docs].map((doc) => [doc.id, doc.data()]));
    const current = [...byId.values()].sort((a, b) => a.startTime - b.startTime);
    const origin = siteOrigin(req);
    // The player's language, as their alerts have it (the web app's language switch sets it).
    const language = account.data()?.alerts?.language;
    const calendar = newCalendar('Versus');
    for (const tournament of current) addTournament(calendar, tournament, origin, language);
    // The player's ready matches, one query per tournament in play, side by side.
    const playing = current.filter(
      (item): item is Tournament =>
        item.state === 'ONGOING' && playsMatches(item.bracket) && !!entrantOf(item, named.uid),
    );
    const matches = await Promise.all(
      playing.map(async (tournament) => {
        const entrant = entrantOf(tournament, named.uid)!.id;
        const found = await matchesCollection(tournament.id)
          .where('participants', 'array-contains', entrant)
          .where('state', '==', 'READY')
          .get();
        return found.docs.map((doc) => ({ tournament, match: { ...doc.data(), id: doc.id } as TournamentMatch }));
      }),
    );
    for (const { tournament, match } of matches.flat()) addMatch(calendar, tournament, match, origin, language);
    sendCalendar(res, calendar, 'versus.ics', 'private, max-age=300');
  });

  /** The player's feed URL, or null while it is off. */
  router.get('/profile/calendarFeed', requireUser, async (req, res) => {
    const version = (await accountRef(req.user.uid).get()).data()?.calendarFeed ?? 0;
    res.json({ url: version > 0 ? feedUrl(siteOrigin(req), req.user.uid, version) : null });
  });

  /** A new URL (the old one, if any, stops working). */
  router.post('/profile/calendarFeed', requireUser, rateLimit('calendar'), requireActiveAccount, async (req, res) => {
    const version = await moveVersion(req.user.uid, true);
    res.json({ url: feedUrl(siteOrigin(req), req.user.uid, version) });
  });

  /** The feed off: every URL it had stops working. */
  router.delete('/profile/calendarFeed', requireUser, async (req, res) => {
    await moveVersion(req.user.uid, false);
    res.json({ url: null });
  });

  return router;
}

const feedUrl = (origin: string, uid: string, version: number) =>
  `${origin}/api/calendar/feeds/${feedToken(uid, version)}.ics`;

/**
 * The account's feed version: a positive one is the live URL's; turning the feed off stores the
 * next one negated, so a later URL never repeats an old one.
 */
async function moveVersion(uid: string, on: boolean): Promise<number> {
  return db.runTransaction(async (tx) => {
    const account = (await tx.get(accountRef(uid))).data();
    if (!account) throw notFound('Your account');
    const next = Math.abs(account.calendarFeed ?? 0) + 1;
    tx.update(accountRef(uid), { calendarFeed: on ? next : -next });
    return next;
  });
}
