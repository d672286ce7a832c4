import { lazyWhenOnline } from '../../../lib/lazy-when-online';

/**
 * The support-a-creator form (SPEC §4), loaded on first use: its form libraries stay out of the
 * first page load. Opened from the user menu and from a creator's profile.
 */
export const LazySupportCreatorModal = lazyWhenOnline(() =>
  import('./support-creator-modal').then((module) => ({ default: module.SupportCreatorModal })),
);
