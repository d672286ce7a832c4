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

/** The values Firestore's `in` takes at most. */
const IN_LIMIT = 30;

/**
 * The /notifications page: newest first, optionally of some types only (its filters), `count` at a
 * time. A kind of more than 30 types (Tournaments) is asked in parts of 30, each for `count`,
 * which the page merges (record 179): one `in` of them all was refused, and the filter showed an error.
 */
export const notificationsPageQueries = (db: Firestore, uid: string, types: string[] | null, count: number) => {
  const notifications = collection(db, 'users', uid, 'notifications');
  if (!types) return [query(notifications, orderBy('createdAt', 'desc'), limit(count))];
  const parts: string[][] = [];
  for (let start = 0; start < types.length; start += IN_LIMIT) parts.push(types.slice(start, start + IN_LIMIT));
  return parts.map((part) =>
    query(notifications, where('type', 'in', part), orderBy('createdAt', 'desc'), limit(count)),
  );
};
