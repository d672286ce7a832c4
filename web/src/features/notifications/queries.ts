import { collection, limit, orderBy, query, type Firestore } from 'firebase/firestore';
import { NOTIFICATIONS_LISTED } from '@versus/domain/notifications/types';

/** My newest notifications (the header's dropdown). */
export const myNotificationsQuery = (db: Firestore, uid: string) =>
  query(collection(db, 'users', uid, 'notifications'), orderBy('createdAt', 'desc'), limit(NOTIFICATIONS_LISTED));
