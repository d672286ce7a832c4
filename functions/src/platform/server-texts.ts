import i18next, { type TFunction } from 'i18next';
import { americanTexts } from '@versus/domain/platform/american-english';
import { LOCALES, isLocale, type Locale } from '@versus/domain/platform/constants';

/** The language a text of the server is written in: the player's, or the app's default for none or another. */
export const textLanguage = (language: Locale | undefined): Locale => (isLocale(language) ? language : 'en-GB');

/**
 * What the server writes to people (alerts, calendars, the data archive's README), in their
 * language: i18next over a feature's en-GB and fi-FI catalogues, en-US taking en-GB's in US spelling.
 * Interpolation as the web app's, without HTML escaping (no text here is HTML).
 */
export function serverTexts<Catalogue extends object>(
  catalogues: { 'en-GB': Catalogue; 'fi-FI': Catalogue },
  defaultVariables?: Record<string, unknown>,
): (language: Locale | undefined) => TFunction {
  const all: Record<Locale, object> = {
    'en-GB': catalogues['en-GB'],
    'en-US': americanTexts(catalogues['en-GB'] as never) ?? {},
    'fi-FI': catalogues['fi-FI'],
  };
  const texts = i18next.createInstance();
  void texts.init({
    initAsync: false,
    resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: all[locale] }])),
    lng: 'en-GB',
    fallbackLng: 'en-GB',
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false, ...(defaultVariables ? { defaultVariables } : {}) },
    returnNull: false,
    // No notice of i18next's sponsor in the function's log.
    showSupportNotice: false,
  });
  return (language) => texts.getFixedT(textLanguage(language));
}
