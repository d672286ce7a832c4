import i18n from 'i18next';
import { enGBPages } from './locales/en-GB.pages';

/**
 * Registers the en-GB texts of pages and menus the landing never shows (sign-in, the profile, the
 * notifications, the admin's tools, the privacy policy and the terms), imported for its effect by
 * the modules that use them.
 */
if (!i18n.exists('auth.login.title', { lng: 'en-GB', fallbackLng: false }))
  i18n.addResourceBundle('en-GB', 'translation', enGBPages, true, false);
