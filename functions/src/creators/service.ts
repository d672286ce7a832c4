import { notify } from '../notifications/notify';
import { awardBadge } from '../users/statistics';
import { FieldValue } from 'firebase-admin/firestore';
import { normalizeCreatorCode } from '@versus/domain/creators/support-schema';
import { HttpError } from '../errors/http-error';
import { settleCreatorEarnings } from './earnings';
import { gated, runOptimistic, type Gate } from '../platform/optimistic';
import { isDocumentId } from '@versus/domain/platform/ids';
import { accountRef, creatorCodeRef, creatorRef, creatorsCollection, profileRef } from '../platform/collections';

export const CREATOR_CODE_NOT_ACTIVE = 'This creator code is not active';

// creators/{uid}: {code, active, balance, numberSupporting, timeDataSet, totalEarned}. The balance
// moves only through the ledger (account 'creator'); the code also sits on the public profile, and
// creator_codes/{code} says whose it is.

/** Unknown, revoked, or its creator deactivated (and a code that cannot be a document id is nobody's). */
const notActive = () => new HttpError(404, CREATOR_CODE_NOT_ACTIVE, 'not-found');

/**
 * PUT /profile/supportCreatorWithCode: the caller now supports the creator with this code. The
 * supporter counts of the old and the new creator move in the same transaction. The code's entry
 * (whose it is, their name, whether they are deactivated) and the caller's account (whom they
 * supported before) are read beside the deactivation check (the gate); then the commit. Only data
 * from before the entry carried the creator's profile costs a round trip more.
 */
export async function supportCreator(uid: string, rawCode: string, now: number, gate?: Gate) {
  const code = normalizeCreatorCode(rawCode);
  // Optimistic (platform/optimistic): supports of one code in a burst must not queue on its lock.
  // The creator's document is only incremented, never read, so they do not invalidate each other.
  return runOptimistic(async (tx) => {
    if (!isDocumentId(code)) throw notActive();
    const [entry, account] = await Promise.all([tx.get(creatorCodeRef(code)), tx.get(accountRef(uid))]);
    const owner = entry.data();
    if (!owner?.active) throw notActive();
    if (owner.uid === uid)
      throw new HttpError(400, 'This is your own creator code: you can support another creator.', 'own-creator-code');
    const supported = account.data();
    const previous = supported?.supportingCreatorCode;
    // Whom the caller supported: kept on the account since the entry carries the profile; from the
    // previous code's entry before that (a code since replaced has none: nobody's count moves).
    const knownBefore = supported?.supportingCreatorUid;
    // The same code entered again changes nothing, unless it has changed hands since (replaced by
    // its creator, then given to another): the fan moves from the one to the other.
    const changes = previous !== code || (knownBefore != null && knownBefore !== owner.uid);
    const [profileSnapshot, before] = await Promise.all([
      owner.displayName === undefined || owner.ownerDeactivated === undefined
        ? tx.get(profileRef(owner.uid))
        : undefined,
      changes && previous && !knownBefore && isDocumentId(previous) ? tx.get(creatorCodeRef(previous)) : undefined,
    ]);
    const profile = profileSnapshot
      ? profileSnapshot.data()
      : { displayName: owner.displayName!, deactivated: owner.ownerDeactivated! };
    if (!profile || profile.deactivated === true) throw notActive();
    if (changes) {
      const beforeUid = knownBefore ?? before?.data()?.uid;
      if (beforeUid) tx.update(creatorRef(beforeUid), { numberSupporting: FieldValue.increment(-1) });
      tx.update(creatorRef(owner.uid), { numberSupporting: FieldValue.increment(1) });
      tx.update(accountRef(uid), { supportingCreatorCode: code, supportingCreatorUid: owner.uid });
      // The creator hears of a new supporter, not who it is: supporting is the player's own affair.
      notify(tx, owner.uid, { type: 'CREATOR_NEW_SUPPORTER' }, now);
    }
    return { creatorCode: code, creator: { uid: owner.uid, displayName: profile.displayName } };
  }, gated(gate));
}

/**
 * DELETE /profile/supportCreatorWithCode (walk Z: a supporter could only swap codes): the caller
 * supports no creator any more, and the one they supported counts a supporter fewer. Their later
 * purchases earn nobody. Supporting nobody already changes nothing, and answers the same.
 */
export async function stopSupportingCreator(uid: string, gate?: Gate) {
  return runOptimistic(async (tx) => {
    const supported = (await tx.get(accountRef(uid))).data();
    const previous = supported?.supportingCreatorCode;
    if (previous) {
      // Whose it was, as a new support finds it: on the account, else in the code's entry.
      const known = supported.supportingCreatorUid;
      const entry = !known && isDocumentId(previous) ? await tx.get(creatorCodeRef(previous)) : undefined;
      const creator = known ?? entry?.data()?.uid;
      if (creator) tx.update(creatorRef(creator), { numberSupporting: FieldValue.increment(-1) });
      tx.update(accountRef(uid), { supportingCreatorCode: null, supportingCreatorUid: null });
    }
    return { creatorCode: null };
  }, gated(gate));
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
  // Optimistic like the commands: two people claiming one code at once read the same missing
  // creator_codes document, and the one that commits second finds it taken on its next attempt.
  return runOptimistic(async (tx) => {
    const code = rawCode === null ? null : normalizeCreatorCode(rawCode);
    if (code !== null && !/^[A-Z0-9_-]{3,32}$/.test(code))
      throw new HttpError(400, 'A creator code is 3–32 letters, digits, "_" or "-".', 'invalid-input');
    const [profile, creator, taken] = await Promise.all([
      tx.get(profileRef(uid)),
      tx.get(creatorRef(uid)),
      code ? tx.get(creatorCodeRef(code)) : Promise.resolve(null),
    ]);
    if (!profile.exists) throw new HttpError(404, 'That user could not be found.', 'not-found');
    const owner = taken?.data();
    if (owner && owner.uid !== uid) throw new HttpError(409, `The creator code ${code} belongs to someone else.`);
    // The code's document moves with the creator's: a revoked code stays theirs, inactive; a
    // replaced one is free again. Only while the entry is still theirs (data from before the
    // entries, or a backfill's clash, may have given it to someone else).
    const current = creator.data()?.code;
    const previous = current && current !== code ? await tx.get(creatorCodeRef(current)) : null;
    const theirs = previous !== null && previous.data()?.uid === uid;
    if (code === null) {
      if (creator.exists) tx.update(creator.ref, { active: false });
      if (theirs) tx.update(creatorCodeRef(current!), { active: false });
      tx.update(profileRef(uid), { creatorCode: null });
      return { uid, code: null };
    }
    if (theirs) tx.delete(creatorCodeRef(current!));
    // A merge: the code may be theirs already (granted again, or the seed run twice).
    tx.set(creatorCodeRef(code), { uid, active: true, ...codeOwnerProfile(profile.data()!) }, { merge: true });
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

/** What a code's entry copies from its creator's profile (collections: CreatorCode). */
export const codeOwnerProfile = (profile: { displayName: string; deactivated?: boolean }) => ({
  displayName: profile.displayName,
  ownerDeactivated: profile.deactivated === true,
});

/**
 * `npm run migrate` (and the seed): a creator_codes entry for every creator whose code has none,
 * for creators made before the entries existed, and their profile's name and state on entries from
 * before those were copied. Idempotent. A code two creators hold (which the old query could let
 * happen in a race) goes to the one who had it first and is reported.
 */
export async function backfillCreatorCodes(): Promise<{ added: number; completed: number; clashes: string[] }> {
  const creators = (await creatorsCollection().get()).docs
    .filter((doc) => typeof doc.data().code === 'string' && isDocumentId(doc.data().code))
    .sort((a, b) => (a.data().createdAt ?? 0) - (b.data().createdAt ?? 0));
  let added = 0;
  let completed = 0;
  const clashes: string[] = [];
  for (const creator of creators) {
    const { code, active } = creator.data();
    const outcome = await runOptimistic(async (tx) => {
      const [entrySnapshot, profile] = await Promise.all([
        tx.get(creatorCodeRef(code)),
        tx.get(profileRef(creator.id)),
      ]);
      const entry = entrySnapshot.data();
      const copied = profile.exists ? codeOwnerProfile(profile.data()!) : { displayName: '', ownerDeactivated: true };
      if (!entry) {
        tx.create(creatorCodeRef(code), { uid: creator.id, active: active !== false, ...copied });
        return 'added';
      }
      if (entry.uid !== creator.id) return 'clash';
      if (entry.displayName !== undefined && entry.ownerDeactivated !== undefined) return 'kept';
      tx.update(creatorCodeRef(code), copied);
      return 'completed';
    });
    if (outcome === 'added') added += 1;
    if (outcome === 'completed') completed += 1;
    if (outcome === 'clash') clashes.push(`${code} (${creator.id})`);
  }
  return { added, completed, clashes };
}
