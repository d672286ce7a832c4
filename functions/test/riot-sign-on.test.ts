import { describe, expect, it } from 'vitest';
import {
  GAME_STAND_IN,
  SIGN_IN_RETURN_TO,
  adminDb,
  call,
  linkRiot,
  newUser,
  riotAccount,
  riotSignIn,
  type Body,
} from './helpers';

/** Issue #58: a Riot ID decides a match only once its player signed in to it (Riot Sign On, OAuth 2.0). */

const finish = (token: string, body: Body) => call<Body>('/profile/connections/riot/oauth', { token, body });
const linkedOf = async (uid: string) =>
  (await adminDb.doc(`users/${uid}`).get()).get('gameAccounts') as Body | undefined;
const start = async (token: string) =>
  new URL(
    (
      await call<{ url: string }>('/profile/connections/riot/start', {
        token,
        body: { returnTo: SIGN_IN_RETURN_TO },
      })
    ).body.url,
  ).searchParams;
const approve = async (puuid: string, redirectUri: string, state: string) =>
  new URL(
    (
      await fetch(`${GAME_STAND_IN}/rso/approve?${new URLSearchParams({ puuid, redirect_uri: redirectUri, state })}`, {
        redirect: 'manual',
      })
    ).headers.get('location')!,
  ).searchParams;

describe('Riot Sign On', () => {
  it('links the account Riot names, with its PUUID; the same code again is refused', async () => {
    const user = await newUser();
    const account = await riotAccount();
    const authorize = await start(user.token);
    expect(Object.fromEntries(authorize)).toMatchObject({
      client_id: 'versus-local-rso',
      redirect_uri: SIGN_IN_RETURN_TO,
      response_type: 'code',
      scope: 'openid',
    });
    const { answer, state, code } = await riotSignIn(user, account.puuid);
    expect(answer).toMatchObject({ status: 200, body: { platform: 'riot', value: account.riotId } });
    expect(await linkedOf(user.uid)).toEqual({ riot: { id: account.puuid, display: account.riotId } });
    expect(await finish(user.token, { state, code })).toMatchObject({
      status: 400,
      body: { code: 'riot-sign-in-failed' },
    });
  });

  it('another player’s state, an unknown one, a forged code or one issued for another address link nothing', async () => {
    const [ann, ben] = await Promise.all([newUser(), newUser()]);
    const account = await riotAccount();
    const authorize = await start(ann.token);
    const landed = await approve(account.puuid, authorize.get('redirect_uri')!, authorize.get('state')!);
    const [state, code] = [landed.get('state')!, landed.get('code')!];
    expect(await finish(ben.token, { state, code })).toMatchObject({
      status: 400,
      body: { code: 'riot-sign-in-failed' },
    });
    expect(await finish(ann.token, { state: 'A'.repeat(32), code })).toMatchObject({
      status: 400,
      body: { code: 'riot-sign-in-failed' },
    });
    expect(await finish(ann.token, { state: 'short', code })).toMatchObject({
      status: 400,
      body: { code: 'invalid-input' },
    });
    // A code Riot never issued, and one issued for another return address (of an attacker's site).
    const other = await start(ann.token);
    expect(await finish(ann.token, { state: other.get('state')!, code: 'forged-code' })).toMatchObject({
      status: 400,
      body: { code: 'riot-sign-in-failed' },
    });
    const elsewhere = await start(ann.token);
    const stolen = await approve(account.puuid, 'https://evil.example/callback', elsewhere.get('state')!);
    expect(await finish(ann.token, { state: elsewhere.get('state')!, code: stolen.get('code')! })).toMatchObject({
      status: 400,
      body: { code: 'riot-sign-in-failed' },
    });
    expect(await linkedOf(ann.uid)).toBeUndefined();
    expect(await linkedOf(ben.uid)).toBeUndefined();
    // Ann's own code still works: the refusals used nothing of hers.
    expect(await finish(ann.token, { state, code })).toMatchObject({ status: 200 });
  });

  it('a cancelled sign-in links nothing; only this site is a return address; two answers racing link once', async () => {
    const user = await newUser();
    const authorize = await start(user.token);
    expect(await finish(user.token, { state: authorize.get('state')!, error: 'access_denied' })).toMatchObject({
      status: 409,
      body: { code: 'riot-sign-in-cancelled' },
    });
    for (const returnTo of ['https://evil.example/profile/connections', `${SIGN_IN_RETURN_TO}?x=1`])
      expect(await call('/profile/connections/riot/start', { token: user.token, body: { returnTo } })).toMatchObject({
        status: 400,
      });
    const account = await riotAccount();
    const again = await start(user.token);
    const landed = await approve(account.puuid, again.get('redirect_uri')!, again.get('state')!);
    const body = { state: landed.get('state')!, code: landed.get('code')! };
    const answers = await Promise.all([finish(user.token, body), finish(user.token, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    await linkRiot(user, account.puuid);
    expect(await linkedOf(user.uid)).toEqual({ riot: { id: account.puuid, display: account.riotId } });
  });
});
