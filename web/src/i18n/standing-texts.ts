import i18n from 'i18next';
import { enGBStanding } from './locales/en-GB.standing';

/** Registers the en-GB standing texts (imported for its effect by the pages that use them). */
if (!i18n.exists('standing.rank', { lng: 'en-GB', fallbackLng: false }))
  i18n.addResourceBundle('en-GB', 'translation', enGBStanding, true, false);
