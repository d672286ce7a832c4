import { awardBadge } from '../users/statistics';
import { FieldValue } from 'firebase-admin/firestore';
import { normalizeCreatorCode } from '@versus/domain/creators/support-schema';
import { HttpError } from '../api/http-error';
import { settleCreatorEarnings } from './earnings';
import { db } from '../platform/firebase';
import { runOptimistic } from '../platform/optimistic';
import { accountRef, creatorRef, creatorsCollection, profileRef } from '../platform/collections';

export const CREATOR_CODE_NOT_ACTIVE = 'This creator code is not active';

/**
 * creators/{uid}: {code, active, balance, numberSupporting, timeDataSet, totalEarned}. The balance
 * moves only through the ledger (account 'creator'); the code also sits on the public profile.
 */
const activeCreatorByCode = (code: string) =>
  creatorsCollection().where('code', '==', code).where('active', '==', true).limit(1);

/**
 * PUT /profile/supportCreatorWithCode: the caller now supports the creator with this code. The
 * supporter counts of the old and the new creator move in the same transaction.
 */
export async function supportCreator(uid: string, rawCode: string) {
  const code = normalizeCreatorCode(rawCode);
  // Optimistic (platform/optimistic): supports of one code in a burst must not queue on its lock.
  return runOptimistic(async (tx) => {
    const creator = (await tx.get(activeCreatorByCode(code))).docs[0];
    if (!creator) throw new HttpError(404, CREATOR_CODE_NOT_ACTIVE, 'not-found');
    if (creator.id === uid) throw new HttpError(400, 'You cannot support your own creator code.', 'invalid-input');
    const [account, profileSnapshot] = await Promise.all([tx.get(accountRef(uid)), tx.get(profileRef(creator.id))]);
    const profile = profileSnapshot.data();
    if (!profile || profile.deactivated === true) throw new HttpError(404, CREATOR_CODE_NOT_ACTIVE, 'not-found');
    const previous = account.data()?.supportingCreatorCode;
    if (previous !== code) {
      const before = previous
        ? (await tx.get(creatorsCollection().where('code', '==', previous).limit(1))).docs[0]
        : undefined;
      if (before) tx.update(before.ref, { numberSupporting: FieldValue.increment(-1) });
      tx.update(creator.ref, { numberSupporting: FieldValue.increment(1) });
      tx.update(accountRef(uid), { supportingCreatorCode: code });
    }
    return { creatorCode: code, creator: { uid: creator.id, displayName: profile.displayName } };
  });
}

/**
 * GET /profile/creatorCodeData (SPEC §3 Creator data). The creator's pending earnings are settled
 * first (creators/earnings), so the balance shown includes every purchase made so far.
 */
export async function creatorCodeData(uid: string, now: number) {
  // Someone who is no creator has no pending earnings: one empty query.
  await settleCreatorEarnings(uid, now);
  const creator = (await creatorRef(uid).get()).data();
  if (!creator) throw new HttpError(403, 'Only creators have creator data.', 'not-a-creator');
  return {
    code: creator.code,
    currentBalance: Math.floor(creator.balance ?? 0),
    numberSupporting: creator.numberSupporting ?? 0,
    timeDataSet: creator.timeDataSet ?? {},
  };
}

/**
 * Makes a user a creator with a code (or takes the code away). Codes are unique; a revoked
 * creator keeps their balance and may still redeem it. Used by `npm run creator:grant`.
 */
export async function setCreatorCode(uid: string, rawCode: string | null, now: number) {
  return db.runTransaction(async (tx) => {
    const code = rawCode === null ? null : normalizeCreatorCode(rawCode);
    if (code !== null && !/^[A-Z0-9_-]{3,32}$/.test(code))
      throw new HttpError(400, 'A creator code is 3–32 letters, digits, "_" or "-".', 'invalid-input');
    const [profile, creator, taken] = await Promise.all([
      tx.get(profileRef(uid)),
      tx.get(creatorRef(uid)),
      code ? tx.get(creatorsCollection().where('code', '==', code).limit(1)) : Promise.resolve(null),
    ]);
    if (!profile.exists) throw new HttpError(404, 'That user could not be found.', 'not-found');
    const owner = taken?.docs[0];
    if (owner && owner.id !== uid) throw new HttpError(409, `The creator code ${code} belongs to someone else.`);
    if (code === null) {
      if (creator.exists) tx.update(creator.ref, { active: false });
      tx.update(profileRef(uid), { creatorCode: null });
      return { uid, code: null };
    }
    if (creator.exists) tx.update(creator.ref, { code, active: true });
    else
      tx.create(creator.ref, {
        code,
        active: true,
        balance: 0,
        numberSupporting: 0,
        timeDataSet: {},
        totalEarned: 0,
        createdAt: now,
      });
    tx.update(profileRef(uid), { creatorCode: code });
    // The creator badge keeps the date of the first code.
    if (!creator.exists) awardBadge(tx, uid, 'creator', now);
    return { uid, code };
  });
}
