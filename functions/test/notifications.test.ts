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
    await Promise.all([
      ...Array.from({ length: 25 }, (_, index) => notify(me.uid, `n${index}`)),
      notify(other.uid, 'a'),
    ]);
    expect(await call('/notifications/markAllViewed', { body: {}, token: me.token })).toMatchObject({
      status: 200,
      body: { updated: 25 },
    });
    const mine = await adminDb.collection(`users/${me.uid}/notifications`).get();
    expect(mine.docs.map((doc) => doc.get('viewed'))).toEqual(Array(25).fill(true));
    expect((await adminDb.doc(`users/${other.uid}/notifications/a`).get()).get('viewed')).toBe(false);
    // Again: nothing left to mark.
    expect(await call('/notifications/markAllViewed', { body: {}, token: me.token })).toMatchObject({
      status: 200,
      body: { updated: 0 },
    });
  });

  it('takes no fields and needs a token', async () => {
    const me = await newUser();
    await notify(me.uid, 'kept');
    expect(
      (await call('/notifications/markAllViewed', { body: { notifications: ['kept'] }, token: me.token })).status,
    ).toBe(400);
    expect((await call('/notifications/markAllViewed', { body: {} })).status).toBe(401);
    expect((await adminDb.doc(`users/${me.uid}/notifications/kept`).get()).get('viewed')).toBe(false);
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
