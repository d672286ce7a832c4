import Cookies from 'js-cookie';
import {
  DEFAULT_LOCALE,
  LOCALES,
  PREFIXED_LOCALES,
  currencyForLocale,
  isLocale,
  type Locale,
} from '@versus/domain/platform/constants';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from './timings';

/** Splits '/fi-FI/battles' into fi-FI and '/battles'; unprefixed paths are en-GB. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (first && PREFIXED_LOCALES.includes(first as Locale)) {
    return { locale: first as Locale, path: `/${rest.join('/')}` };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

/**
 * The address without the default locale's prefix, for one that names it ('/en-GB/battles' →
 * '/battles'): en-GB has no prefix, but the other languages' addresses start with their tags
 * (/en-US, /fi-FI), so someone who swaps the tag by hand writes it. Hosting answers such an address
 * with a 301 (firebase.json's redirects); this covers the dev server. Undefined for every other
 * address.
 */
export function droppedDefaultPrefix(pathname: string): string | undefined {
  const prefix = `/${DEFAULT_LOCALE}`;
  if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return undefined;
  // Extra slashes dropped too: '/en-GB//x' is '/x', never '//x'.
  return pathname.slice(prefix.length).replace(/^\/+/, '/') || '/';
}

/**
 * A language's bare tag typed by hand ('/fi/battles' → '/fi-FI/battles'), for a language with one
 * locale here (Finnish; English has two): Hosting answers with a 301 (firebase.json's redirects); this
 * covers the dev server. Undefined for every other address.
 */
export function languageTagMoved(pathname: string): string | undefined {
  const [, first, ...rest] = pathname.split('/');
  const locale = PREFIXED_LOCALES.find(
    (candidate) =>
      candidate.split('-')[0] === first && LOCALES.filter((other) => other.split('-')[0] === first).length === 1,
  );
  return locale ? `/${locale}${rest.length > 0 ? `/${rest.join('/')}`.replace(/^\/+/, '/') : ''}` : undefined;
}

/**
 * The locale a language tag from outside names: Firebase Auth's e-mail links carry the language
 * they were written in (`lang=fi`), which a bare address would otherwise lose (a Finnish sign-up's
 * link opened in English; record 183). A tag's exact locale, else its language's only one here
 * (English has two: a bare `en` names none, and the address stays as it is).
 */
export function localeOfTag(tag: string | null): Locale | undefined {
  if (!tag) return undefined;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const language = tag.split('-')[0]!.toLowerCase();
  const matching = LOCALES.filter((locale) => locale.split('-')[0] === language);
  return matching.length === 1 ? matching[0] : undefined;
}

export function localizePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

const savedLocale = (): Locale | undefined => {
  const value = Cookies.get(LOCALE_COOKIE);
  return isLocale(value) ? value : undefined;
};

/**
 * Where an address without a language tag moves: the same page in the visitor's saved language,
 * when it is not the default ('/tournaments/x' → '/en-US/tournaments/x'). A link from a calendar
 * file, an e-mail or a bookmark names no language, and a player who chose one keeps it (record
 * 123). An address that names its language stays: the choice is the address's, and the cookie is
 * not read.
 */
export const localeToMoveTo = (pathname: string): Locale | undefined => {
  if (splitLocale(pathname).locale !== DEFAULT_LOCALE || droppedDefaultPrefix(pathname) !== undefined) return undefined;
  const saved = savedLocale();
  return saved === DEFAULT_LOCALE ? undefined : saved;
};

/**
 * The language a player's alerts off the site follow: the one they chose (the switcher's cookie),
 * else the one the page's address names. An unprefixed page with no choice saved says nothing, so
 * a Finnish player who signs in from a bare /login keeps their Finnish e-mails.
 */
export const chosenLocale = (pageLocale: Locale): Locale | undefined =>
  savedLocale() ?? (pageLocale === DEFAULT_LOCALE ? undefined : pageLocale);

export const saveLocale = (locale: Locale) =>
  Cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, sameSite: 'lax', path: '/' });

/**
 * One formatter per locale and options: making an Intl.NumberFormat costs far more than using one
 * (a landing's live figures format on every update; issue #24, main-thread time).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  cached(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

/**
 * The locale's first day of the week, 0 = Sunday … 6 = Saturday: Sunday in en-US, Monday in en-GB
 * and fi-FI. From Intl's week info (`getWeekInfo()`, or the older `weekInfo`); Monday without it.
 */
export function firstDayOfWeek(locale: string): number {
  try {
    const intl = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    return ((intl.getWeekInfo?.() ?? intl.weekInfo)?.firstDay ?? 1) % 7;
  } catch {
    return 1;
  }
}

/** The app's date-and-time formats, each one formatter per locale. */
export const mediumDateTime = (locale: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
export const fullDateTime = (locale: string) => dateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' });

/** Resolves in a later task: what follows runs after the browser has had its turn. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The first formatter of a locale loads its data (Chromium, 4× slowdown: 45–60 ms, a long task on
 * its own when a page's first figures or dates render with it). Made ahead, one per task, while
 * the app hydrates and waits for its data.
 */
export function warmFormatters(locale: string) {
  const formatters = [() => numberFormat(locale), () => mediumDateTime(locale), () => fullDateTime(locale)];
  for (const make of formatters) setTimeout(make, 0);
}

/** Intl locale for numbers: Finnish style for euros outside en-US (SPEC §9). */
export const formatCoins = (locale: Locale, value: number) => numberFormat(locale).format(value);

/** A change or a difference with its sign, a true minus as the headers write it: +1,200, 0, −30. */
export const formatSigned = (locale: Locale, value: number) =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatCoins(locale, Math.abs(value))}`;

export const formatPrice = (locale: Locale, amount: number) =>
  numberFormat(locale === 'en-US' ? 'en-US' : 'fi-FI', {
    style: 'currency',
    currency: currencyForLocale(locale),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);

/** A price stored in cents (products keep `prices: {USD: 129, EUR: 119}`), in the given currency. */
export const formatCents = (locale: Locale, cents: number, currency: 'USD' | 'EUR') =>
  numberFormat(locale === 'en-US' ? 'en-US' : 'fi-FI', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
