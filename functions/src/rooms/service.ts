import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import type { ProofImage } from '@versus/domain/battles/battle';
import {
  LAST_OPEN_THROTTLE_MS,
  SEND_LIMIT,
  SEND_WINDOW_MS,
  TYPED_THROTTLE_MS,
  mentionedNames,
  type ChatMessage,
  type RoomMember,
  type RoomMemberState,
} from '@versus/domain/rooms/room';
import type { MemberSummary, Tournament } from '@versus/domain/tournaments/tournament';
import type { LastOpenInput } from '@versus/domain/rooms/schemas';
import { HttpError, notFound } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { profileRef } from '../platform/collections';
import { documentId } from '../platform/ids';
import { gated, readAhead, runOptimistic, type Gate } from '../platform/optimistic';
import { memberRef, memberStateRef, membersGroup, messagesCollection, roomTournamentRef } from './refs';
import { readDocument } from '../platform/reads';
import { moveFieldsOut } from '../platform/move-fields';

/**
 * Tournament chat rooms (issue #13, DESIGN §9): `rooms/{tournament id}` with `messages`, one
 * `members/{uid}` document per member that the room listens to (name, typing) and one
 * `member_states/{uid}` that only its member reads (last open, the sending window;
 * docs/decisions/0094), so members never write a shared document. Members: the host and every
 * player inside an entrant (SPEC §5).
 */

/** The room's members with their names: the host and everyone inside an entrant. */
function membersOf(tournament: Tournament): MemberSummary[] {
  const all = [tournament.owner, ...tournament.participants.flatMap((entrant) => entrant.members)];
  return [...new Map(all.map((member) => [member.uid, member])).values()];
}

/**
 * The room and the document of it a command works on (`own`: the caller's member or state document,
 * or a message), read in one round trip with the room's tournament. The tournament (membership,
 * host) is read outside the transaction, so it is not guarded: a message racing a player's leave
 * serializes before the leave (no command reads what a message writes), and a busy room does not
 * guard-write its tournament once per message (DESIGN §8 no hot document; docs/decisions/0077).
 */
async function readRoom<T>(tx: Transaction, id: string, uid: string, own: DocumentReference<T>) {
  // Read with the tournament, one round trip: it is guarded only if the caller is a member
  // (platform/optimistic readAhead).
  readAhead(tx, [own as DocumentReference]);
  const tournament = (await roomTournamentRef(id).get()).data();
  if (!tournament) throw notFound('That room');
  const isMember = tournament.uid === uid || tournament.memberUids.includes(uid);
  if (!isMember)
    throw new HttpError(403, 'Only the players of this tournament and its host can chat here.', 'not-a-member');
  const mine = (await tx.get(own)).data();
  return { tournament, mine, isHost: tournament.uid === uid };
}

const blankState = (uid: string): RoomMemberState => ({ uid, lastOpen: null, window: { start: 0, count: 0 } });

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
    const [{ tournament, mine: state }, profileSnapshot] = await Promise.all([
      readRoom(tx, id, uid, memberStateRef(id, uid)),
      gate?.reads.get(profileRef(uid).path) ?? readDocument(profileRef(uid)),
    ]);
    const profile = profileSnapshot.data();
    if (!profile) throw notFound('Your profile');
    const current = state ?? blankState(uid);
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
    // The sending window moves, not the last open: another member's message that reached the room
    // just before this one may not show in the sender's tab yet, and stays unread until a mark reads
    // it (docs/decisions/0104). The room's members see the typing notice end with the message itself
    // (typingMembers), so their document is not written: a message is one read for each member with
    // the room open.
    const window = inWindow
      ? { start: current.window.start, count: current.window.count + 1 }
      : { start: now, count: 1 };
    if (state) tx.update(memberStateRef(id, uid), { window });
    else tx.set(memberStateRef(id, uid), { ...current, window });
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
export const typed_ = (uid: string, id: string, now: number) =>
  runOptimistic(async (tx) => {
    const { mine: member } = await readRoom(tx, id, uid, memberRef(id, uid));
    const last = member?.lastTyped ?? null;
    if (last !== null && now - last < TYPED_THROTTLE_MS) return { lastTyped: last, throttled: true };
    if (member) tx.update(memberRef(id, uid), { lastTyped: now });
    else {
      const profile = (await profileRef(uid).get()).data();
      const blank: RoomMember = { uid, displayName: profile?.displayName ?? '?', lastTyped: now };
      tx.set(memberRef(id, uid), blank);
    }
    return { lastTyped: now, throttled: false };
  });

/**
 * POST /rooms/{id}/lastOpen (SPEC §7, throttled to one write per 5 s per member; a closing mark is
 * written regardless, so what was read just before closing stays read): only the member reads it.
 * Read up to `seen`, the newest message the member's tab has shown (never later than now), or up to
 * now without it: a message that reached the room after the one shown, while the mark was on its way,
 * stays unread (docs/decisions/0102). A last open never moves back.
 */
export const lastOpen = (uid: string, id: string, now: number, { closing = false, seen }: LastOpenInput = {}) =>
  runOptimistic(async (tx) => {
    const { mine: state } = await readRoom(tx, id, uid, memberStateRef(id, uid));
    const last = state?.lastOpen ?? null;
    const upTo = seen === undefined ? now : Math.min(seen, now);
    // The throttle counts from the last mark's write (a state from before `markedAt` has its last
    // open as the time of its mark), not from a message's time, which a client could raise by 1 ms
    // on every call.
    const marked = state?.markedAt ?? last;
    const throttled = !closing && marked !== null && now - marked < LAST_OPEN_THROTTLE_MS;
    if ((last !== null && upTo <= last) || throttled) return { lastOpen: last, throttled: true };
    if (state) tx.update(memberStateRef(id, uid), { lastOpen: upTo, markedAt: now });
    else tx.set(memberStateRef(id, uid), { ...blankState(uid), lastOpen: upTo, markedAt: now });
    return { lastOpen: upTo, throttled: false };
  });

/** POST /rooms/{id}/messages/{messageId}/delete: the sender, or the host, removes a message. */
export const deleteMessage = (uid: string, id: string, messageId: string, now: number) =>
  runOptimistic(async (tx) => {
    const ref = messagesCollection(id).doc(documentId(messageId, 'That message'));
    const { isHost, mine: message } = await readRoom(tx, id, uid, ref);
    if (!message) throw notFound('That message');
    if (message.sender.uid !== uid && !isHost)
      throw new HttpError(403, 'Only its sender or the host can remove a message.', 'forbidden');
    if (message.deleted) return message;
    const removed = { message: '', attachment: null, deleted: true, deletedBy: uid, deletedAt: now };
    tx.update(ref, removed);
    return { ...message, ...removed };
  });

/**
 * Last opens and sending windows off the members' documents (docs/decisions/0094): each member
 * document that carries them gives its last open to the member's state document (unless the API
 * has written one since) and loses both. For `npm run migrate`; a second run finds nothing to move.
 */
export const moveRoomStatesOffMembers = () =>
  moveFieldsOut({
    source: membersGroup().orderBy('uid'),
    fields: ['lastOpen', 'window'],
    target: (member) => {
      const uid = member.get('uid') as string;
      const state: RoomMemberState = {
        uid,
        lastOpen: (member.get('lastOpen') as number | null) ?? null,
        window: { start: 0, count: 0 },
      };
      return { ref: memberStateRef(member.ref.parent.parent!.id, uid), data: state };
    },
  });
