/**
 * Tournament chat (SPEC §1, §3 Chat room, §5 "participants or the owner only", §9 timings). A
 * tournament's room has the tournament's id (DESIGN §9: chat lives in rooms/, never on the
 * tournament); its members are the host and every player inside an entrant.
 */

export const MESSAGE_MAX = 500;
/** SPEC §9: a typing notice at most every 2 s; someone is typing while their last is within 10 s. */
export const TYPED_THROTTLE_MS = 2_000;
export const TYPING_SHOWN_MS = 10_000;
/** SPEC §9: last-open updates at most every 5 s, sent every 10 s while the room is open. */
export const LAST_OPEN_THROTTLE_MS = 5_000;
export const LAST_OPEN_EVERY_MS = 10_000;
/** Sending is limited per member: at most this many messages in this window (429 beyond). */
export const SEND_LIMIT = 10;
export const SEND_WINDOW_MS = 10_000;
/** The newest messages read live; older ones load on demand, this many at a time. */
export const MESSAGES_PAGE = 50;
/**
 * The unread messages a room's badge in /my-games counts, at most ("9+ new in chat"): the badge reads
 * one more than this, the oldest unread, not the whole backlog; once they are there, newer messages
 * cost the open page nothing.
 */
export const UNREAD_COUNTED = 9;

export interface ChatSender {
  uid: string;
  displayName: string;
  avatar: string | null;
  avatarPlaceholder: number;
}

/** rooms/{id}/messages/{messageId} */
export interface ChatMessage {
  id: string;
  roomId: string;
  sender: ChatSender;
  message: string;
  attachment: { path: string; url: string } | null;
  sent: number;
  /** Members mentioned with @displayName (each told once). */
  mentions: string[];
  deleted: boolean;
  deletedBy: string | null;
  deletedAt: number | null;
}

/**
 * rooms/{id}/members/{uid}: what the room sees of a member, its name and last typing notice (one
 * document per member, so 32 typists never write one document; issue #13). Every member listens to
 * them all, so nothing else is written here (docs/decisions/0094).
 */
export interface RoomMember {
  uid: string;
  displayName: string;
  lastTyped: number | null;
}

/**
 * rooms/{id}/member_states/{uid}: what only the member reads, their last open (unread counts) and
 * their sending window for the rate limit; written when the open room has a message to mark read
 * and on sending (docs/decisions/0094, 0095).
 */
export interface RoomMemberState {
  uid: string;
  /** What the member has read up to: a message's `sent`, or the time of a mark (record 102). */
  lastOpen: number | null;
  /** When a mark of the last open was last written, for its 5-s throttle (absent before record 102). */
  markedAt?: number;
  window: { start: number; count: number };
}

/** An `@name` token: what comes before it (nothing, or no letter or digit), and the name. */
export const MENTION_PATTERN = /(^|[^\p{L}\p{N}_])@([\p{L}\p{N}_.-]{1,40})/gu;
/** The `@name` being typed at the end of a draft (the type-ahead's), of the same characters. */
export const MENTION_TYPING = /(?:^|\s)@([\p{L}\p{N}_.-]*)$/u;

/** The display names a message mentions: `@name` tokens, compared case-insensitively. */
export function mentionedNames(message: string): string[] {
  return [...new Set([...message.matchAll(MENTION_PATTERN)].map((m) => m[2]!.toLowerCase()))];
}

/**
 * Who is typing now (SPEC §9): other members whose last typing notice is within 10 s and newer than
 * their last message among `messages` (a message sent ends its typing; nothing clears the notice).
 */
export function typingMembers(
  members: RoomMember[],
  self: string | undefined,
  now: number,
  messages: Pick<ChatMessage, 'sent' | 'sender'>[],
) {
  const lastSent = new Map<string, number>();
  for (const message of messages)
    lastSent.set(message.sender.uid, Math.max(lastSent.get(message.sender.uid) ?? 0, message.sent));
  return members.filter(
    (member) =>
      member.uid !== self &&
      member.lastTyped !== null &&
      now - member.lastTyped < TYPING_SHOWN_MS &&
      member.lastTyped > (lastSent.get(member.uid) ?? 0),
  );
}

/** Messages sent by others after the member last had the room open. */
export const unreadCount = (
  messages: Pick<ChatMessage, 'sent' | 'sender' | 'deleted'>[],
  self: string,
  lastOpen: number | null,
) =>
  messages.filter((message) => message.sender.uid !== self && !message.deleted && message.sent > (lastOpen ?? 0))
    .length;
