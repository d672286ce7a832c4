import type { enGB } from './en-GB';
import type { enGBPlay } from './en-GB.play';
import type { enGBLater } from './en-GB.later';
import type { enGBPages } from './en-GB.pages';
import type { PartialTranslation } from '../translation-shape';

/**
 * American English's own texts: only what is not a spelling. Its spellings ("email", "canceled",
 * "license") are derived from the en-GB source as each part of it is registered
 * (domain/platform/american-english.ts, wired in ../index.ts); these win over them.
 */
export const enUS: PartialTranslation<typeof enGB & typeof enGBPlay & typeof enGBLater & typeof enGBPages> = {
  profile: {
    settings: {
      'deactivate-body':
        'Your profile is hidden right away and deleted after 14 days. To keep it, log in and choose “Restore my account” before then.',
    },
  },
  legal: { updated: 'Last updated November 29, 2026' },
};
