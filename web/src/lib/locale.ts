import Cookies from 'js-cookie';
import {
  DEFAULT_LOCALE,
  LOCALES,
  PREFIXED_LOCALES,
  currencyForLocale,
  type Locale,
} from '@versus/domain/platform/constants';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from './timings';

export const isLocale = (value: string | undefined): value is Locale => LOCALES.includes(value as Locale);

/** Splits '/fi-FI/battles' into fi-FI and '/battles'; unprefixed paths are en-GB. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const [, first, ...rest] = pathname.split('/');
  if (first && PREFIXED_LOCALES.includes(first as Locale)) {
    return { locale: first as Locale, path: `/${rest.join('/')}` };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

export function localizePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (locale === DEFAULT_LOCALE) return clean;
  return clean === '/' ? `/${locale}` : `/${locale}${clean}`;
}

export const savedLocale = (): Locale | undefined => {
  const value = Cookies.get(LOCALE_COOKIE);
  return isLocale(value) ? value : undefined;
};

export const saveLocale = (locale: Locale) =>
  Cookies.set(LOCALE_COOKIE, locale, { expires: LOCALE_COOKIE_DAYS, sameSite: 'lax', path: '/' });

/** Intl locale for numbers: Finnish style for euros outside en-US (SPEC §9). */
export const formatCoins = (locale: Locale, value: number) => new Intl.NumberFormat(locale).format(value);

export const formatPrice = (locale: Locale, amount: number) =>
  new Intl.NumberFormat(locale === 'en-US' ? 'en-US' : 'fi-FI', {
    style: 'currency',
    currency: currencyForLocale(locale),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);

/** A price stored in cents (products keep `prices: {USD: 129, EUR: 119}`), in the given currency. */
export const formatCents = (locale: Locale, cents: number, currency: 'USD' | 'EUR') =>
  new Intl.NumberFormat(locale === 'en-US' ? 'en-US' : 'fi-FI', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
