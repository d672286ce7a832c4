import { useEffect, useState } from 'react';
import type { AppNotification } from '@versus/domain/notifications/types';
import { apiRequest } from '../../lib/api';
import { subscribeWithQueries } from '../../lib/firebase-lazy';

export type NotificationItem = AppNotification & { id: string };

export function subscribeNotifications(uid: string, onChange: (items: NotificationItem[]) => void): () => void {
  return subscribeWithQueries(
    () => import('./queries'),
    ({ db, onSnapshot }, queries) =>
      onSnapshot(
        queries.myNotificationsQuery(db, uid),
        (snapshot) => onChange(snapshot.docs.map((item) => ({ id: item.id, ...(item.data() as AppNotification) }))),
        (error) => console.warn('notifications listener failed', error),
      ),
  );
}

export function useNotifications(uid: string | undefined): NotificationItem[] {
  const [items, setItems] = useState<NotificationItem[]>([]);
  useEffect(() => (uid ? subscribeNotifications(uid, setItems) : undefined), [uid]);
  return items;
}

export async function markAsViewed(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await apiRequest('/notifications/markAsViewed', { method: 'POST', body: { notifications: ids } });
}

/** Closing the active popup (SPEC §7): the next one becomes active. */
export async function popupSeen(): Promise<void> {
  await apiRequest('/notifications/popupSeen', { method: 'POST' });
}

/** Closes several popups at once: the ones collapsed into "and N more results". */
export async function popupsSeen(refs: string[]): Promise<void> {
  await apiRequest('/notifications/popupSeen', { method: 'POST', body: { refs } });
}
