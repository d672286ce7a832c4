import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import i18n from 'i18next';
import type { Locale } from '@versus/domain/platform/constants';

/**
 * dayjs with the app's plugins, in the app's language. Only pages and menus that show relative
 * times or pick dates import it, so it is not part of the JavaScript a page needs to come alive
 * (DESIGN §8's 150 KB). Its Finnish comes with the Finnish texts (i18n/index.ts), which load before
 * the language changes, so it is known by the time it is chosen.
 */
dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

const dayjsLocale: Record<Locale, string> = { 'en-GB': 'en-gb', 'en-US': 'en', 'fi-FI': 'fi' };

export const setDayjsLocale = (locale: Locale): void => {
  dayjs.locale(dayjsLocale[locale]);
};

// It may load after the language was chosen: take the current one, then follow every change.
const follow = (language: string | undefined) => {
  if (language && language in dayjsLocale) setDayjsLocale(language as Locale);
};
follow(i18n.language);
i18n.on('languageChanged', follow);

export default dayjs;
