import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fi';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '@versus/domain/platform/constants';
import { enGB } from './locales/en-GB';
import { enUS } from './locales/en-US';
import { fiFI } from './locales/fi-FI';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

const dayjsLocale: Record<Locale, string> = { 'en-GB': 'en-gb', 'en-US': 'en', 'fi-FI': 'fi' };

export function applyLocale(locale: Locale): void {
  dayjs.locale(dayjsLocale[locale]);
  document.documentElement.lang = locale;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

void i18n.use(initReactI18next).init({
  resources: {
    'en-GB': { translation: enGB },
    'en-US': { translation: enUS },
    'fi-FI': { translation: fiFI },
  },
  lng: 'en-GB',
  fallbackLng: 'en-GB',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
