import { collection, doc, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';

/** A tournament room's newest messages (the chat panel reads them live, newest `count`). */
export const roomMessagesQuery = (db: Firestore, roomId: string, count: number) =>
  query(collection(db, 'rooms', roomId, 'messages'), orderBy('sent', 'desc'), limit(count));

/** The room's members: who is typing. */
export const roomMembersQuery = (db: Firestore, roomId: string) => collection(db, 'rooms', roomId, 'members');

/** My own state in a room, mine alone to read: my last open (unread counts; docs/decisions/0094). */
export const myRoomStateDoc = (db: Firestore, roomId: string, uid: string) =>
  doc(db, 'rooms', roomId, 'member_states', uid);

/** Messages after a moment (unread since my last open), the oldest `most` of them. */
export const roomMessagesAfterQuery = (db: Firestore, roomId: string, after: number, most: number) =>
  query(collection(db, 'rooms', roomId, 'messages'), where('sent', '>', after), orderBy('sent'), limit(most));
