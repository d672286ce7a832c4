import type { NotificationType } from '@versus/domain/notifications/types';
import { categoryOf } from './texts';

/**
 * One small icon per kind of notification: crossed swords, a trophy, a person, a speech bubble, or
 * for the account's own (a data archive) a box.
 */
export function NotificationIcon({ type }: { type: NotificationType }) {
  const category = categoryOf(type);
  const path =
    type === 'TOURNAMENT_ROOM_MENTION'
      ? 'M4 4h16v11H8l-4 4z'
      : category === 'battles'
        ? 'M4 4l7 7-2 2 2 2 2-2 7 7 1-1-7-7 2-2-2-2-2 2-7-7zM20 4l-6 6 1 1 6-6z'
        : category === 'social'
          ? 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 8c0-3.3 3.6-6 8-6s8 2.7 8 6z'
          : category === 'account'
            ? 'M3 4h18v4H3zm1 5h16v11H4zm5 2v2h6v-2z'
            : 'M7 3h10v3h3v3a5 5 0 0 1-5 5h-.3A5 5 0 0 1 13 15.9V19h3v2H8v-2h3v-3.1A5 5 0 0 1 9.3 14H9a5 5 0 0 1-5-5V6h3zm0 5H6v1a3 3 0 0 0 1 2.2zm10 0v3.2A3 3 0 0 0 18 9V8z';
  return (
    <svg className={`notification-icon icon-${category}`} viewBox="0 0 24 24" width="18" height="18" aria-hidden>
      <path d={path} fill="currentColor" />
    </svg>
  );
}
