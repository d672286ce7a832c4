import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KEPT_DAYS } from '@versus/domain/notifications/types';
import { adminDb, call, newUser, verifiedUser } from './helpers';

const notify = (uid: string, id: string) =>
  adminDb.doc(`users/${uid}/notifications/${id}`).set({ uid, type: 'FOLLOW', viewed: false, createdAt: Date.now() });

describe('POST /notifications/markAsViewed', () => {
  it("marks the caller's notifications viewed and leaves other users' alone", async () => {
    const [me, other] = await Promise.all([newUser(), newUser()]);
    await Promise.all([notify(me.uid, 'a'), notify(me.uid, 'b'), notify(other.uid, 'a')]);

    const answer = await call('/notifications/markAsViewed', {
      body: { notifications: ['a', 'missing'] },
      token: me.token,
    });
    expect(answer).toMatchObject({ status: 200, body: { updated: 1 } });
    expect((await adminDb.doc(`users/${me.uid}/notifications/a`).get()).get('viewed')).toBe(true);
    expect((await adminDb.doc(`users/${me.uid}/notifications/b`).get()).get('viewed')).toBe(false);
    expect((await adminDb.doc(`users/${other.uid}/notifications/a`).get()).get('viewed')).toBe(false);
  });

  it('validates the list and needs a token', async () => {
    const me = await newUser();
    expect((await call('/notifications/markAsViewed', { body: { notifications: [] }, token: me.token })).status).toBe(
      400,
    );
    const tooMany = Array.from({ length: 101 }, (_, index) => `n${index}`);
    expect(
      (await call('/notifications/markAsViewed', { body: { notifications: tooMany }, token: me.token })).status,
    ).toBe(400);
    expect((await call('/notifications/markAsViewed', { body: { notifications: ['a'] } })).status).toBe(401);
  });
});

describe('POST /notifications/markAllViewed', () => {
  it("marks every unseen notification of the caller viewed, however many, and no one else's", async () => {
    const [me, other] = await Promise.all([newUser(), newUser()]);
    // More than one commit holds (500): one click had marked 500 of 581 and said nothing (walk AJ).
    const many = adminDb.bulkWriter();
    for (let index = 0; index < 520; index += 1)
      void many.set(adminDb.doc(`users/${me.uid}/notifications/n${index}`), {
        uid: me.uid,
        type: 'FOLLOW',
        viewed: false,
        createdAt: Date.now() - index,
      });
    await Promise.all([many.close(), notify(other.uid, 'a')]);
    expect(await call('/notifications/markAllViewed', { body: {}, token: me.token })).toMatchObject({
      status: 200,
      body: { updated: 520 },
    });
    const mine = await adminDb.collection(`users/${me.uid}/notifications`).get();
    expect(mine.docs.map((doc) => doc.get('viewed'))).toEqual(Array(520).fill(true));
    expect((await adminDb.doc(`users/${other.uid}/notifications/a`).get()).get('viewed')).toBe(false);
    // Again: nothing left to mark.
    expect(await call('/notifications/markAllViewed', { body: {}, token: me.token })).toMatchObject({
      status: 200,
      body: { updated: 0 },
    });
  });

  it('up to the newest the reader was shown (`upTo`): one newer stays unseen', async () => {
    const me = await newUser();
    const at = (id: string, createdAt: number) =>
      adminDb.doc(`users/${me.uid}/notifications/${id}`).set({ uid: me.uid, type: 'FOLLOW', viewed: false, createdAt });
    await Promise.all([at('old', 1_000), at('shown', 2_000), at('newer', 3_000)]);
    expect(await call('/notifications/markAllViewed', { body: { upTo: 2_000 }, token: me.token })).toMatchObject({
      status: 200,
      body: { updated: 2 },
    });
    const viewed = async (id: string) => (await adminDb.doc(`users/${me.uid}/notifications/${id}`).get()).get('viewed');
    expect([await viewed('old'), await viewed('shown'), await viewed('newer')]).toEqual([true, true, false]);
  });

  it('takes no other fields and needs a token', async () => {
    const me = await newUser();
    await notify(me.uid, 'kept');
    for (const body of [{ notifications: ['kept'] }, { upTo: 'soon' }, { upTo: -1 }, { upTo: 1.5 }])
      expect((await call('/notifications/markAllViewed', { body, token: me.token })).status).toBe(400);
    expect((await call('/notifications/markAllViewed', { body: {} })).status).toBe(401);
    expect((await adminDb.doc(`users/${me.uid}/notifications/kept`).get()).get('viewed')).toBe(false);
  });

  it('against follows gathering into the notice at the same moment: marks read only what the reader was shown', async () => {
    const [me, first, ...later] = await Promise.all(Array.from({ length: 7 }, () => newUser()));
    expect((await call(`/users/${me!.uid}/follow`, { method: 'POST', token: first!.token })).status).toBe(200);
    const [shown] = (await adminDb.collection(`users/${me!.uid}/notifications`).get()).docs;
    const upTo = shown!.get('createdAt') as number;
    const answers = await Promise.all([
      call('/notifications/markAllViewed', { body: { upTo }, token: me!.token }),
      // Spread over the mark's reading and commit, so one may land between them.
      ...later.map(async (fan, index) => {
        await new Promise((resolve) => setTimeout(resolve, index * 40));
        return call(`/users/${me!.uid}/follow`, { method: 'POST', token: fan.token });
      }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(200));
    const notices = (await adminDb.collection(`users/${me!.uid}/notifications`).get()).docs.map((doc) => doc.data());
    // Read: only as shown, the first follower alone. Every later follower is in one left unseen.
    for (const notice of notices.filter((notice) => notice.viewed))
      expect(notice).toMatchObject({
        createdAt: upTo,
        people: 1,
        users: [expect.objectContaining({ uid: first!.uid })],
      });
    const unseen = notices.filter((notice) => !notice.viewed);
    expect(unseen).toHaveLength(1);
    // The marked one apart (before every later follow), or all in the one unseen (after one).
    expect(unseen[0]!.people).toBe(later.length + (notices.length === 1 ? 1 : 0));
  });

  it('against an unfollow that takes the only name off its notice: both answer, the notice read or gone', async () => {
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        const [me, fan] = await Promise.all([newUser(), newUser()]);
        expect((await call(`/users/${me.uid}/follow`, { method: 'POST', token: fan.token })).status).toBe(200);
        const [marked, unfollowed] = await Promise.all([
          call('/notifications/markAllViewed', { body: {}, token: me.token }),
          call(`/users/${me.uid}/unfollow`, { method: 'POST', token: fan.token }),
        ]);
        expect([marked.status, unfollowed.status]).toEqual([200, 200]);
        const notices = (await adminDb.collection(`users/${me.uid}/notifications`).get()).docs.map((doc) => doc.data());
        // Read before the unfollow (a read notice stays as it was seen), or withdrawn before the mark.
        if (notices.length > 0) expect(notices).toMatchObject([{ viewed: true, people: 1 }]);
        expect(marked.body).toEqual({ updated: notices.length });
      }),
    );
  });
});

describe('notifications are kept for NOTIFICATION_KEPT_DAYS (record 91)', () => {
  const KEPT_MS = NOTIFICATION_KEPT_DAYS * 86_400_000;
  const notices = async (uid: string) =>
    (await adminDb.collection(`users/${uid}/notifications`).get()).docs.map((doc) => doc.data());

  it('each notification carries its expiry; a gathered one moves it with each newcomer', async () => {
    const [challenger, opponent, fan, other] = await Promise.all([verifiedUser(500), newUser(), newUser(), newUser()]);
    const sent = await call('/battles/challenge', {
      token: challenger.token,
      body: { opponent: opponent.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    expect(sent.status).toBe(201);
    const [challenge] = await notices(opponent.uid);
    expect(challenge).toMatchObject({ type: 'CHALLENGED_TO_BATTLE', game: 'valorant' });
    expect((challenge!.expireAt as Timestamp).toMillis()).toBe((challenge!.createdAt as number) + KEPT_MS);

    // Followers of one day gather in one notification: its expiry follows its latest write.
    expect((await call(`/users/${challenger.uid}/follow`, { method: 'POST', token: fan.token })).status).toBe(200);
    const [first] = await notices(challenger.uid);
    expect(await call(`/users/${challenger.uid}/follow`, { method: 'POST', token: other.token })).toMatchObject({
      status: 200,
    });
    const [gathered] = await notices(challenger.uid);
    expect(gathered).toMatchObject({ type: 'FOLLOW', people: 2 });
    expect((gathered!.expireAt as Timestamp).toMillis()).toBe((gathered!.createdAt as number) + KEPT_MS);
    expect((gathered!.expireAt as Timestamp).toMillis()).toBeGreaterThanOrEqual(
      (first!.expireAt as Timestamp).toMillis(),
    );
  });

  it('npm run migrate gives older notifications their expiry from when they were written, once', async () => {
    const me = await newUser();
    const written = Date.now() - 10 * 86_400_000;
    await adminDb
      .doc(`users/${me.uid}/notifications/old`)
      .set({ uid: me.uid, type: 'FOLLOW', viewed: true, createdAt: written });
    const { backfillNotificationExpiry } = await import('../src/notifications/notify');
    expect((await backfillNotificationExpiry()).updated).toBeGreaterThanOrEqual(1);
    const old = await adminDb.doc(`users/${me.uid}/notifications/old`).get();
    expect((old.get('expireAt') as Timestamp).toMillis()).toBe(written + KEPT_MS);
    expect((await backfillNotificationExpiry()).updated).toBe(0);
    expect((await adminDb.doc(`users/${me.uid}/notifications/old`).get()).updateTime).toEqual(old.updateTime);
  });
});

describe('POST /notifications/popupSeen', () => {
  it('removes the active (last) popup so the next one shows', async () => {
    const me = await newUser();
    await adminDb.doc(`users/${me.uid}/private/account`).update({
      popups: [
        { type: 'BATTLE_RESULT', ref: 'first' },
        { type: 'BATTLE_RESULT', ref: 'second' },
      ],
    });
    expect((await call('/notifications/popupSeen', { method: 'POST', token: me.token })).body).toEqual({
      remaining: 1,
    });
    expect((await adminDb.doc(`users/${me.uid}/private/account`).get()).get('popups')).toEqual([
      { type: 'BATTLE_RESULT', ref: 'first' },
    ]);
    await call('/notifications/popupSeen', { method: 'POST', token: me.token });
    expect((await call('/notifications/popupSeen', { method: 'POST', token: me.token })).body).toEqual({
      remaining: 0,
    });
  });

  it('closes the popups collapsed into "and N more results" together; one that arrived since stays', async () => {
    const me = await newUser();
    const account = adminDb.doc(`users/${me.uid}/private/account`);
    const popups = ['a', 'b', 'c', 'd'].map((ref) => ({ type: 'BATTLE_RESULT', ref }));
    await account.update({ popups });
    expect(await call('/notifications/popupSeen', { token: me.token, body: { refs: ['a', 'b', 'c'] } })).toMatchObject({
      status: 200,
      body: { remaining: 1 },
    });
    expect((await account.get()).get('popups')).toEqual([{ type: 'BATTLE_RESULT', ref: 'd' }]);
    for (const body of [{ refs: 'a' }, { refs: [['a']] }, { refs: ['a'], extra: true }])
      expect(await call('/notifications/popupSeen', { token: me.token, body })).toMatchObject({ status: 400 });
    expect((await account.get()).get('popups')).toHaveLength(1);
  });

  it('closes more than a hundred at once: a player long away is not left with a notice that will not close', async () => {
    const me = await newUser();
    const account = adminDb.doc(`users/${me.uid}/private/account`);
    const refs = Array.from({ length: 150 }, (_, index) => `battle-${index}`);
    await account.update({ popups: refs.map((ref) => ({ type: 'BATTLE_RESULT', ref })) });
    expect(await call('/notifications/popupSeen', { token: me.token, body: { refs } })).toMatchObject({
      status: 200,
      body: { remaining: 0 },
    });
    const tooMany = Array.from({ length: 1001 }, (_, index) => `battle-${index}`);
    expect(await call('/notifications/popupSeen', { token: me.token, body: { refs: tooMany } })).toMatchObject({
      status: 400,
    });
  });
});

describe('PUT /profile/supportCreatorWithCode', () => {
  it('answers 404 "This creator code is not active" for an unknown code', async () => {
    const me = await newUser();
    const answer = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      body: { creatorCode: 'NOPE-NOPE' },
      token: me.token,
    });
    expect(answer).toMatchObject({
      status: 404,
      body: { message: 'This creator code is not active', statusCode: 404 },
    });
  });

  it('records the trimmed code, case-insensitively, and refuses your own', async () => {
    const [creator, fan] = await Promise.all([newUser(), newUser()]);
    const code = `CODE${Date.now() % 1e6}`;
    const { setCreatorCode } = await import('../src/creators/service');
    await setCreatorCode(creator.uid, code, Date.now());
    expect((await adminDb.doc(`users/${creator.uid}`).get()).get('creatorCode')).toBe(code);

    const answer = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      body: { creatorCode: `  ${code.toLowerCase()} ` },
      token: fan.token,
    });
    expect(answer).toMatchObject({ status: 200, body: { creatorCode: code, creator: { uid: creator.uid } } });
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBe(code);

    const own = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      body: { creatorCode: code },
      token: creator.token,
    });
    expect(own.status).toBe(400);
  });

  it('a revoked code is no longer active', async () => {
    const [creator, fan] = await Promise.all([newUser(), newUser()]);
    const code = `GONE${Date.now() % 1e6}`;
    const { setCreatorCode } = await import('../src/creators/service');
    await setCreatorCode(creator.uid, code, Date.now());
    await setCreatorCode(creator.uid, null, Date.now());
    const answer = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      body: { creatorCode: code },
      token: fan.token,
    });
    expect(answer.status).toBe(404);
  });
});
