import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { gatherNotice, withdrawFromNotice } from '../notifications/notify';
import { FOLLOWING_MAX, type FollowEntry, type PublicProfile } from '@versus/domain/users/types';
import { utcDay } from '@versus/domain/platform/constants';
import { HttpError, badRequest, conflict, notFound } from '../errors/http-error';
import { accountRef, notificationRef, profileRef } from '../platform/collections';
import { documentId } from '../platform/ids';
import { gated, readAhead, runOptimistic, type Gate } from '../platform/optimistic';
import { listRef, pairRef } from './refs';

/**
 * Following (SPEC §5: signed in, not self, not twice). The pair document of two users says who
 * follows whom; every follow or unfollow between them reads and writes it, so concurrent ones
 * serialize and `mutuals` stays exact on both sides. Public lists live under each profile
 * (`followers`, `following`), counts on the profile, `following` and `mutuals` on the account.
 */

const entryOf = (uid: string, profile: PublicProfile, now: number): FollowEntry => ({
  uid,
  displayName: profile.displayName,
  avatar: profile.avatar ?? null,
  avatarPlaceholder: profile.avatarPlaceholder ?? 0,
  createdAt: now,
});

/** Follows of one player are grouped per day while unread (SPEC §3: at most 3 names shown, and a count). */
const followGroup = (now: number) => `follow-${utcDay(now)}`;

/** The follow state between `by` and `target`, read through their pair document. */
async function readPair(tx: Transaction, by: string, target: string) {
  const ref = pairRef(by, target);
  const pair = (await tx.get(ref)).data();
  const byIsFirst = [by, target].sort()[0] === by;
  return {
    ref,
    exists: pair !== undefined,
    follows: pair ? (byIsFirst ? pair.firstFollows : pair.secondFollows) : false,
    updatedAt: pair?.updatedAt ?? 0,
    followedBack: pair ? (byIsFirst ? pair.secondFollows : pair.firstFollows) : false,
    byIsFirst,
  };
}

export async function follow(by: string, targetUid: string, now: number, gate?: Gate) {
  const target = documentId(targetUid, 'That player');
  if (target === by) throw badRequest('You cannot follow yourself.', { uid: 'social.errors.self-follow' });
  return runOptimistic(async (tx) => {
    // The pair and the day's notice, read by readPair and gatherNotice below, travel with the rest.
    readAhead(tx, [pairRef(by, target), notificationRef(target, followGroup(now))]);
    const [targetProfile, byProfile, byAccount] = await Promise.all([
      tx.get(profileRef(target)),
      tx.get(profileRef(by)),
      tx.get(accountRef(by)),
    ]);
    const followed = targetProfile.data();
    const me = byProfile.data();
    if (!followed || followed.deactivated) throw notFound('That player');
    if (!me || !byAccount.exists) throw notFound('Your profile');
    const pair = await readPair(tx, by, target);
    if (pair.follows) throw conflict('You already follow this player.', 'already-following');
    if ((byAccount.data()?.following ?? []).length >= FOLLOWING_MAX)
      throw new HttpError(409, `You can follow at most ${FOLLOWING_MAX} players.`, 'follow-limit');
    await gatherNotice(
      tx,
      target,
      followGroup(now),
      { type: 'FOLLOW' },
      [{ uid: by, displayName: me.displayName }],
      now,
    );
    const fields = pair.byIsFirst ? { firstFollows: true } : { secondFollows: true };
    if (pair.exists) tx.update(pair.ref, { ...fields, updatedAt: now });
    else
      tx.create(pair.ref, {
        users: [by, target].sort() as [string, string],
        firstFollows: false,
        secondFollows: false,
        ...fields,
        updatedAt: now,
      });
    tx.set(listRef(target, 'followers', by), entryOf(by, me, now));
    tx.set(listRef(by, 'following', target), entryOf(target, followed, now));
    tx.update(profileRef(target), { followersCount: FieldValue.increment(1) });
    tx.update(profileRef(by), { followingCount: FieldValue.increment(1) });
    tx.update(accountRef(by), {
      following: FieldValue.arrayUnion(target),
      ...(pair.followedBack ? { mutuals: FieldValue.arrayUnion(target) } : {}),
    });
    if (pair.followedBack) tx.update(accountRef(target), { mutuals: FieldValue.arrayUnion(by) });
    return { following: true, mutual: pair.followedBack };
  }, gated(gate));
}

export async function unfollow(by: string, targetUid: string, now: number) {
  const target = documentId(targetUid, 'That player');
  return runOptimistic(async (tx) => {
    // The day's notice, read by withdrawFromNotice below, travels with the pair.
    readAhead(tx, [pairRef(by, target), notificationRef(target, followGroup(now))]);
    const pair = await readPair(tx, by, target);
    if (!pair.follows) throw conflict('You do not follow this player.', 'not-following');
    // A follow taken back the same day leaves the notice the player has not read yet (record 192).
    // Only then is the notice read (and guarded): an older follow's unfollow does not wait on the
    // day's other follows of the player.
    if (followGroup(pair.updatedAt) === followGroup(now)) await withdrawFromNotice(tx, target, followGroup(now), by);
    tx.update(pair.ref, { ...(pair.byIsFirst ? { firstFollows: false } : { secondFollows: false }), updatedAt: now });
    tx.delete(listRef(target, 'followers', by));
    tx.delete(listRef(by, 'following', target));
    // The followed account may since have been deactivated: the counts and lists still move.
    tx.set(profileRef(target).withConverter(null), { followersCount: FieldValue.increment(-1) }, { merge: true });
    tx.update(profileRef(by), { followingCount: FieldValue.increment(-1) });
    tx.update(accountRef(by), { following: FieldValue.arrayRemove(target), mutuals: FieldValue.arrayRemove(target) });
    if (pair.followedBack)
      tx.set(accountRef(target).withConverter(null), { mutuals: FieldValue.arrayRemove(by) }, { merge: true });
    return { following: false, mutual: false };
  });
}
