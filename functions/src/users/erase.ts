import { logger } from 'firebase-functions';
import { FieldPath, type DocumentData, type DocumentReference, type Query } from 'firebase-admin/firestore';
import { battlesCollection, challengesCollection } from '../battles/refs';
import { outboxCollection } from '../alerts/refs';
import {
  adminRosterRef,
  idempotencyCollection,
  notificationsGroup,
  payoutsCollection,
  profileRef,
} from '../platform/collections';
import { memberStatesGroup, membersGroup, messagesGroup } from '../rooms/refs';
import { listCollection, pairsCollection } from '../social/refs';
import { invitesGroup, invitesRef, partiesCollection, tournamentsCollection } from '../tournaments/refs';
import { historyGroup } from './statistics';
import { UPLOAD_FOLDERS, blobStore } from '../platform/blob-store';
import { db } from '../platform/firebase';
import { HttpError } from '../errors/http-error';
import { unfollow } from '../social/follows';

/**
 * What an account's deletion removes or blanks besides the profile and the private account
 * (docs/decisions/0057, issue #58): everything "Download my data" lists about the player. Their own
 * lists (notifications, history, free days, prize years), follows on both sides, room memberships,
 * invites and stored answers go; their chat messages lose their text and attachment; their name and
 * picture go from every copy in battles, challenges, tournaments, parties, invites, others'
 * history and others' notifications; their uploads are deleted, and a settled payout forgets the
 * PayPal address it went to. What stays is pseudonymous: the ledger, escrows, orders and payouts
 * (bookkeeping), and results under a uid that no longer leads to anyone (brackets, statistics).
 *
 * Run before the deletion's transaction, while the profile still has the name to look for; every
 * step can run again, so a failure leaves the account due and the next sweep finishes it.
 */
export async function eraseTraces(uid: string): Promise<void> {
  const displayName = (await profileRef(uid).get()).data()?.displayName ?? '';
  const bulk = db.bulkWriter();
  bulk.onWriteError((error) => {
    // A document deleted meanwhile needs nothing more.
    if (error.code === 5) return false;
    return error.failedAttempts < 5;
  });
  // Each write's own promise: a document gone meanwhile is fine; anything else fails the erase.
  const failures: unknown[] = [];
  const settle = (write: Promise<unknown>) =>
    void write.catch((error: { code?: number }) => {
      if (error.code !== 5) failures.push(error);
    });
  const writer = {
    delete: (ref: DocumentReference) => settle(bulk.delete(ref)),
    update: (ref: DocumentReference, ...args: unknown[]) =>
      settle((bulk.update as (...all: unknown[]) => Promise<unknown>)(ref, ...args)),
  };
  const each = async <T extends DocumentData>(query: Query<T>, write: (ref: DocumentReference<T>, data: T) => void) => {
    for (const doc of (await query.get()).docs) write(doc.ref, doc.data());
  };
  const user = profileRef(uid);

  // Follows, both ways, as unfollows: the counts, lists and mutuals of the others move with them.
  const [following, followers] = await Promise.all([
    listCollection(uid, 'following').get(),
    listCollection(uid, 'followers').get(),
  ]);
  const quietly = (done: Promise<unknown>) =>
    done.catch((error: unknown) => {
      if (!(error instanceof HttpError && error.code === 'not-following')) throw error;
    });
  for (const doc of following.docs) await quietly(unfollow(uid, doc.id, Date.now()));
  for (const doc of followers.docs) await quietly(unfollow(doc.id, uid, Date.now()));
  await each(pairsCollection().where('users', 'array-contains', uid), (ref) => writer.delete(ref));

  // Their own lists. The private account stays for the transaction; the history stays with the
  // statistics it proves (check:stats), results under a uid that leads to nobody.
  for (const collection of await user.listCollections())
    if (!['private', 'following', 'followers', 'history'].includes(collection.id))
      await each(collection, (ref) => writer.delete(ref));
  await each(idempotencyCollection().where('uid', '==', uid), (ref) => writer.delete(ref));
  // Their alerts off the site (issue #60); others' alerts drop their content once delivered.
  await each(outboxCollection().where('uid', '==', uid), (ref) => writer.delete(ref));
  await each(invitesGroup().where('uid', '==', uid), (ref) => writer.delete(ref));
  await each(membersGroup().where('uid', '==', uid), (ref) => writer.delete(ref));
  await each(memberStatesGroup().where('uid', '==', uid), (ref) => writer.delete(ref));
  // An admin's place on the roster (record 126): a deleted account hears of no dispute.
  writer.delete(adminRosterRef(uid));

  // What they wrote in rooms, and their name on it.
  await each(messagesGroup().where('sender.uid', '==', uid), (ref) =>
    writer.update(ref, {
      message: '',
      attachment: null,
      deleted: true,
      deletedBy: uid,
      'sender.displayName': '',
      'sender.avatar': null,
    }),
  );

  // Their name and picture in contests.
  await each(battlesCollection().where('participants', 'array-contains', uid), (ref) =>
    writer.update(ref, new FieldPath('players', uid, 'displayName'), '', new FieldPath('players', uid, 'avatar'), null),
  );
  await each(challengesCollection().where('participants', 'array-contains', uid), (ref, data) => {
    for (const side of ['challenger', 'opponent'] as const)
      if (data[side]?.uid === uid) writer.update(ref, `${side}.displayName`, '', `${side}.avatar`, null);
  });
  await blankTournaments(uid);

  // Copies of the name in other players' history and notifications.
  const named = [
    { uid, displayName },
    { id: uid, displayName },
  ];
  for (const opponent of named)
    await each(historyGroup().where('opponent', '==', opponent), (ref) =>
      writer.update(ref, 'opponent.displayName', ''),
    );
  const person = { uid, displayName };
  for (const field of ['opponent', 'winner'])
    await each(notificationsGroup().where(field, '==', person), (ref) =>
      writer.update(ref, `${field}.displayName`, ''),
    );
  await each(notificationsGroup().where('users', 'array-contains', person), (ref, data) =>
    writer.update(ref, {
      users: (data.users as { uid: string; displayName: string }[]).map((item) =>
        item.uid === uid ? { uid, displayName: '' } : item,
      ),
    }),
  );

  // A settled payout keeps its amount and batch for the books, not the address it went to.
  await each(payoutsCollection().where('uid', '==', uid), (ref, data) => {
    if (data.state === 'PAID' || data.state === 'FAILED') writer.update(ref, { receiver: '' });
  });
  await bulk.close();
  if (failures.length > 0) throw new Error(`erasing ${uid}: ${failures.length} writes failed: ${String(failures[0])}`);

  // Their uploads.
  const uploads = (await Promise.all(UPLOAD_FOLDERS.map((folder) => blobStore().list(`${folder}/${uid}/`)))).flat();
  await Promise.all(uploads.map((path) => blobStore().remove(path)));
  logger.info('account traces erased', { uid, uploads: uploads.length });
}

type Entrant = {
  kind?: 'PLAYER' | 'PARTY';
  uid?: string;
  displayName?: string;
  avatar?: string | null;
  members?: { uid: string; displayName?: string; avatar?: string | null }[];
};
type Party = { leader: string; invited?: string[]; participants?: { uid: string }[] };

/**
 * Tournaments they host or are in: the entrant (or party member), the owner's summary and the
 * cover they uploaded; their parties' member lists, and the invites their parties sent. Each
 * tournament in a transaction: its entrants are an array that commands rewrite too.
 */
async function blankTournaments(uid: string) {
  const [hosted, joined] = await Promise.all([
    tournamentsCollection().where('uid', '==', uid).get(),
    tournamentsCollection().where('memberUids', 'array-contains', uid).get(),
  ]);
  const blank = <T extends { uid?: string; displayName?: string; avatar?: string | null }>(item: T): T =>
    item.uid === uid ? { ...item, displayName: '', avatar: null } : item;
  const refs = new Map([...hosted.docs, ...joined.docs].map((doc) => [doc.id, doc.ref]));
  for (const ref of refs.values()) {
    await db.runTransaction(async (tx) => {
      const data = (await tx.get(ref)).data();
      if (!data) return;
      // A party's entry is named by its team (its `uid` is the leader's): only its member is blanked.
      const participants = ((data.participants as Entrant[] | undefined) ?? []).map((entrant) => ({
        ...(entrant.kind === 'PARTY' ? entrant : blank(entrant)),
        ...(entrant.members ? { members: entrant.members.map(blank) } : {}),
      }));
      tx.update(ref, {
        participants,
        ...(data.uid === uid ? { 'owner.displayName': '', 'owner.avatar': null, coverImage: null } : {}),
      });
    });
    const parties = await partiesCollection(ref.id).get();
    for (const party of parties.docs) {
      const data = party.data() as Party;
      // The member list is rewritten whole, as joins and leaves rewrite it: in a transaction.
      if ((data.participants ?? []).some((member) => member.uid === uid))
        await db.runTransaction(async (tx) => {
          const members = ((await tx.get(party.ref)).data() as Party | undefined)?.participants;
          if (members) tx.update(party.ref, { participants: members.map(blank) });
        });
      // Each invite's copy of the leader's name, in a transaction: one withdrawn or ignored since the
      // party was read is not made again (an update of the name alone left a bare entry in the list).
      if (data.leader === uid)
        for (const invitee of data.invited ?? [])
          await db.runTransaction(async (tx) => {
            const invite = await tx.get(invitesRef(ref.id, invitee));
            if (invite.get(new FieldPath('parties', party.id)) !== undefined)
              tx.update(invite.ref, new FieldPath('parties', party.id, 'leaderName'), '');
          });
    }
  }
}
