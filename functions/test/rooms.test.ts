import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API, adminDb, call, createTournament, verifiedUser, type Body, type Player } from './helpers';

/** Tournament chat (issue #13): members only, 1–500 characters, a rate limit, mentions, deletes. */

async function room(players = 2) {
  const host = await verifiedUser();
  const created = await createTournament(host.token, { name: `Chat Cup ${randomUUID().slice(0, 6)}` });
  const id = created.body.id as string;
  expect(created.body.chat).toEqual({ id });
  const members = await Promise.all(Array.from({ length: players }, () => verifiedUser()));
  for (const member of members) await call(`/tournaments/${id}/join`, { token: member.token, body: {} });
  return { host, id, members };
}
const send = (who: Player, id: string, body: Body) =>
  call<Body>(`/rooms/${id}/sendMessage`, { token: who.token, body });
const messagesOf = async (id: string) =>
  (await adminDb.collection(`rooms/${id}/messages`).orderBy('sent').get()).docs.map((doc) => doc.data());
const mentionsOf = async (uid: string) =>
  (await adminDb.collection(`users/${uid}/notifications`).where('type', '==', 'TOURNAMENT_ROOM_MENTION').get()).docs;

describe('tournament chat', () => {
  it('members and the host talk; outsiders may not; text is 1–500 characters', async () => {
    const { host, id, members } = await room();
    const [ann] = members as [Player];
    const outsider = await verifiedUser();
    expect(await send(outsider, id, { message: 'Let me in' })).toMatchObject({
      status: 403,
      body: { code: 'not-a-member' },
    });
    expect(await send(ann, id, { message: '   ' })).toMatchObject({ status: 400 });
    expect(await send(ann, id, { message: 'x'.repeat(501) })).toMatchObject({ status: 400 });
    expect(await send(ann, id, { message: ['hi'] })).toMatchObject({ status: 400 });
    expect(await send(ann, id, { message: 'hi', attachment: `proofs/${ann.uid}/none.png` })).toMatchObject({
      status: 400,
    });
    expect(await send(ann, 'no-such-room', { message: 'hi' })).toMatchObject({ status: 404 });
    const sent = await send(ann, id, { message: '  Good luck, everyone!  ' });
    expect(sent).toMatchObject({ status: 201, body: { message: 'Good luck, everyone!', sender: { uid: ann.uid } } });
    expect((await send(host, id, { message: 'Check in 30 minutes before.' })).status).toBe(201);
    expect((await messagesOf(id)).map((message) => message.message)).toEqual([
      'Good luck, everyone!',
      'Check in 30 minutes before.',
    ]);
    // An image goes through the upload path first.
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const upload = await fetch(`${API}/uploads/proof`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ann.token}`, 'Content-Type': 'image/png' },
      body: new Uint8Array(image),
    });
    const path = ((await upload.json()) as Body).path as string;
    expect((await send(ann, id, { message: 'Our lineup', attachment: path })).body).toMatchObject({
      attachment: { path },
    });
  });

  it('more than 10 messages in 10 seconds answers 429', async () => {
    const { id, members } = await room(1);
    const [ann] = members as [Player];
    const answers = [];
    for (let index = 0; index < 11; index += 1) answers.push(await send(ann, id, { message: `message ${index}` }));
    expect(answers.slice(0, 10).every((answer) => answer.status === 201)).toBe(true);
    expect(answers[10]).toMatchObject({ status: 429, body: { code: 'rate-limited' } });
    expect(await messagesOf(id)).toHaveLength(10);
  });

  it('a mention tells each mentioned member once, never the sender or an outsider', async () => {
    const { host, id, members } = await room();
    const [ann, ben] = members as [Player, Player];
    const outsider = await verifiedUser();
    await send(ann, id, {
      message: `@${ben.displayName} @${ben.displayName.toUpperCase()} and @${host.displayName}, also @${ann.displayName} and @${outsider.displayName}`,
    });
    expect(await mentionsOf(ben.uid)).toHaveLength(1);
    expect(await mentionsOf(host.uid)).toHaveLength(1);
    expect(await mentionsOf(ann.uid)).toHaveLength(0);
    expect(await mentionsOf(outsider.uid)).toHaveLength(0);
    expect((await mentionsOf(ben.uid))[0]!.data()).toMatchObject({
      tournament: { id },
      users: [{ uid: ann.uid }],
      message: expect.any(String),
    });
  });

  it('the sender or the host removes a message; others may not', async () => {
    const { host, id, members } = await room();
    const [ann, ben] = members as [Player, Player];
    const first = (await send(ann, id, { message: 'first' })).body.id as string;
    const second = (await send(ann, id, { message: 'second' })).body.id as string;
    const remove = (who: Player, message: string) =>
      call<Body>(`/rooms/${id}/messages/${message}/delete`, { token: who.token, method: 'POST' });
    expect(await remove(ben, first)).toMatchObject({ status: 403 });
    expect((await remove(ann, first)).body).toMatchObject({ deleted: true, message: '', deletedBy: ann.uid });
    expect((await remove(host, second)).body).toMatchObject({ deleted: true, deletedBy: host.uid });
    expect(await remove(ann, 'no-such-message')).toMatchObject({ status: 404 });
  });

  it('typing and last open are per member and throttled; only the typing notice is on the room’s list', async () => {
    const { id, members } = await room(1);
    const [ann] = members as [Player];
    const typed = () => call<Body>(`/rooms/${id}/typed`, { token: ann.token, method: 'POST' });
    expect((await typed()).body).toMatchObject({ throttled: false });
    expect((await typed()).body).toMatchObject({ throttled: true });
    const opened = () => call<Body>(`/rooms/${id}/lastOpen`, { token: ann.token, method: 'POST' });
    expect((await opened()).body).toMatchObject({ throttled: false });
    const first = (await opened()).body;
    expect(first).toMatchObject({ throttled: true });
    // Closing the room marks it within the throttle: what she read just before stays read.
    const closed = await call<Body>(`/rooms/${id}/lastOpen`, { token: ann.token, body: { closing: true } });
    expect(closed.body).toMatchObject({ throttled: false });
    expect(closed.body.lastOpen).toBeGreaterThan(first.lastOpen as number);
    // What every member listens to: her name and typing notice, not her last open (record 94).
    const member = adminDb.doc(`rooms/${id}/members/${ann.uid}`);
    expect((await member.get()).data()).toEqual({
      uid: ann.uid,
      displayName: ann.displayName,
      lastTyped: expect.any(Number),
    });
    const state = adminDb.doc(`rooms/${id}/member_states/${ann.uid}`);
    const { lastOpen } = (await state.get()).data() as Body;
    expect(lastOpen).toEqual(expect.any(Number));
    // A message moves her sending window, not her last open: a message that reached the room just
    // before hers, which her tab may not show yet, stays unread (record 104). The room's list is not
    // written.
    const before = (await member.get()).updateTime;
    expect(await send(ann, id, { message: 'Sent, not a mark' })).toMatchObject({ status: 201 });
    expect((await member.get()).updateTime).toEqual(before);
    expect((await state.get()).data()).toMatchObject({ uid: ann.uid, lastOpen, window: { count: 1 } });
    const outsider = await verifiedUser();
    expect(await call(`/rooms/${id}/typed`, { token: outsider.token, method: 'POST' })).toMatchObject({ status: 403 });
    expect(await call(`/rooms/${id}/lastOpen`, { token: outsider.token, method: 'POST' })).toMatchObject({
      status: 403,
    });
    expect((await adminDb.doc(`rooms/${id}/member_states/${outsider.uid}`).get()).exists).toBe(false);
  });

  it('a mark reads up to the message the tab showed, not one that reached the room while it was on its way (record 102)', async () => {
    const { id, members } = await room(2);
    const [ann, ben] = members as [Player, Player];
    const one = (await send(ann, id, { message: 'One' })).body.sent as number;
    // 'Two' reaches the room after Ben's tab has shown 'One', before his mark is taken.
    const two = (await send(ann, id, { message: 'Two' })).body.sent as number;
    const mark = (body: Body) => call<Body>(`/rooms/${id}/lastOpen`, { token: ben.token, body });
    expect((await mark({ seen: one })).body).toEqual({ lastOpen: one, throttled: false });
    const state = adminDb.doc(`rooms/${id}/member_states/${ben.uid}`);
    expect((await state.get()).get('lastOpen')).toBe(one);
    // The 5-s throttle counts from the mark's write, not from the message it read up to: a later
    // `seen` right after is not written (a client raising it by 1 ms would write every call).
    expect((await mark({ seen: one + 1 })).body).toEqual({ lastOpen: one, throttled: true });
    expect((await state.get()).get('markedAt')).toBeGreaterThanOrEqual(two);
    // What /my-games and his other devices count: 'Two' is still unread.
    const unread = await adminDb.collection(`rooms/${id}/messages`).where('sent', '>', one).get();
    expect(unread.docs.map((doc) => doc.get('message'))).toEqual(['Two']);
    // Nor does a message of his own read it (record 104).
    expect(await send(ben, id, { message: 'Ready' })).toMatchObject({ status: 201 });
    expect((await state.get()).get('lastOpen')).toBe(one);
    // A last open never moves back; a closing mark moves it on within the throttle.
    expect((await mark({ closing: true, seen: one - 1 })).body).toEqual({ lastOpen: one, throttled: true });
    expect((await mark({ closing: true, seen: two })).body).toEqual({ lastOpen: two, throttled: false });
    // Never past the server's own time, whatever a tab says it showed.
    const ahead = (await mark({ closing: true, seen: two + 86_400_000 })).body.lastOpen as number;
    expect(ahead).toBeGreaterThan(two);
    expect(ahead).toBeLessThan(two + 60_000);
    expect((await state.get()).get('lastOpen')).toBe(ahead);
  });

  it('npm run migrate moves last opens off the members’ documents, keeping a newer state', async () => {
    const { id, members } = await room(2);
    const [ann, ben] = members as [Player, Player];
    // Member documents as the web app wrote them before record 94; Ben has opened the room since.
    await adminDb.doc(`rooms/${id}/members/${ann.uid}`).set({
      uid: ann.uid,
      displayName: ann.displayName,
      lastTyped: 5,
      lastOpen: 1_000,
      window: { start: 900, count: 2 },
    });
    await adminDb.doc(`rooms/${id}/members/${ben.uid}`).set({
      uid: ben.uid,
      displayName: ben.displayName,
      lastTyped: null,
      lastOpen: 2_000,
      window: { start: 0, count: 0 },
    });
    expect((await call<Body>(`/rooms/${id}/lastOpen`, { token: ben.token, method: 'POST' })).status).toBe(200);
    const { moveRoomStatesOffMembers } = await import('../src/rooms/service');
    expect((await moveRoomStatesOffMembers()).moved).toBeGreaterThanOrEqual(2);
    expect((await adminDb.doc(`rooms/${id}/member_states/${ann.uid}`).get()).data()).toEqual({
      uid: ann.uid,
      lastOpen: 1_000,
      window: { start: 0, count: 0 },
    });
    expect((await adminDb.doc(`rooms/${id}/member_states/${ben.uid}`).get()).get('lastOpen')).toBeGreaterThan(2_000);
    expect((await adminDb.doc(`rooms/${id}/members/${ann.uid}`).get()).data()).toEqual({
      uid: ann.uid,
      displayName: ann.displayName,
      lastTyped: 5,
    });
    expect((await adminDb.doc(`rooms/${id}/members/${ben.uid}`).get()).get('lastOpen')).toBeUndefined();
    expect((await moveRoomStatesOffMembers()).moved).toBe(0);
  });
});
