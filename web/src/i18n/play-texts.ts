import i18n from 'i18next';
import { enGBPlay } from './locales/en-GB.play';

/**
 * Registers the en-GB play texts (imported for its effect by the tournament components that use
 * them, so they arrive with those chunks and before those components render).
 */
if (!i18n.exists('tournaments.bracket.title', { lng: 'en-GB', fallbackLng: false }))
  i18n.addResourceBundle('en-GB', 'translation', enGBPlay, true, false);
