import { collection, doc, orderBy, query, where, type Firestore } from 'firebase/firestore';

/** The coin shop: active bundles, fewest coins first. */
export const activeProductsQuery = (db: Firestore) =>
  query(collection(db, 'products'), where('active', '==', true), orderBy('bucks', 'asc'));

/** One coin purchase, watched live by its buyer's checkout. */
export const orderDoc = (db: Firestore, orderId: string) => doc(db, 'paypal_orders', orderId);

/** Withdrawals the sweeper stopped sending, oldest first: the platform admin's to settle. */
export const payoutsInReviewQuery = (db: Firestore) =>
  query(collection(db, 'payouts'), where('needsReview', '==', true), orderBy('createdAt', 'asc'));
