import type { FollowEntry, FollowPair } from '@versus/domain/users/types';
import { typed } from '../platform/collections';
import { db } from '../platform/firebase';

/** Following's documents (DESIGN §9 style: typed references in one place per feature). */
export const pairRef = (a: string, b: string) => {
  const [first, second] = [a, b].sort() as [string, string];
  return db.doc(`follow_pairs/${first}_${second}`).withConverter(typed<FollowPair>());
};
export const listRef = (owner: string, list: 'followers' | 'following', uid: string) =>
  db.doc(`users/${owner}/${list}/${uid}`).withConverter(typed<FollowEntry>());
