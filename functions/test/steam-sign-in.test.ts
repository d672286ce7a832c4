import { describe, expect, it } from 'vitest';
import {
  GAME_STAND_IN,
  SIGN_IN_RETURN_TO,
  adminDb,
  call,
  dotaAccount,
  gameFault,
  linkSteam,
  steamApproval,
  newUser,
  steamSignIn,
  type Body,
} from './helpers';

/** Issue #58: a Steam account is linked by signing in to Steam (OpenID 2.0), never by typing its id. */

const finish = (token: string, state: string, assertion: Record<string, string>) =>
  call<Body>('/profile/connections/steam/openid', { token, body: { state, assertion } });
const linkedOf = async (uid: string) =>
  (await adminDb.doc(`users/${uid}`).get()).get('gameAccounts') as Body | undefined;
const steam64 = (id: string) => (BigInt(id) + 76561197960265728n).toString();

describe('Steam sign-in', () => {
  it('links the account Steam names, once: the same answer again is refused', async () => {
    const user = await newUser();
    const id = await dotaAccount();
    const { answer, state, assertion } = await steamSignIn(user, id);
    expect(answer).toMatchObject({ status: 200, body: { platform: 'steam', value: `Dota player ${id}` } });
    expect(assertion['openid.claimed_id']).toBe(`https://steamcommunity.com/openid/id/${steam64(id)}`);
    expect(await linkedOf(user.uid)).toEqual({ steam: { id, display: `Dota player ${id}` } });
    // Replayed: its state was used, its nonce recorded.
    expect(await finish(user.token, state, assertion)).toMatchObject({
      status: 400,
      body: { code: 'steam-sign-in-failed' },
    });
    // Steam itself confirms an assertion once (OpenID 2.0 §11.4.2.1).
    const again = await fetch(`${GAME_STAND_IN}/steam/openid/login`, {
      method: 'POST',
      body: new URLSearchParams({ ...assertion, 'openid.mode': 'check_authentication' }),
    });
    expect(await again.text()).toContain('is_valid:false');
  });

  it('a forged answer (another account, an altered signature or endpoint, our address changed) links nothing', async () => {
    const user = await newUser();
    const [mine, theirs] = await Promise.all([dotaAccount(), dotaAccount()]);
    // Each try takes a fresh sign-in, so only the forgery can be the reason for the refusal.
    const forged = async (change: (assertion: Record<string, string>) => Record<string, string>) => {
      const { state, assertion } = await steamApproval(user, mine);
      return finish(user.token, state, change(assertion));
    };
    const claimed = `https://steamcommunity.com/openid/id/${steam64(theirs)}`;
    for (const change of [
      (a: Record<string, string>) => ({ ...a, 'openid.claimed_id': claimed, 'openid.identity': claimed }),
      (a: Record<string, string>) => ({ ...a, 'openid.sig': Buffer.alloc(32, 7).toString('base64') }),
      (a: Record<string, string>) => ({ ...a, 'openid.op_endpoint': 'https://evil.example/openid/login' }),
      (a: Record<string, string>) => ({ ...a, 'openid.return_to': 'https://evil.example/profile/connections' }),
      (a: Record<string, string>) => ({ ...a, 'openid.signed': 'signed,claimed_id' }),
      (a: Record<string, string>) => ({ ...a, 'openid.response_nonce': '2020-01-01T00:00:00Zold' }),
    ])
      expect(await forged(change)).toMatchObject({ status: 400, body: { code: 'steam-sign-in-failed' } });
    expect(await linkedOf(user.uid)).toBeUndefined();
    expect(await forged((a) => ({ ...a, 'openid.mode': 'cancel' }))).toMatchObject({
      status: 409,
      body: { code: 'steam-sign-in-cancelled' },
    });
    expect(await forged((a) => a)).toMatchObject({ status: 200 });
  });

  it('an account OpenDota does not know, or OpenDota down, links nothing', async () => {
    const user = await newUser();
    expect((await steamSignIn(user, '999')).answer).toMatchObject({
      status: 400,
      body: { fields: { value: 'validation.connection-steam-unknown' } },
    });
    const id = await dotaAccount();
    await gameFault('500', `players/${id}`);
    expect((await steamSignIn(user, id)).answer).toMatchObject({ status: 503, body: { code: 'game-api-unavailable' } });
    expect(await linkedOf(user.uid)).toBeUndefined();
  });

  it('a wrong or unknown state is refused: a sign-in started by one player cannot link for another', async () => {
    const [ann, ben] = await Promise.all([newUser(), newUser()]);
    const id = await dotaAccount();
    const { state, assertion } = await steamApproval(ann, id);
    expect(await finish(ben.token, state, assertion)).toMatchObject({
      status: 400,
      body: { code: 'steam-sign-in-failed' },
    });
    expect(await finish(ann.token, 'A'.repeat(32), assertion)).toMatchObject({
      status: 400,
      body: { code: 'steam-sign-in-failed' },
    });
    expect(await finish(ann.token, 'bad', assertion)).toMatchObject({ status: 400, body: { code: 'invalid-input' } });
    expect(await linkedOf(ben.uid)).toBeUndefined();
    // Ann's own answer still works: the refusals used nothing of hers.
    expect(await finish(ann.token, state, assertion)).toMatchObject({ status: 200 });
  });

  it('returns only to this site; one account, one player; two answers racing link once', async () => {
    const [ann, ben] = await Promise.all([newUser(), newUser()]);
    for (const returnTo of ['https://evil.example/profile/connections', `${SIGN_IN_RETURN_TO}?x=1`, 'not a url'])
      expect(await call('/profile/connections/steam/start', { token: ann.token, body: { returnTo } })).toMatchObject({
        status: 400,
      });
    expect(await call('/profile/connections/steam/start', { body: { returnTo: SIGN_IN_RETURN_TO } })).toMatchObject({
      status: 401,
    });
    const id = await dotaAccount();
    await linkSteam(ann, id);
    expect((await steamSignIn(ben, id)).answer).toMatchObject({ status: 409, body: { code: 'game-account-taken' } });

    const other = await dotaAccount();
    const { state, assertion } = await steamApproval(ben, other);
    const answers = await Promise.all([finish(ben.token, state, assertion), finish(ben.token, state, assertion)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await linkedOf(ben.uid)).toEqual({ steam: { id: other, display: `Dota player ${other}` } });
  });
});

describe('game accounts linked by typing, before the sign-ins (issue #58)', () => {
  it('npm run migrate releases them; a sign-in takes an unproved claim from whoever typed it', async () => {
    const [typist, owner] = await Promise.all([newUser(), newUser()]);
    const id = await dotaAccount();
    // As a typed link left them: a claim without proof and the typist's profile entry.
    await adminDb
      .doc(`gameAccounts/steam_${id}`)
      .set({ uid: typist.uid, platform: 'steam', accountId: id, display: 'x', linkedAt: 1 });
    await adminDb.doc(`users/${typist.uid}`).update({ 'gameAccounts.steam': { id, display: 'x' } });
    // The owner signs in: the account is theirs, and the typist's link goes.
    const signed = (await steamSignIn(owner, id)).answer;
    expect(signed, JSON.stringify(signed.body)).toMatchObject({ status: 200 });
    expect(await linkedOf(owner.uid)).toEqual({ steam: { id, display: `Dota player ${id}` } });
    expect(await linkedOf(typist.uid)).toEqual({});
    expect((await adminDb.doc(`gameAccounts/steam_${id}`).get()).data()).toMatchObject({
      uid: owner.uid,
      proof: 'steam-openid',
    });
    // Another typed one, released by the migration; a proved one stays.
    const other = await dotaAccount();
    await adminDb
      .doc(`gameAccounts/steam_${other}`)
      .set({ uid: typist.uid, platform: 'steam', accountId: other, display: 'y', linkedAt: 1 });
    await adminDb.doc(`users/${typist.uid}`).update({ 'gameAccounts.steam': { id: other, display: 'y' } });
    const { releaseUnprovedGameAccounts } = await import('../src/users/connections');
    expect(await releaseUnprovedGameAccounts()).toBeGreaterThanOrEqual(1);
    expect((await adminDb.doc(`gameAccounts/steam_${other}`).get()).exists).toBe(false);
    expect(await linkedOf(typist.uid)).toEqual({});
    expect((await adminDb.doc(`gameAccounts/steam_${id}`).get()).exists).toBe(true);
  });

  it('a deactivated account cannot start a sign-in', async () => {
    const user = await newUser();
    await call('/profile/deactivate', { token: user.token, method: 'POST' });
    expect(
      await call('/profile/connections/steam/start', { token: user.token, body: { returnTo: SIGN_IN_RETURN_TO } }),
    ).toMatchObject({ status: 403, body: { code: 'account-deactivated' } });
  });
});
