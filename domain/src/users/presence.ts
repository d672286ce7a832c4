import { ONLINE_WINDOW_MS } from '../platform/constants';

/**
 * A player's presence: `users/{uid}/presence/seen`, which the player's tabs move forward every
 * minute while visible (docs/decisions/0093).
 */
export const PRESENCE_DOC = 'seen';
export interface Presence {
  lastSeen: number;
}

export const isOnline = (lastSeen: number | undefined, now: number): boolean =>
  lastSeen !== undefined && now - lastSeen < ONLINE_WINDOW_MS;
