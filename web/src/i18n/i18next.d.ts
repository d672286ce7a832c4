import 'i18next';
import type { enGB } from './locales/en-GB';
import type { enGBPlay } from './locales/en-GB.play';
import type { enGBStanding } from './locales/en-GB.standing';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enGB & typeof enGBPlay & typeof enGBStanding };
  }
}
