import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, type Firestore } from 'firebase/firestore';
import { describe, it } from 'vitest';
import {
  myRoomStateDoc,
  roomMembersQuery,
  roomMessagesAfterQuery,
  roomMessagesQuery,
} from '../../web/src/features/tournaments/chat-queries';
import { UNREAD_COUNTED } from '@versus/domain/rooms/room';
import { actors, seed, useRulesEnvironment } from './environment';

// Tournament chat (SPEC §5: participants or the owner only): the room is the tournament's; its
// members are the host (alice in the actors) and the players inside it (bob, "other" here).
const environment = useRulesEnvironment();
const as = (db: unknown) => db as Firestore;

const seedRoom = () =>
  seed(environment(), {
    'tournaments/t1': { uid: 'alice', name: 'Cup', memberUids: ['bob'], state: 'OPEN' },
    'tournaments/t2': { uid: 'carol', name: 'Other', memberUids: ['dave'], state: 'OPEN' },
    'rooms/t1/messages/m1': { sender: { uid: 'bob' }, message: 'hi', sent: 1 },
    'rooms/t1/members/bob': { uid: 'bob', displayName: 'bob', lastTyped: 1 },
    'rooms/t1/member_states/bob': { uid: 'bob', lastOpen: 1, window: { start: 0, count: 0 } },
    'rooms/t2/messages/m1': { sender: { uid: 'dave' }, message: 'hi', sent: 1 },
  });

describe('rooms: messages, members and their states', () => {
  it('the host and the players read the room through the panel’s queries; nobody else does', async () => {
    await seedRoom();
    const { anonymous, owner, other, admin } = actors(environment());
    for (const db of [owner, other]) {
      await assertSucceeds(getDocs(roomMessagesQuery(as(db), 't1', 50)));
      await assertSucceeds(getDocs(roomMembersQuery(as(db), 't1')));
      await assertSucceeds(getDoc(doc(db, 'rooms/t1/messages/m1')));
      await assertSucceeds(getDoc(doc(db, 'rooms/t1/members/bob')));
      await assertSucceeds(getDocs(roomMessagesAfterQuery(as(db), 't1', 0, UNREAD_COUNTED + 1)));
    }
    for (const db of [anonymous, admin]) {
      await assertFails(getDocs(roomMessagesQuery(as(db), 't1', 50)));
      await assertFails(getDocs(roomMembersQuery(as(db), 't1')));
      await assertFails(getDocs(roomMessagesAfterQuery(as(db), 't1', 0, UNREAD_COUNTED + 1)));
    }
    await assertFails(getDocs(roomMessagesQuery(as(owner), 't2', 50)));
    await assertFails(getDocs(roomMessagesQuery(as(other), 'no-such-room', 50)));
  });

  it('a member’s last open is theirs alone to read (record 94)', async () => {
    await seedRoom();
    const { anonymous, owner, other, admin } = actors(environment());
    // /my-games' unread badge and the closed panel: my state, then the messages since.
    await assertSucceeds(getDoc(myRoomStateDoc(as(other), 't1', 'bob')));
    // The host of the room, an admin and a visitor may not; nobody lists the room's states.
    for (const db of [owner, admin, anonymous]) await assertFails(getDoc(myRoomStateDoc(as(db), 't1', 'bob')));
    for (const db of [owner, other]) await assertFails(getDocs(collection(as(db), 'rooms/t1/member_states')));
  });

  it('nobody writes a message or a member document from a client', async () => {
    await seedRoom();
    const { anonymous, owner, other, admin } = actors(environment());
    for (const db of [anonymous, owner, other, admin]) {
      await assertFails(setDoc(doc(db, 'rooms/t1/messages/m2'), { message: 'forged', sent: 2 }));
      await assertFails(deleteDoc(doc(db, 'rooms/t1/messages/m1')));
      await assertFails(setDoc(doc(db, 'rooms/t1/members/bob'), { lastTyped: 99 }));
      await assertFails(setDoc(doc(db, 'rooms/t1/member_states/bob'), { uid: 'bob', lastOpen: 99 }));
      await assertFails(deleteDoc(doc(db, 'rooms/t1/member_states/bob')));
      await assertFails(setDoc(doc(db, 'rooms/t1'), { hacked: true }));
    }
  });
});
