import 'i18next';
import type { enGB } from './locales/en-GB';
import type { enGBPlay } from './locales/en-GB.play';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enGB & typeof enGBPlay };
  }
}
