import { describe, expect, it } from 'vitest';
import { adminDb, call, newUser } from './helpers';

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
