import { logger } from 'firebase-functions';
import { FieldValue } from 'firebase-admin/firestore';
import { canRestore, nextDeletionAttempt } from '@versus/domain/users/account';
import { isDocumentId } from '@versus/domain/platform/ids';
import {
  accountRef,
  accountsGroup,
  creatorCodeRef,
  creatorRef,
  gameAccountRef,
  profileRef,
  usernamesCollection,
} from '../platform/collections';
import { auth, db } from '../platform/firebase';
import { archiveStore } from '../platform/blob-store';
import { exportRef } from './data-export';
import { eraseTraces } from './erase';
import { countPlatform } from './statistics';

const BATCH = 50;

/**
 * The account deletion job (SPEC §4, docs/decisions/0057): 14 days after deactivation the Auth
 * user goes, their traces in others' documents and their own lists are erased (users/erase), the
 * public profile is anonymised (name, picture, connections, creator code), the display name is
 * freed, and the private account loses its personal data (e-mail, names, country, PayPal).
 * Coins and the ledger stay as they are, so every balance still equals its ledger; statistics and
 * history stay, shown as a deleted player. Each account is its own transaction, which re-checks
 * that it is still deactivated and past its date (a restore inside the 14 days always wins).
 * Returns whether it deleted the account.
 */
export async function deleteAccount(uid: string, now: number): Promise<boolean> {
  const due = async () => {
    const [profile, account] = await Promise.all([profileRef(uid).get(), accountRef(uid).get()]);
    const deletionOn = account.data()?.deletionOn ?? null;
    return profile.data()?.deactivated === true && deletionOn !== null && !canRestore(deletionOn, now);
  };
  if (!(await due())) return false;
  // Auth first: a crash after it leaves the account due, and the next sweep finishes the rest.
  await auth.deleteUser(uid).catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  });
  // Then their traces in others' documents and their own lists, while the profile still has the
  // name to look for (users/erase; each step can run again).
  await eraseTraces(uid);
  const deleted = await db.runTransaction(async (tx) => {
    const [profile, account, names, creator] = await Promise.all([
      tx.get(profileRef(uid)),
      tx.get(accountRef(uid)),
      tx.get(usernamesCollection().where('uid', '==', uid)),
      tx.get(creatorRef(uid)),
    ]);
    const deletionOn = account.data()?.deletionOn ?? null;
    if (profile.data()?.deactivated !== true || deletionOn === null || canRestore(deletionOn, now)) return false;
    // Linked game accounts are released: another player may link them (issue #22).
    const linked = Object.entries(profile.data()?.gameAccounts ?? {}) as ['riot' | 'steam', { id: string }][];
    const code = creator.data()?.code;
    // The creator they supported counts one supporter fewer: whose the code was is on the account
    // (or, for a support from before that, in the code's entry; a replaced code's is gone).
    const supported = account.data()?.supportingCreatorCode;
    const supportedUid = account.data()?.supportingCreatorUid;
    const [claims, codeEntry, supportedEntry] = await Promise.all([
      Promise.all(linked.map(([platform, { id }]) => tx.get(gameAccountRef(platform, id)))),
      code ? tx.get(creatorCodeRef(code)) : null,
      supported && !supportedUid && isDocumentId(supported) ? tx.get(creatorCodeRef(supported)) : null,
    ]);
    const supportedCreator = supported ? (supportedUid ?? supportedEntry?.data()?.uid) : undefined;
    if (supportedCreator) tx.update(creatorRef(supportedCreator), { numberSupporting: FieldValue.increment(-1) });
    for (const name of names.docs) tx.delete(name.ref);
    for (const claim of claims) if (claim.data()?.uid === uid) tx.delete(claim.ref);
    tx.update(profileRef(uid), {
      displayName: '',
      displayNameLower: '',
      avatar: null,
      team: null,
      thirdPartyAccounts: {},
      gameAccounts: {},
      creatorCode: null,
      anonymised: true,
      deletedAt: now,
    });
    tx.update(accountRef(uid), {
      email: '',
      firstName: '',
      lastName: '',
      country: '',
      connectedPaypal: null,
      supportingCreatorCode: null,
      supportingCreatorUid: null,
      deletionOn: null,
      deletionFailures: 0,
      deletionRetryAt: null,
      deletedAt: now,
    });
    if (creator.exists) tx.update(creator.ref, { active: false });
    // The code stays the anonymised creator's, inactive: nobody else may take their name's code
    // (an entry someone else holds is theirs to keep).
    if (code && (!codeEntry?.exists || codeEntry.data()?.uid === uid))
      tx.set(creatorCodeRef(code), { uid, active: false, displayName: '', ownerDeactivated: true });
    // Their data archive, if they asked for one (users/data-export), goes with them.
    tx.delete(exportRef(uid));
    countPlatform(tx, { players: -1 }, now);
    return true;
  });
  if (deleted) await archiveStore().removeAll(uid);
  return deleted;
}

/**
 * Deletes the accounts whose 14 days have passed: up to 50 that are due, or only the uids a test
 * names. A deletion that fails is logged with its count of failures and tried again later
 * (nextDeletionAttempt: an hour, doubling, a week at most); meanwhile the sweep passes over it to the
 * next due accounts, so accounts that fail every time never hold back the others' deletion.
 */
export async function sweepAccounts(now: number, scope: { all?: boolean; accounts?: string[] }) {
  let accountsDeleted = 0;
  let attempted = 0;
  /** `failures` as the sweep's query read them; a named account's are read only if it fails. */
  const attempt = async (uid: string, failures?: number) => {
    attempted += 1;
    try {
      if (await deleteAccount(uid, now)) accountsDeleted += 1;
    } catch (error) {
      const failed = (failures ?? (await accountRef(uid).get()).data()?.deletionFailures ?? 0) + 1;
      logger.error('account deletion failed', { uid, failures: failed, error: String(error) });
      await accountRef(uid)
        .update({ deletionFailures: failed, deletionRetryAt: nextDeletionAttempt(failed, now) })
        .catch((again: unknown) =>
          logger.error('a failed deletion could not be put off', { uid, error: String(again) }),
        );
    }
  };
  if (!scope.all) {
    for (const uid of scope.accounts ?? []) await attempt(uid);
    return { accountsDeleted };
  }
  const due = accountsGroup().where('deletionOn', '<=', now).orderBy('deletionOn').limit(BATCH);
  let page = await due.get();
  for (;;) {
    for (const doc of page.docs) {
      if (attempted >= BATCH) return { accountsDeleted };
      const { deletionRetryAt, deletionFailures } = doc.data();
      if (typeof deletionRetryAt === 'number' && deletionRetryAt > now) continue;
      await attempt(doc.ref.parent.parent!.id, deletionFailures ?? 0);
    }
    if (page.size < BATCH || attempted >= BATCH) return { accountsDeleted };
    page = await due.startAfter(page.docs.at(-1)!).get();
  }
}
