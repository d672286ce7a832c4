import { collection, orderBy, query, where, type Firestore } from 'firebase/firestore';

/** The coin shop: active bundles, fewest coins first. */
export const activeProductsQuery = (db: Firestore) =>
  query(collection(db, 'products'), where('active', '==', true), orderBy('bucks', 'asc'));
