import { collection, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';
import { NOTIFICATIONS_LISTED } from '@versus/domain/notifications/types';

/** My newest notifications (the header's dropdown, once opened). */
export const myNotificationsQuery = (db: Firestore, uid: string) =>
  query(collection(db, 'users', uid, 'notifications'), orderBy('createdAt', 'desc'), limit(NOTIFICATIONS_LISTED));

/**
 * My newest notifications not yet viewed (the header's badge): what every page pays to listen to, one
 * read per new one and one when there are none, instead of the whole newest list (docs/decisions/0092).
 */
export const myUnseenNotificationsQuery = (db: Firestore, uid: string) =>
  query(
    collection(db, 'users', uid, 'notifications'),
    where('viewed', '==', false),
    orderBy('createdAt', 'desc'),
    limit(NOTIFICATIONS_LISTED),
  );

/** The /notifications page: newest first, optionally of some types only (its filters), `count` at a time. */
export const notificationsPageQuery = (db: Firestore, uid: string, types: string[] | null, count: number) =>
  types
    ? query(
        collection(db, 'users', uid, 'notifications'),
        where('type', 'in', types),
        orderBy('createdAt', 'desc'),
        limit(count),
      )
    : query(collection(db, 'users', uid, 'notifications'), orderBy('createdAt', 'desc'), limit(count));
