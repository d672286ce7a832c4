import type { ChatMessage, RoomMember, RoomMemberState } from '@versus/domain/rooms/room';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { typed } from '../platform/collections';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';

/** A room's documents: the room has its tournament's id (its members are the tournament's). */
export const roomTournamentRef = (id: string) =>
  db.doc(`tournaments/${documentId(id, 'That room')}`).withConverter(typed<Tournament>());
export const messagesCollection = (id: string) =>
  db.collection(`rooms/${documentId(id, 'That room')}/messages`).withConverter(typed<ChatMessage>());
export const memberRef = (id: string, uid: string) =>
  db.doc(`rooms/${documentId(id, 'That room')}/members/${uid}`).withConverter(typed<RoomMember>());
/** What only the member reads: their last open and sending window (docs/decisions/0094). */
export const memberStateRef = (id: string, uid: string) =>
  db.doc(`rooms/${documentId(id, 'That room')}/member_states/${uid}`).withConverter(typed<RoomMemberState>());
/** Every room's messages, members and member states at once: one player's, for their export or deletion. */
export const messagesGroup = () => db.collectionGroup('messages').withConverter(typed<ChatMessage>());
export const membersGroup = () => db.collectionGroup('members').withConverter(typed<RoomMember>());
export const memberStatesGroup = () => db.collectionGroup('member_states').withConverter(typed<RoomMemberState>());
