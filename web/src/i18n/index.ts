import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@versus/domain/platform/constants';
import type { TextTree } from '@versus/domain/platform/american-english';
import { alertMinutes } from '@versus/domain/notifications/alert-minutes';
import { enGB } from './locales/en-GB';

// en-GB is the source and fallback and ships with the shell; the others load when first used.
const loaders: Record<Exclude<Locale, 'en-GB'>, () => Promise<object[]>> = {
  // American English: the en-GB texts registered so far in US spelling, then its own texts; each
  // part of en-GB registered later (page-texts, play-texts …) brings its spellings with it.
  'en-US': () =>
    Promise.all([import('./locales/en-US'), import('@versus/domain/platform/american-english')]).then(
      ([own, { americanTexts }]) => {
        i18n.store.on('added', (lng: string, ns: string) => {
          if (lng !== 'en-GB') return;
          const spelled = americanTexts(i18n.getResourceBundle('en-GB', ns) as TextTree);
          // Not over what is there: en-US's own texts win over a spelling.
          if (spelled) i18n.addResourceBundle('en-US', ns, spelled, true, false);
        });
        return [americanTexts(i18n.getResourceBundle('en-GB', 'translation') as TextTree) ?? {}, own.enUS];
      },
    ),
  // Finnish per feature, as en-GB is (its parts arrive together: one choice of language, one wait).
  // dayjs's Finnish (relative times) comes with the Finnish texts, so lib/dayjs knows it when chosen.
  'fi-FI': () =>
    Promise.all([
      import('./locales/fi-FI'),
      import('./locales/fi-FI.play'),
      import('./locales/fi-FI.standing'),
      import('./locales/fi-FI.later'),
      import('./locales/fi-FI.pages'),
      import('dayjs/locale/fi'),
    ]).then(([shell, play, standing, later, pages]) => [
      shell.fiFI,
      play.fiFIPlay,
      standing.fiFIStanding,
      later.fiFILater,
      pages.fiFIPages,
    ]),
};

export const isLocaleLoaded = (locale: Locale) => locale === 'en-GB' || i18n.hasResourceBundle(locale, 'translation');

export async function loadLocale(locale: Locale): Promise<void> {
  if (isLocaleLoaded(locale) || locale === 'en-GB') return;
  for (const bundle of await loaders[locale]()) i18n.addResourceBundle(locale, 'translation', bundle, true, true);
}

export function applyLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

void i18n.use(initReactI18next).init({
  resources: { 'en-GB': { translation: enGB } },
  partialBundledLanguages: true,
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  // The minutes the alert lines name, from the rules that time them.
  interpolation: { escapeValue: false, defaultVariables: alertMinutes },
  returnNull: false,
  showSupportNotice: false,
});

export default i18n;
