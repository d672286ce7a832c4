import type { FollowEntry, FollowPair } from '@versus/domain/users/types';
import { typed } from '../platform/collections';
import { db } from '../platform/firebase';

/** Following's documents (DESIGN §9 style: typed references in one place per feature). */
export const pairsCollection = () => db.collection('follow_pairs').withConverter(typed<FollowPair>());
export const pairRef = (a: string, b: string) => {
  const [first, second] = [a, b].sort() as [string, string];
  return pairsCollection().doc(`${first}_${second}`);
};
export const listCollection = (owner: string, list: 'followers' | 'following') =>
  db.collection(`users/${owner}/${list}`).withConverter(typed<FollowEntry>());
export const listRef = (owner: string, list: 'followers' | 'following', uid: string) =>
  listCollection(owner, list).doc(uid);
