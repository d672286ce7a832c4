import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { NOTIFICATION_USERS_SHOWN, type AppNotification } from '@versus/domain/notifications/types';
import { notificationRef, notificationsCollection } from '../platform/collections';
import { enqueueAlert } from '../alerts/outbox';

export type NotificationContent = Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>;

/**
 * Writes users/{uid}/notifications/{id} inside the command's transaction, and in the same commit
 * the alert off the site when the notification is one (alerts/outbox, issue #60).
 */
export function notify(tx: Transaction, uid: string, content: NotificationContent, now: number): void {
  const ref = notificationsCollection(uid).doc();
  tx.create(ref, { ...content, uid, viewed: false, createdAt: now });
  enqueueAlert(tx, uid, ref.id, content, now);
}

type Person = { uid: string; displayName: string };

/**
 * A notification that gathers people while it is unread (SPEC §3: the latest 3 names shown, and
 * how many): FOLLOW per day, USER_JOINED_ADMIN_TOURNAMENT per tournament and day. The open group
 * has a fixed id (`group`), so the command reads it by id inside its transaction. Once the reader
 * has viewed it, the viewed group keeps its place in the list under an id of its own and the
 * fixed id starts a new group with the newcomers (docs/api.md: grouped while unread).
 */
export async function gatherNotice(
  tx: Transaction,
  uid: string,
  group: string,
  content: Omit<NotificationContent, 'users' | 'people'>,
  newcomers: Person[],
  now: number,
): Promise<void> {
  const ref = notificationRef(uid, group);
  const existing = (await tx.get(ref)).data();
  if (existing && !existing.viewed) {
    const arriving = new Set(newcomers.map((person) => person.uid));
    const earlier = (existing.users ?? []).filter((person) => !arriving.has(person.uid));
    tx.update(ref, {
      ...content,
      users: [...newcomers, ...earlier].slice(0, NOTIFICATION_USERS_SHOWN),
      people: (existing.people ?? existing.users?.length ?? 0) + newcomers.length,
      createdAt: now,
    });
    return;
  }
  const fresh: AppNotification = {
    ...content,
    uid,
    viewed: false,
    createdAt: now,
    users: newcomers.slice(0, NOTIFICATION_USERS_SHOWN),
    people: newcomers.length,
  };
  if (!existing) {
    tx.set(ref, fresh);
    return;
  }
  // Viewed: it moves to an id of its own, and the group's id starts again.
  tx.create(notificationsCollection(uid).doc(), existing);
  const stale = Object.keys(existing).filter((key) => !(key in fresh));
  tx.update(ref, { ...fresh, ...Object.fromEntries(stale.map((key) => [key, FieldValue.delete()])) });
}
