import i18n from 'i18next';
import { enGBLater } from './locales/en-GB.later';

/** Registers the en-GB texts of the parts that load after the first render (imported for its effect). */
if (!i18n.exists('consent.title', { lng: 'en-GB', fallbackLng: false }))
  i18n.addResourceBundle('en-GB', 'translation', enGBLater, true, false);
