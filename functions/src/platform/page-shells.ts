import type { Request } from 'express';
import { PREFIXED_LOCALES, type Locale } from '@versus/domain/platform/constants';
import { isLocalPlatform } from './firebase';

/**
 * The prerendered shells (web/scripts/prerender.mjs) that the api function's pages start from: a
 * tournament's, /tournaments, a profile's, the leaderboards' and an embed's, in each language.
 */
export type ShellName = 'tournament' | 'tournaments' | 'user' | 'leaderboards' | 'embed';

/** A fetched shell is reused for 10 s (after a deploy its asset names change); the CDN keeps a page 5 minutes and a deploy clears it; browsers revalidate (firebase.json). */
const SHELL_TTL_MS = 10_000;

export const isPrefixed = (value: string): value is Locale => (PREFIXED_LOCALES as readonly string[]).includes(value);

const shells = new Map<string, { html: string; fetchedAt: number }>();

/**
 * Where the prerendered shells are served: SITE_ORIGIN in production (never a request's header, which
 * a direct call to the function could forge); locally the Hosting stand-in that forwarded the call.
 */
export function siteOrigin(req: Request): string {
  const configured = process.env.SITE_ORIGIN;
  if (configured) return configured.replace(/\/$/, '');
  if (!isLocalPlatform()) throw new Error('SITE_ORIGIN is not set');
  return `http://${req.get('x-forwarded-host') ?? req.get('host')}`;
}

export async function shell(origin: string, locale: Locale, name: ShellName): Promise<string> {
  const key = `${origin} ${locale} ${name}`;
  const cached = shells.get(key);
  if (cached && Date.now() - cached.fetchedAt < SHELL_TTL_MS) return cached.html;
  const response = await fetch(`${origin}/_shells/${locale}/${name}.html`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`the ${name} shell answered ${response.status}`);
  const html = await response.text();
  shells.set(key, { html, fetchedAt: Date.now() });
  return html;
}

export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
