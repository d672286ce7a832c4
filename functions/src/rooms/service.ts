import type { Transaction } from 'firebase-admin/firestore';
import type { ProofImage } from '@versus/domain/battles/battle';
import {
  LAST_OPEN_THROTTLE_MS,
  SEND_LIMIT,
  SEND_WINDOW_MS,
  TYPED_THROTTLE_MS,
  mentionedNames,
  type ChatMessage,
  type RoomMember,
} from '@versus/domain/rooms/room';
import type { MemberSummary, Tournament } from '@versus/domain/tournaments/tournament';
import { HttpError, notFound } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { profileRef } from '../platform/collections';
import { documentId } from '../platform/ids';
import { gated, readAhead, runOptimistic, type Gate } from '../platform/optimistic';
import { memberRef, messagesCollection, roomTournamentRef } from './refs';
import { readDocument } from '../platform/reads';

/**
 * Tournament chat rooms (issue #13, DESIGN §9): `rooms/{tournament id}` with `messages` and one
 * `members/{uid}` document per member (typing, last open, the sending window), so members never
 * write a shared document. Members: the host and every player inside an entrant (SPEC §5).
 */

/** The room's members with their names: the host and everyone inside an entrant. */
function membersOf(tournament: Tournament): MemberSummary[] {
  const all = [tournament.owner, ...tournament.participants.flatMap((entrant) => entrant.members)];
  return [...new Map(all.map((member) => [member.uid, member])).values()];
}

/**
 * The room and the caller's member document. The tournament (membership, host) is read outside
 * the transaction, so it is not guarded: a message racing a player's leave serializes before the
 * leave (no command reads what a message writes), and a busy room does not guard-write its
 * tournament once per message (DESIGN §8 no hot document; docs/decisions/0077).
 */
async function readRoom(tx: Transaction, id: string, uid: string) {
  // The member document is read with the tournament, one round trip: it is guarded only if the
  // caller is a member (platform/optimistic readAhead).
  readAhead(tx, [memberRef(id, uid)]);
  const tournament = (await roomTournamentRef(id).get()).data();
  if (!tournament) throw notFound('That room');
  const isMember = tournament.uid === uid || tournament.memberUids.includes(uid);
  if (!isMember)
    throw new HttpError(403, 'Only the players of this tournament and its host can chat here.', 'not-a-member');
  const member = (await tx.get(memberRef(id, uid))).data();
  return { tournament, member, isHost: tournament.uid === uid };
}

const blankMember = (uid: string, displayName: string): RoomMember => ({
  uid,
  displayName,
  lastTyped: null,
  lastOpen: null,
  window: { start: 0, count: 0 },
});

/** POST /rooms/{id}/sendMessage: a message (rate-limited per member), mentions told once each. */
export const sendMessage = (
  uid: string,
  id: string,
  input: { message: string; attachment: ProofImage | null },
  now: number,
  gate?: Gate,
) =>
  runOptimistic(async (tx) => {
    // The sender's name and picture are copied into the message; not guarded, like the room
    // (the gate's read of the profile when there is one).
    const [{ tournament, member }, profileSnapshot] = await Promise.all([
      readRoom(tx, id, uid),
      gate?.reads.get(profileRef(uid).path) ?? readDocument(profileRef(uid)),
    ]);
    const profile = profileSnapshot.data();
    if (!profile) throw notFound('Your profile');
    const current = member ?? blankMember(uid, profile.displayName);
    const inWindow = now - current.window.start < SEND_WINDOW_MS;
    if (inWindow && current.window.count >= SEND_LIMIT)
      throw new HttpError(
        429,
        `Slow down: at most ${SEND_LIMIT} messages in ${SEND_WINDOW_MS / 1000} seconds.`,
        'rate-limited',
      );
    const names = new Set(mentionedNames(input.message));
    const mentioned = membersOf(tournament).filter(
      (other) => other.uid !== uid && names.has(other.displayName.toLowerCase()),
    );
    const ref = messagesCollection(id).doc();
    const message: ChatMessage = {
      id: ref.id,
      roomId: id,
      sender: {
        uid,
        displayName: profile.displayName,
        avatar: profile.avatar ?? null,
        avatarPlaceholder: profile.avatarPlaceholder ?? 0,
      },
      message: input.message,
      attachment: input.attachment,
      sent: now,
      mentions: mentioned.map((other) => other.uid),
      deleted: false,
      deletedBy: null,
      deletedAt: null,
    };
    tx.create(ref, message);
    const next: RoomMember = {
      ...current,
      displayName: profile.displayName,
      // Sending is reading: the sender has seen the room up to their own message.
      lastOpen: now,
      lastTyped: null,
      window: inWindow ? { start: current.window.start, count: current.window.count + 1 } : { start: now, count: 1 },
    };
    if (member) tx.update(memberRef(id, uid), { ...next });
    else tx.set(memberRef(id, uid), next);
    for (const other of mentioned)
      notify(
        tx,
        other.uid,
        {
          type: 'TOURNAMENT_ROOM_MENTION',
          tournament: { id: tournament.id, name: tournament.name },
          users: [{ uid, displayName: profile.displayName }],
          message: ref.id,
        },
        now,
      );
    return message;
  }, gated(gate));

/** POST /rooms/{id}/typed (SPEC §7, throttled to one write per 2 s per member). */
export const typed_ = (uid: string, id: string, now: number) => touch(uid, id, now, 'lastTyped', TYPED_THROTTLE_MS);
/** POST /rooms/{id}/lastOpen (SPEC §7, throttled to one write per 5 s per member). */
export const lastOpen = (uid: string, id: string, now: number) =>
  touch(uid, id, now, 'lastOpen', LAST_OPEN_THROTTLE_MS);

function touch(uid: string, id: string, now: number, field: 'lastTyped' | 'lastOpen', throttle: number) {
  return runOptimistic(async (tx) => {
    const { member } = await readRoom(tx, id, uid);
    const last = member?.[field] ?? null;
    if (last !== null && now - last < throttle) return { [field]: last, throttled: true };
    if (member) tx.update(memberRef(id, uid), { [field]: now });
    else {
      const profile = (await profileRef(uid).get()).data();
      tx.set(memberRef(id, uid), { ...blankMember(uid, profile?.displayName ?? '?'), [field]: now });
    }
    return { [field]: now, throttled: false };
  });
}

/** POST /rooms/{id}/messages/{messageId}/delete: the sender, or the host, removes a message. */
export const deleteMessage = (uid: string, id: string, messageId: string, now: number) =>
  runOptimistic(async (tx) => {
    const { isHost } = await readRoom(tx, id, uid);
    const ref = messagesCollection(id).doc(documentId(messageId, 'That message'));
    const message = (await tx.get(ref)).data();
    if (!message) throw notFound('That message');
    if (message.sender.uid !== uid && !isHost)
      throw new HttpError(403, 'Only its sender or the host can remove a message.', 'forbidden');
    if (message.deleted) return message;
    const removed = { message: '', attachment: null, deleted: true, deletedBy: uid, deletedAt: now };
    tx.update(ref, removed);
    return { ...message, ...removed };
  });
