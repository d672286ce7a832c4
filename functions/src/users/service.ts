import { isAlphaAccount } from '@versus/domain/users/statistics';
import { alreadyExists } from '../platform/firestore-codes';
import { awardBadge, countPlatform } from './statistics';
import { createHash } from 'node:crypto';
import { displayNameSkeleton, displayNameSkeletons } from '@versus/domain/users/display-name-skeleton';
import type { PersonalDetails, RegisterInput } from '@versus/domain/users/register-schema';
import { canRestore, deletionDateFor } from '@versus/domain/users/account';
import { auth, db } from '../platform/firebase';
import { runOptimistic } from '../platform/optimistic';
import type { Transaction } from 'firebase-admin/firestore';
import { isDocumentId } from '@versus/domain/platform/ids';
import { HttpError, conflict, notFound } from '../errors/http-error';
import {
  accountRef,
  creatorCodeRef,
  profileRef,
  profilesCollection,
  usernameRefByKey,
  usernamesCollection,
} from '../platform/collections';
import { newPrivateAccount, newPublicProfile } from './profile-documents';

export const EMAIL_IN_USE = 'The email is already in use! Please login with your account.';
export const DISPLAY_NAME_TAKEN = 'This nickname is already in use!';

/**
 * usernames/{key}: one document per name skeleton (domain/users/display-name-skeleton), so a
 * look-alike of a taken name is taken too. The key is a digest: a skeleton may hold characters a
 * document id cannot. `usernameKey` is the name's own skeleton's; a name in capitals also claims its
 * lower-case form's (`usernameClaims`, record 190).
 */
const digest = (skeleton: string) => createHash('sha256').update(skeleton).digest('hex');
export const usernameKey = (displayName: string) => digest(displayNameSkeleton(displayName));
const usernameClaims = (displayName: string) =>
  displayNameSkeletons(displayName).map((skeleton) => ({ skeleton, ref: usernameRefByKey(digest(skeleton)) }));
export const usernameKeys = (displayName: string) => usernameClaims(displayName).map(({ ref }) => ref.id);

const authErrorCode = (error: unknown) => (error as { code?: string })?.code ?? '';

/**
 * Creates the Auth user, then claims the display name and writes both profile documents in one
 * transaction; the unique name is only ever claimed atomically. A lost race removes the Auth user.
 */
export async function registerAccount(input: RegisterInput, now: number): Promise<{ uid: string }> {
  const claims = usernameClaims(input.displayName);
  if ((await db.getAll(...claims.map(({ ref }) => ref))).some((name) => name.exists))
    throw conflict(DISPLAY_NAME_TAKEN, 'display-name-taken');

  let uid: string;
  try {
    ({ uid } = await auth.createUser({ email: input.email, password: input.password, displayName: input.displayName }));
  } catch (error) {
    const code = authErrorCode(error);
    if (code === 'auth/email-already-exists') throw conflict(EMAIL_IN_USE, 'email-in-use');
    if (code === 'auth/invalid-password') throw new HttpError(400, 'The password is too weak.', 'weak-password');
    throw error;
  }

  try {
    await runOptimistic(async (tx) => {
      const names = await tx.getAll(...claims.map(({ ref }) => ref));
      if (names.some((name) => name.exists)) throw conflict(DISPLAY_NAME_TAKEN, 'display-name-taken');
      for (const { ref, skeleton } of claims)
        tx.create(ref, { uid, displayName: input.displayName, skeleton, createdAt: now });
      tx.create(profileRef(uid), newPublicProfile(uid, input.displayName, now));
      tx.create(accountRef(uid), newPrivateAccount(input, now));
      if (isAlphaAccount(now)) awardBadge(tx, uid, 'alpha', now);
      countPlatform(tx, { players: 1 }, now);
    });
  } catch (error) {
    await auth.deleteUser(uid);
    throw error;
  }
  return { uid };
}

/**
 * POST /profile/syncEmail: after an e-mail change (verify-before-update) or its undo (recover
 * e-mail), Firebase Auth holds the new address; the private account copies it from there, never
 * from the caller. Answers the address and whether it changed.
 */
export async function syncEmail(uid: string): Promise<{ email: string; changed: boolean }> {
  const email = (await auth.getUser(uid)).email ?? '';
  return runOptimistic(async (tx) => {
    const account = await tx.get(accountRef(uid));
    if (!account.exists) throw notFound('Your account');
    if (account.data()?.email === email) return { email, changed: false };
    tx.update(accountRef(uid), { email });
    return { email, changed: true };
  });
}

/**
 * PUT /profile/personalDetails (record 119): the names and country given at registration, changed.
 * One read and one write, the write only over the account as read: a deactivation (which writes
 * `deletionOn` there) or the deletion after it (which empties the names) that lands in between
 * fails the commit, and the retry refuses. So no name is written back into a deleted account.
 */
export async function updatePersonalDetails(uid: string, details: PersonalDetails): Promise<PersonalDetails> {
  const changed = { ...details, country: details.country.toUpperCase() };
  return runOptimistic(async (tx) => {
    const account = await tx.get(accountRef(uid));
    if (!account.exists || account.data()?.deletedAt) throw notFound('Your account');
    // The account's `deletionOn` is set exactly while the profile is `deactivated` (deactivateAccount
    // and restoreAccount write both in one commit), so the one guarded read decides as the profile would.
    if (account.data()?.deletionOn)
      throw new HttpError(403, 'Your account is deactivated. Restore it to do this.', 'account-deactivated');
    tx.update(accountRef(uid), changed);
    return changed;
  });
}

/**
 * The deactivation and the restore: a creator's code entry copies the new state (if its entry is
 * theirs), so a support needs no read of the profile (creators/service). The code is the one on
 * the profile the caller's transaction read (setCreatorCode writes it with the entry; a revoked
 * code's entry is inactive, and granted again it copies the state then), not the creator's
 * document, which every support and settled earning writes. Reads the entry; the caller's
 * transaction commits the write with its own.
 */
async function copyDeactivationToCode(
  tx: Transaction,
  uid: string,
  code: string | null | undefined,
  deactivated: boolean,
): Promise<void> {
  if (typeof code !== 'string' || !isDocumentId(code)) return;
  const entry = await tx.get(creatorCodeRef(code));
  if (entry.data()?.uid === uid) tx.update(creatorCodeRef(code), { ownerDeactivated: deactivated });
}

/** Deactivation hides the profile and schedules deletion 14 days on (SPEC §4). */
export async function deactivateAccount(uid: string, now: number): Promise<{ deletionOn: number }> {
  const deletionOn = deletionDateFor(now);
  await runOptimistic(async (tx) => {
    const [profile, account] = await Promise.all([tx.get(profileRef(uid)), tx.get(accountRef(uid))]);
    if (!profile.exists || !account.exists) throw notFound('Your account');
    if (profile.data()?.deactivated === true) throw conflict('Your account is already deactivated.');
    await copyDeactivationToCode(tx, uid, profile.data()?.creatorCode, true);
    tx.update(profileRef(uid), { deactivated: true });
    tx.update(accountRef(uid), { deletionOn, deactivatedAt: now, deletionFailures: 0, deletionRetryAt: null });
  });
  return { deletionOn };
}

export async function restoreAccount(uid: string, now: number): Promise<void> {
  await runOptimistic(async (tx) => {
    const [profile, account] = await Promise.all([tx.get(profileRef(uid)), tx.get(accountRef(uid))]);
    if (!profile.exists || !account.exists) throw notFound('Your account');
    if (profile.data()?.deactivated !== true) throw conflict('Your account is active.', 'account-not-deactivated');
    if (!canRestore(account.data()?.deletionOn ?? null, now)) {
      throw conflict('The 14 days to restore this account have passed.', 'restore-window-passed');
    }
    await copyDeactivationToCode(tx, uid, profile.data()?.creatorCode, false);
    tx.update(profileRef(uid), { deactivated: false });
    tx.update(accountRef(uid), { deletionOn: null, deactivatedAt: null, deletionFailures: 0, deletionRetryAt: null });
  });
}

/**
 * Migration for names registered before skeletons, or before record 190's second key: every
 * profile's name gets each of its skeleton keys, and keys of the old form (the lower-cased name) go.
 * Run by the seed; idempotent. Two old names that now share a skeleton keep their profiles; the
 * first reserves the key and the other is logged.
 */
export async function backfillUsernames(now: number): Promise<{ added: number; removed: number; clashes: string[] }> {
  // Profiles first, then names: a registration claims its key with its profile in one transaction,
  // so every profile read has its key in the names read after. (Read side by side, a player
  // registered between the two reads had no key in view, and adding one failed a full run once.)
  const profiles = await profilesCollection().get();
  const names = await usernamesCollection().get();
  const owners = new Map(names.docs.map((doc) => [doc.id, doc.data().uid]));
  let added = 0;
  const clashes: string[] = [];
  for (const profile of profiles.docs) {
    const { displayName, anonymised } = profile.data();
    // A deleted account's name was freed with it.
    if (!displayName || anonymised) continue;
    // Each skeleton the name claims (a name in capitals also its lower-case form's, since record 190).
    let clash = false;
    for (const { ref, skeleton } of usernameClaims(displayName)) {
      const owner = owners.get(ref.id);
      if (owner !== undefined) {
        clash ||= owner !== profile.id;
        continue;
      }
      try {
        await ref.create({ uid: profile.id, displayName, skeleton, createdAt: now });
      } catch (error) {
        if (!alreadyExists(error)) throw error;
        // Claimed since the names were read (by another run of this migration): whoever holds it keeps it.
        const holder = (await ref.get()).get('uid') as string | undefined;
        if (holder) owners.set(ref.id, holder);
        clash ||= holder !== profile.id;
        continue;
      }
      owners.set(ref.id, profile.id);
      added += 1;
    }
    if (clash) clashes.push(displayName);
  }
  // Keys of the old form (the lower-cased name) go.
  const old = names.docs.filter((doc) => !/^[0-9a-f]{64}$/.test(doc.id));
  await Promise.all(old.map((doc) => doc.ref.delete()));
  return { added, removed: old.length, clashes };
}
