import type { AppNotification } from './types';

/**
 * What a tournament's edit moved (TOURNAMENT_EDITED): its own file, read by the alerts' kinds (which
 * the web app's settings import without the lines) and by the lines.
 */

/** An edit's new start, when it moved it (an edit from before it named none). */
export const editMovedTo = (content: Pick<AppNotification, 'type' | 'startTime' | 'changed'>) =>
  content.type === 'TOURNAMENT_EDITED' && content.startTime && content.changed?.includes('startTime')
    ? content.startTime
    : null;

/** What an edit changed besides a start its line names by its time. */
export const editedBesides = (content: Pick<AppNotification, 'type' | 'startTime' | 'changed'>) =>
  (content.changed ?? []).filter((field) => !(field === 'startTime' && editMovedTo(content)));
