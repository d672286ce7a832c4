import 'i18next';
import type { enGB } from './locales/en-GB';
import type { enGBPlay } from './locales/en-GB.play';
import type { enGBStanding } from './locales/en-GB.standing';
import type { enGBLater } from './locales/en-GB.later';
import type { enGBPages } from './locales/en-GB.pages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof enGB & typeof enGBPlay & typeof enGBStanding & typeof enGBLater & typeof enGBPages;
    };
  }
}
