import { presenceRef, profilesCollection } from '../platform/collections';
import { moveFieldsOut } from '../platform/move-fields';

/**
 * Presence moved off the profile (docs/decisions/0093): a profile that still carries `lastSeen` gives
 * it to its presence document, unless a tab has written one there since, and loses the field only
 * once its presence document exists. For `npm run migrate`; a second run finds nothing to move.
 */
export const movePresenceOffProfiles = () =>
  moveFieldsOut({
    source: profilesCollection().where('lastSeen', '>', 0).orderBy('lastSeen'),
    fields: ['lastSeen'],
    target: (profile) => ({ ref: presenceRef(profile.id), data: { lastSeen: profile.get('lastSeen') as number } }),
  });
