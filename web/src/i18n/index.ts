import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@versus/domain/platform/constants';
import { enGB } from './locales/en-GB';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

const dayjsLocale: Record<Locale, string> = { 'en-GB': 'en-gb', 'en-US': 'en', 'fi-FI': 'fi' };

// en-GB is the source and fallback and ships with the shell; the others load when first used.
const loaders: Record<Exclude<Locale, 'en-GB'>, () => Promise<object>> = {
  'en-US': () => import('./locales/en-US').then((module) => module.enUS),
  // dayjs's Finnish (relative times) comes with the Finnish texts, not with the shell.
  'fi-FI': () => Promise.all([import('./locales/fi-FI'), import('dayjs/locale/fi')]).then(([module]) => module.fiFI),
};

export const isLocaleLoaded = (locale: Locale) => locale === 'en-GB' || i18n.hasResourceBundle(locale, 'translation');

export async function loadLocale(locale: Locale): Promise<void> {
  if (isLocaleLoaded(locale) || locale === 'en-GB') return;
  i18n.addResourceBundle(locale, 'translation', await loaders[locale]());
}

export const setDayjsLocale = (locale: Locale): void => {
  dayjs.locale(dayjsLocale[locale]);
};

export function applyLocale(locale: Locale): void {
  setDayjsLocale(locale);
  document.documentElement.lang = locale;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

void i18n.use(initReactI18next).init({
  resources: { 'en-GB': { translation: enGB } },
  partialBundledLanguages: true,
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
});

export default i18n;
