import { adminRosterRef, adminsCollection } from '../platform/collections';
import { auth } from '../platform/firebase';
import { alreadyExists } from '../platform/firestore-codes';

/**
 * The platform admins' roster (record 126). Being an admin is the `admin` custom claim, which the
 * API checks on every admin route; Auth cannot be queried by claim, so the roster lists who holds
 * it, for the commands that must tell the admins something (a battle handed to them:
 * notifications/notify.ts' adminsToTell). Only the grant script, the seed and the migration write it,
 * each beside the claim.
 */

/**
 * Gives or takes away the claim, and the roster's entry with it. Granting again keeps the entry as it
 * was (the seed grants on every run, and a restart must find every document as it left it).
 */
export async function setPlatformAdmin(uid: string, admin: boolean, now: number): Promise<void> {
  const user = await auth.getUser(uid);
  await auth.setCustomUserClaims(uid, { ...(user.customClaims ?? {}), admin });
  if (!admin) return void (await adminRosterRef(uid).delete());
  await adminRosterRef(uid)
    .create({ uid, since: now })
    .catch((error: unknown) => {
      if (!alreadyExists(error)) throw error; // on the roster since an earlier grant
    });
}

/**
 * The roster from the claims (npm run migrate): an entry for every user who holds the claim, none
 * for anyone who does not. Pages through Auth's users, 1,000 at a time.
 */
export async function backfillAdminRoster(now: number): Promise<{ added: number; removed: number }> {
  const admins = new Set<string>();
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) if (user.customClaims?.admin === true) admins.add(user.uid);
    pageToken = page.pageToken;
  } while (pageToken);
  const listed = await adminsCollection().get();
  const stale = listed.docs.filter((doc) => !admins.has(doc.id));
  const missing = [...admins].filter((uid) => !listed.docs.some((doc) => doc.id === uid));
  await Promise.all([
    ...stale.map((doc) => doc.ref.delete()),
    ...missing.map((uid) => adminRosterRef(uid).set({ uid, since: now })),
  ]);
  return { added: missing.length, removed: stale.length };
}
