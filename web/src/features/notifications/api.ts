import { useEffect, useState } from 'react';
import type { AppNotification } from '@versus/domain/notifications/types';
import { apiRequest } from '../../lib/api';
import { subscribeWithQueries } from '../../lib/firebase-lazy';

export type NotificationItem = AppNotification & { id: string };

/** Which of my notifications: the newest (the dropdown's list), or the newest not yet viewed (its badge). */
export type NotificationsListed = 'newest' | 'unseen';

/**
 * My notifications read live. The unseen ones need a composite index; where it fails (a deploy whose
 * new index is still being built), the badge falls back to the unseen among the newest, as it was.
 */
export function subscribeNotifications(
  uid: string,
  which: NotificationsListed,
  onChange: (items: NotificationItem[]) => void,
): () => void {
  return subscribeWithQueries(
    () => import('./queries'),
    ({ db, onQueryAnswer }, queries) => {
      let stop = () => {};
      const listen = (query: ReturnType<typeof queries.myNotificationsQuery>, fallBack: boolean): (() => void) =>
        onQueryAnswer(
          query,
          (snapshot) => {
            const items = snapshot.docs.map((item) => ({ id: item.id, ...(item.data() as AppNotification) }));
            onChange(fallBack ? items.filter((item) => !item.viewed) : items);
          },
          (error) => {
            console.warn('notifications listener failed', error);
            // An index still being built answers failed-precondition; anything else is not mended by it.
            if (which === 'unseen' && !fallBack && (error as { code?: string }).code === 'failed-precondition')
              stop = listen(queries.myNotificationsQuery(db, uid), true);
          },
        );
      stop =
        which === 'unseen'
          ? listen(queries.myUnseenNotificationsQuery(db, uid), false)
          : listen(queries.myNotificationsQuery(db, uid), false);
      return () => stop();
    },
  );
}

/** My notifications read live, or null until they have come (and while `uid` is undefined). */
export function useNotifications(uid: string | undefined, which: NotificationsListed): NotificationItem[] | null {
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  useEffect(() => {
    setItems(null);
    return uid ? subscribeNotifications(uid, which, setItems) : undefined;
  }, [uid, which]);
  return items;
}

export async function markAsViewed(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await apiRequest('/notifications/markAsViewed', { method: 'POST', body: { notifications: ids } });
}

/**
 * Every unseen notification up to the newest shown (`upTo`, its `createdAt`) marked viewed at once
 * ("Mark all as read"): one arriving, or gathering a name, meanwhile stays unseen.
 */
export async function markAllViewed(upTo?: number): Promise<void> {
  await apiRequest('/notifications/markAllViewed', { method: 'POST', body: upTo === undefined ? {} : { upTo } });
}

/**
 * Closes the popups shown, by ref (SPEC §7's popupSeen): the active one, or the ones collapsed into
 * "and N more results". Named, not "the last": a result that arrived before the close but after the
 * page showed its popup is then the last, and stays to be shown.
 */
export async function popupsSeen(refs: string[]): Promise<void> {
  await apiRequest('/notifications/popupSeen', { method: 'POST', body: { refs } });
}
