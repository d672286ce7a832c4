import {
  FieldPath,
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Transaction,
  type WithFieldValue,
} from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import {
  NOTIFICATION_KEPT_DAYS,
  NOTIFICATION_USERS_SHOWN,
  type AppNotification,
} from '@versus/domain/notifications/types';
import { DAY_MS } from '@versus/domain/platform/constants';
import { db } from '../platform/firebase';
import {
  adminsCollection,
  notificationRef,
  notificationsCollection,
  notificationsGroup,
  type StoredNotification,
} from '../platform/collections';
import { enqueueAlert } from '../alerts/outbox';

export type NotificationContent = Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>;

/** What a notification is written with: a transaction, or a batch with preconditions (a payout's). */
export interface Creates {
  create<T, D extends DocumentData>(ref: DocumentReference<T, D>, data: WithFieldValue<T>): unknown;
}

/** When Firestore's TTL policy removes a notification last written at `at` (record 91). */
export const notificationExpiry = (at: number): Date => new Date(at + NOTIFICATION_KEPT_DAYS * DAY_MS);

/**
 * Writes users/{uid}/notifications/{id} inside the command's transaction, and in the same commit
 * the alert off the site when the notification is one (alerts/outbox, issue #60).
 */
export function notify(tx: Creates, uid: string, content: NotificationContent, now: number): void {
  const ref = notificationsCollection(uid).doc();
  tx.create(ref, { ...content, uid, viewed: false, createdAt: now, expireAt: notificationExpiry(now) });
  enqueueAlert(tx, uid, ref.id, content, now);
}

/** The most admins one notice goes to: a notice is a notification and an alert each, in one commit. */
export const ADMINS_TOLD_MAX = 20;

/**
 * The platform admins' roster (record 126; users/admins.ts keeps it beside the claim), enough of it
 * to tell ADMINS_TOLD_MAX besides the two players of a battle. Read beside a command's first read
 * where the command may hand something to the admins, so it costs no call in a row.
 */
export const readAdminRoster = (): Promise<string[]> =>
  adminsCollection()
    .limit(ADMINS_TOLD_MAX + 2)
    .get()
    .then((roster) => roster.docs.map((doc) => doc.id));

/** The admins to tell, from the roster: at most ADMINS_TOLD_MAX, without `except` (an admin who plays). */
export function adminsToTell(roster: readonly string[], except: readonly string[]): string[] {
  const uids = roster.filter((uid) => !except.includes(uid));
  if (uids.length > ADMINS_TOLD_MAX) logger.warn('more admins than a notice reaches', { told: ADMINS_TOLD_MAX });
  return uids.slice(0, ADMINS_TOLD_MAX);
}

type Person = { uid: string; displayName: string };

/**
 * A notification that gathers people while it is unread (SPEC §3: the latest 3 names shown, and
 * how many): FOLLOW per day, USER_JOINED_ADMIN_TOURNAMENT and _LEFT_ per tournament and day. The open group
 * has a fixed id (`group`), so the command reads it by id inside its transaction. Once the reader
 * has viewed it, the viewed group keeps its place in the list under an id of its own and the
 * fixed id starts a new group with the newcomers (docs/api.md: grouped while unread).
 */
export async function gatherNotice(
  tx: Transaction,
  uid: string,
  group: string,
  content: Omit<NotificationContent, 'users' | 'people'>,
  newcomers: Person[],
  now: number,
): Promise<void> {
  const ref = notificationRef(uid, group);
  const existing = (await tx.get(ref)).data();
  if (existing && !existing.viewed) {
    const arriving = new Set(newcomers.map((person) => person.uid));
    const earlier = (existing.users ?? []).filter((person) => !arriving.has(person.uid));
    // Someone already named here who comes again (left and joined, unfollowed and followed) moves to
    // the front and is not counted twice (record 128); one counted beyond the names shown still is.
    const again = (existing.users ?? []).filter((person) => arriving.has(person.uid)).length;
    tx.update(ref, {
      ...content,
      users: [...newcomers, ...earlier].slice(0, NOTIFICATION_USERS_SHOWN),
      people: (existing.people ?? existing.users?.length ?? 0) + newcomers.length - again,
      createdAt: now,
      expireAt: notificationExpiry(now),
    });
    return;
  }
  const fresh: StoredNotification = {
    ...content,
    uid,
    viewed: false,
    createdAt: now,
    expireAt: notificationExpiry(now),
    users: newcomers.slice(0, NOTIFICATION_USERS_SHOWN),
    people: newcomers.length,
  };
  if (!existing) {
    tx.set(ref, fresh);
    return;
  }
  // Viewed: it moves to an id of its own, and the group's id starts again.
  tx.create(notificationsCollection(uid).doc(), existing);
  const stale = Object.keys(existing).filter((key) => !(key in fresh));
  tx.update(ref, { ...fresh, ...Object.fromEntries(stale.map((key) => [key, FieldValue.delete()])) });
}

/**
 * Takes one person off a gathered notice its reader has not viewed (an unfollow the same day: "Ana
 * followed you" no longer true): the names and the count go down, and a notice left with no name is
 * deleted. A viewed notice stays as it was seen; one counted beyond the names shown is not known
 * by name, so its count stays.
 */
export async function withdrawFromNotice(tx: Transaction, uid: string, group: string, person: string): Promise<void> {
  const ref = notificationRef(uid, group);
  const existing = (await tx.get(ref)).data();
  const users = existing?.users ?? [];
  if (!existing || existing.viewed || !users.some((named) => named.uid === person)) return;
  const people = (existing.people ?? users.length) - 1;
  const named = users.filter((other) => other.uid !== person);
  // With no name left, it goes: "and 1 other started following you" would name nobody.
  if (people <= 0 || named.length === 0) tx.delete(ref);
  else tx.update(ref, { users: named, people });
}

/**
 * `npm run migrate`: every notification written before notifications had an expiry gets one, counted from
 * when it was written (record 91). Idempotent: one with an expiry is left as it is.
 */
export async function backfillNotificationExpiry(): Promise<{ updated: number }> {
  let updated = 0;
  const writer = db.bulkWriter();
  // A notification written meanwhile carries its own expiry: its update-time precondition fails.
  writer.onWriteError(() => false);
  writer.onWriteResult(() => {
    updated += 1;
  });
  let after: string | undefined;
  for (;;) {
    let page = notificationsGroup().orderBy(FieldPath.documentId()).limit(500);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    if (docs.length === 0) break;
    after = docs[docs.length - 1]!.ref.path;
    for (const doc of docs) {
      const { createdAt, expireAt } = doc.data() as Partial<StoredNotification>;
      if (expireAt) continue;
      void writer
        .update(doc.ref, { expireAt: notificationExpiry(createdAt ?? Date.now()) }, { lastUpdateTime: doc.updateTime })
        .catch(() => undefined);
    }
  }
  await writer.close();
  return { updated };
}
