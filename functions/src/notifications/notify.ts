import type { Transaction } from 'firebase-admin/firestore';
import type { AppNotification } from '@versus/domain/notifications/types';
import { notificationsCollection } from '../platform/collections';

export type NotificationContent = Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>;

/** Writes users/{uid}/notifications/{id} inside the command's transaction. */
export function notify(tx: Transaction, uid: string, content: NotificationContent, now: number): void {
  const ref = notificationsCollection(uid).doc();
  tx.create(ref, { ...content, uid, viewed: false, createdAt: now });
}
