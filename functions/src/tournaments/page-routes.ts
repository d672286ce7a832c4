import express, { type Request, type Response } from 'express';
import { logger } from 'firebase-functions';
import { DEFAULT_LOCALE } from '@versus/domain/platform/constants';
import { isDocumentId } from '@versus/domain/platform/ids';
import { browseFilters, firstBrowsePage } from '@versus/domain/tournaments/browse';
import { searchTournamentsSchema } from '@versus/domain/tournaments/schemas';
import { shownCoverUrl } from '@versus/domain/tournaments/tournament';
import { HttpError } from '../errors/http-error';
import { parseQuery } from '../api/validate';
import { escapeHtml, isPrefixed, shell, siteOrigin } from '../platform/page-shells';
import { tournamentsCollection } from './refs';
import { rateLimit } from '../api/rate-limit';
import { searchTournaments } from './search';

const DESCRIPTION_MAX = 200;
const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=300';
/** /tournaments lists what is open now: the CDN keeps it a minute (the app's own search is never cached). */
const BROWSE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';
/** The browse shell's skeleton cards (web: TournamentCardsSkeleton) whose covers the HTML paints; the first two are preloaded, as the app's first-screen cards are fetched first. */
const BROWSE_PAINTED_COVERS = 4;
const BROWSE_PRELOADED_COVERS = 2;

/**
 * An address inside a double-quoted CSS url() in a <style>: a parsed URL's serialization already
 * percent-encodes quotes, angle brackets, spaces and line breaks; a backslash would still escape.
 */
export const cssUrl = (address: string) => {
  const url = new URL(address, 'https://site.invalid');
  const serialized = url.origin === 'https://site.invalid' ? `${url.pathname}${url.search}` : url.href;
  return serialized.replace(/\\/g, '%5C').replace(/[<>"']/g, (char) => encodeURIComponent(char));
};

/** The cover's focal point (SPEC §3 image metadata) as a CSS position; the middle without one. */
export const focus = (cover: { x?: unknown; y?: unknown } | null | undefined) => {
  const percent = (value: unknown) => (typeof value === 'number' && value >= 0 && value <= 100 ? value : 50);
  return `${percent(cover?.x)}% ${percent(cover?.y)}%`;
};

const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DESCRIPTION_MAX ? flat : `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…`;
};

/**
 * The shell's head with the tournament's title, its description when it has one (else the shell's
 * own stays), and its image and address. Replacements are functions: a name is never read as a
 * replacement pattern (`$&`, `$'`).
 */
function withHead(
  html: string,
  tags: { title: string; description: string; image: string; url: string; cover: string; focus: string },
): string {
  const title = escapeHtml(tags.title);
  const description = escapeHtml(tags.description);
  const setMeta = (source: string, attribute: string, name: string, value: string) =>
    source.replace(
      new RegExp(`<meta ${attribute}="${name}" content="[^"]*" />`),
      () => `<meta ${attribute}="${name}" content="${value}" />`,
    );
  let head = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  head = setMeta(head, 'property', 'og:title', title);
  if (description) {
    head = setMeta(head, 'name', 'description', description);
    head = setMeta(head, 'property', 'og:description', description);
  }
  const extra = [
    // The header's cover is the page's largest element: fetched with the HTML, not after the app.
    `<link rel="preload" as="image" href="${escapeHtml(tags.cover)}" fetchpriority="high" />`,
    `<meta property="og:image" content="${escapeHtml(tags.image)}" />`,
    `<meta property="og:url" content="${escapeHtml(tags.url)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    // The shell's grey cover block shows the cover itself, where the app's header will put it, so
    // the visitor sees the tournament's picture with the HTML (issue #24, LCP). Only the head is
    // touched: the block the app hydrates stays as it was rendered.
    `<style>.skeleton-tournament .skeleton-cover{background:url("${cssUrl(tags.cover)}") ${tags.focus}/cover no-repeat;animation:none}</style>`,
  ].join('\n    ');
  return head.replace('</head>', () => `  ${extra}\n  </head>`);
}

/**
 * A tournament's page as Hosting serves it (firebase.json rewrites /tournaments/{id}/… here): the
 * prerendered shell of the page's language with the tournament's title, description and cover as
 * Open Graph tags, for crawlers and chat-app link previews that never run the app (issue #24).
 * One document read; the answer is cached by the CDN for five minutes. An unknown id gets the
 * shell as it is (the app shows its not-found text) with a 404.
 */
async function tournamentPage(req: Request, res: Response, params: { locale?: string; id: string }) {
  const locale = params.locale !== undefined && isPrefixed(params.locale) ? params.locale : DEFAULT_LOCALE;
  const origin = siteOrigin(req);
  const html = await shell(origin, locale, 'tournament');
  const { id } = params;
  const tournament = isDocumentId(id) ? (await tournamentsCollection().doc(id).get()).data() : undefined;
  res.set('Content-Type', 'text/html; charset=utf-8');
  res.set('Cache-Control', PAGE_CACHE_CONTROL);
  if (!tournament) {
    res.status(404).send(html);
    return;
  }
  const cover = tournament.coverImage?.downloadUrl ?? `/covers/${tournament.coverPlaceholder ?? tournament.game}.png`;
  const page = withHead(html, {
    title: `${tournament.name} — Versus`,
    description: shorten(tournament.description),
    image: new URL(cover, origin).href,
    cover: shownCoverUrl(tournament.coverImage, tournament.game),
    focus: focus(tournament.coverImage),
    url: `${origin}${req.path}`,
  });
  res.status(200).send(page);
}

/**
 * The browse shell's head for the page's own address: the first page of results the app will ask
 * for, preloaded (the same address, so the app's request takes this answer), and the covers of its
 * first cards painted in the skeleton's cards, where the app's cards will put them (issue #24, LCP:
 * a card's cover is the largest thing on a phone's first screen).
 */
export function withBrowseHead(html: string, address: string, covers: { url: string; focus: string }[]): string {
  const extra = [
    `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(address)}" />`,
    ...covers
      .slice(0, BROWSE_PRELOADED_COVERS)
      .map(({ url }) => `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`),
  ];
  if (covers.length > 0) {
    const rules = covers.map(
      (cover, index) =>
        `.skeleton-cards-served>.skeleton-card:nth-child(${index + 1}) .skeleton-cover{background:url("${cssUrl(cover.url)}") ${cover.focus}/cover no-repeat;animation:none}`,
    );
    extra.push(`<style>${rules.join('')}</style>`);
  }
  return html.replace('</head>', () => `  ${extra.join('\n    ')}\n  </head>`);
}

/**
 * /tournaments as Hosting serves it (firebase.json rewrites it here): the prerendered browse shell,
 * whose head preloads the first page of the address's own filters and paints its first covers.
 * Its first results are read here as the app reads them (GET /searchTournaments); when the address's
 * filters are not valid, or the read fails, the shell goes as it is and the app says why.
 */
async function browsePage(req: Request, res: Response, params: { locale?: string }) {
  const locale = params.locale !== undefined && isPrefixed(params.locale) ? params.locale : DEFAULT_LOCALE;
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
  const address = firstBrowsePage(browseFilters(new URLSearchParams(search)));
  const firstCovers = async () => {
    try {
      const query = Object.fromEntries(new URL(address, 'https://site.invalid').searchParams);
      const answer = await searchTournaments(await parseQuery(searchTournamentsSchema, query));
      return answer.hits.slice(0, BROWSE_PAINTED_COVERS).map(({ _source }) => ({
        url: shownCoverUrl(_source.coverImage, _source.game),
        focus: focus(_source.coverImage),
      }));
    } catch (error) {
      // A refused filter is the app's to explain (its own search gets the same answer); anything else is logged.
      if (!(error instanceof HttpError))
        logger.warn('the browse page is served without its covers', { address, error });
      return [];
    }
  };
  // The shell and the results are read side by side.
  const [html, covers] = await Promise.all([shell(siteOrigin(req), locale, 'tournaments'), firstCovers()]);
  res.set('Content-Type', 'text/html; charset=utf-8');
  res.set('Cache-Control', BROWSE_CACHE_CONTROL);
  res.status(200).send(withBrowseHead(html, address, covers));
}

/** GET page routes, mounted before the API (whose paths never collide: none is a GET under /tournaments/{id}). */
export function tournamentPageRoutes() {
  const router = express.Router();
  const paths = [
    '/tournaments/:id',
    '/tournaments/:id/:tab',
    '/:locale/tournaments/:id',
    '/:locale/tournaments/:id/:tab',
  ];
  // A page read from Firestore on every miss of the CDN (a random id is always one): limited per
  // address like a search (issue #58).
  router.get([...paths, '/tournaments', '/:locale/tournaments'], rateLimit('search'));
  router.get(['/tournaments', '/:locale/tournaments'], (req, res, next) => {
    const params = req.params as { locale?: string };
    if (params.locale !== undefined && !isPrefixed(params.locale)) return next();
    browsePage(req, res, params).catch(next);
  });
  router.get(paths, (req, res, next) => {
    const params = req.params as { locale?: string; id: string };
    if (params.locale !== undefined && !isPrefixed(params.locale)) return next();
    tournamentPage(req, res, params).catch(next);
  });
  return router;
}
