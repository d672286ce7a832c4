import { collection, limit, orderBy, query, type Firestore } from 'firebase/firestore';

/** A tournament room's newest messages (the chat panel reads them live, newest `count`). */
export const roomMessagesQuery = (db: Firestore, roomId: string, count: number) =>
  query(collection(db, 'rooms', roomId, 'messages'), orderBy('sent', 'desc'), limit(count));

/** The room's members: who is typing, and my last open (unread counts). */
export const roomMembersQuery = (db: Firestore, roomId: string) => collection(db, 'rooms', roomId, 'members');
