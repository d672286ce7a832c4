import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { DAY_MS } from '@versus/domain/platform/constants';
import { unsignedToken } from './unsigned-token';
import {
  API,
  adminAuth,
  adminDb,
  call,
  newUser,
  oobCodesFor,
  registration,
  signIn,
  verifiedUser,
  riotAccount,
  dotaAccount,
  linkRiot,
  linkSteam,
  riotSignIn,
  type Body,
} from './helpers';

describe('POST /auth/register', () => {
  it('creates the Auth user, both profile documents and the name reservation', async () => {
    const input = registration({ displayName: `Mixed_${Date.now() % 1e6}` });
    const answer = await call<{ uid: string }>('/auth/register', { body: input });
    expect(answer.status).toBe(201);
    const { uid } = answer.body;

    const user = await adminAuth.getUser(uid);
    expect(user.email).toBe(input.email);
    expect(user.emailVerified).toBe(false);

    const profile = (await adminDb.doc(`users/${uid}`).get()).data();
    expect(profile).toMatchObject({ uid, displayName: input.displayName, deactivated: false, trophies: 0 });
    expect(profile).not.toHaveProperty('email');
    const account = await adminDb.doc(`users/${uid}/private/account`).get();
    expect(account.data()).toMatchObject({ email: input.email, funds: 0, country: 'FI', popups: [], deletionOn: null });
    // Keyed by the digest of the name's skeleton (look-alikes share it), so found by uid here.
    const reservations = await adminDb.collection('usernames').where('uid', '==', uid).get();
    expect(reservations.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ uid, displayName: input.displayName }),
    ]);
    expect(reservations.docs[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 400 with a message key per field and creates nothing', async () => {
    const answer = await call('/auth/register', {
      body: { email: 'not-an-email', password: 'weak', displayName: 'abc', country: 'CA' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      statusCode: 400,
      fields: {
        email: 'validation.email-invalid',
        password: 'validation.password-min',
        displayName: 'validation.display-name-min',
        firstName: 'validation.required',
        country: 'validation.country-unavailable',
        terms: 'validation.terms',
      },
    });
    expect(await adminAuth.getUserByEmail('not-an-email').catch(() => null)).toBeNull();
  });

  it('answers 400 for a body that is not JSON, creating nothing', async () => {
    // The Functions framework parses JSON before our app, so its 400 is not our JSON shape.
    const response = await fetch(`${API}/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":"half@versus.test",',
    });
    expect(response.status).toBe(400);
    expect(await adminAuth.getUserByEmail('half@versus.test').catch(() => null)).toBeNull();
  });

  it('refuses an e-mail already in use with the SPEC §8 message', async () => {
    const existing = await newUser();
    const answer = await call('/auth/register', { body: registration({ email: existing.email }) });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: 'The email is already in use! Please login with your account.',
      code: 'email-in-use',
    });
  });

  it('refuses a taken display name whatever its case, leaving no Auth user behind', async () => {
    const existing = await newUser();
    const input = registration({ displayName: existing.displayName.toUpperCase() });
    const answer = await call('/auth/register', { body: input });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ message: 'This nickname is already in use!', code: 'display-name-taken' });
    expect(await adminAuth.getUserByEmail(input.email).catch(() => null)).toBeNull();
  });

  it('gives a display name to exactly one of many simultaneous registrations', async () => {
    const displayName = `Race_${Date.now() % 1e8}`;
    const inputs = Array.from({ length: 8 }, (_, index) =>
      registration({ displayName: index % 2 ? displayName : displayName.toLowerCase() }),
    );
    const answers = await Promise.all(inputs.map((body) => call('/auth/register', { body })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    const owners = await adminDb.collection('users').where('displayNameLower', '==', displayName.toLowerCase()).get();
    expect(owners.size).toBe(1);
    const leftovers = await Promise.all(inputs.map((input) => adminAuth.getUserByEmail(input.email).catch(() => null)));
    expect(leftovers.filter(Boolean)).toHaveLength(1);
  });
});

describe('POST /profile/resendEmailVerification', () => {
  it('answers 401 without a token and with a bad one', async () => {
    expect((await call('/profile/resendEmailVerification', { method: 'POST' })).status).toBe(401);
    const bad = await call('/profile/resendEmailVerification', { method: 'POST', token: 'not-a-token' });
    expect(bad).toMatchObject({ status: 401, body: { statusCode: 401 } });
  });

  it('sends a verification e-mail in the asked language that verifies the address, and refuses a language not the site’s', async () => {
    const user = await newUser();
    // A language that is not one of the site's is refused before anything is sent.
    const swedish = await call('/profile/resendEmailVerification', {
      method: 'POST',
      token: user.token,
      body: { locale: 'sv-SE' },
    });
    expect(swedish).toMatchObject({ status: 400, body: { fields: { locale: 'validation.invalid' } } });
    expect(await oobCodesFor(user.email)).toHaveLength(0);

    const answer = await call('/profile/resendEmailVerification', {
      method: 'POST',
      token: user.token,
      body: { locale: 'fi-FI' },
    });
    expect(answer.status).toBe(200);
    const codes = (await oobCodesFor(user.email)).filter((code) => code.requestType === 'VERIFY_EMAIL');
    expect(codes).toHaveLength(1);

    // Applying the code as the browser would.
    const apply = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ oobCode: codes[0]!.oobCode }),
      },
    );
    expect(apply.ok).toBe(true);
    expect((await adminAuth.getUser(user.uid)).emailVerified).toBe(true);

    const again = await call('/profile/resendEmailVerification', { method: 'POST', token: await signIn(user.email) });
    expect(again.status).toBe(409);
  });
});

describe('deactivate and restore', () => {
  it('asks for a recent sign-in: a session signed in over 5 minutes ago is refused and changes nothing', async () => {
    const user = await newUser();
    // The account made an hour ago: the Auth emulator takes a token signed in before the account's
    // sessions began (validSince, its creation) for a revoked one.
    const update = await fetch(
      `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/projects/${process.env.GCLOUD_PROJECT ?? 'demo-versus'}/accounts:update`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: user.uid, validSince: String(Math.floor(Date.now() / 1000) - 3600) }),
      },
    );
    expect(update.ok).toBe(true);
    // The same player's token, its sign-in 6 minutes old (as a session left open, or borrowed).
    const stale = unsignedToken(user.uid, { issuedAgo: 6 * 60 });
    expect(await call('/profile/deactivate', { method: 'POST', token: stale })).toMatchObject({
      status: 403,
      body: { code: 'recent-sign-in-required' },
    });
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('deactivated')).toBe(false);
    // Signed in 4 minutes ago is recent enough; the web app signs in again with the password first.
    const recent = unsignedToken(user.uid, { issuedAgo: 4 * 60 });
    expect((await call('/profile/deactivate', { method: 'POST', token: recent })).status).toBe(200);
  });

  it('hides the profile, schedules deletion in 14 days and restores it', async () => {
    const user = await newUser();
    const before = Date.now();
    const answer = await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body.deletionOn).toBeGreaterThanOrEqual(before + 14 * DAY_MS);
    expect(answer.body.deletionOn).toBeLessThan(Date.now() + 14 * DAY_MS + 1);
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('deactivated')).toBe(true);
    expect((await adminDb.doc(`users/${user.uid}/private/account`).get()).get('deletionOn')).toBe(
      answer.body.deletionOn,
    );

    expect((await call('/profile/deactivate', { method: 'POST', token: user.token })).status).toBe(409);

    expect((await call('/profile/restore', { method: 'POST', token: user.token })).status).toBe(200);
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('deactivated')).toBe(false);
    expect((await adminDb.doc(`users/${user.uid}/private/account`).get()).get('deletionOn')).toBeNull();
  });

  it('refuses to restore an active account or one past its window', async () => {
    const user = await newUser();
    const active = await call('/profile/restore', { method: 'POST', token: user.token });
    expect(active).toMatchObject({ status: 409, body: { code: 'account-not-deactivated' } });

    await call('/profile/deactivate', { method: 'POST', token: user.token });
    await adminDb.doc(`users/${user.uid}/private/account`).update({ deletionOn: Date.now() - 1 });
    const late = await call('/profile/restore', { method: 'POST', token: user.token });
    expect(late).toMatchObject({ status: 409, body: { code: 'restore-window-passed' } });
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('deactivated')).toBe(true);
  });
});

describe('PUT /profile/personalDetails (record 119)', () => {
  const details = (who: { token: string }, body: Body) =>
    call<Body>('/profile/personalDetails', { method: 'PUT', token: who.token, body });
  const account = async (uid: string) => (await adminDb.doc(`users/${uid}/private/account`).get()).data()!;

  it('changes the names and country by the registration rules, and nothing on bad input', async () => {
    const user = await newUser();
    expect(await details(user, { firstName: ' Annikki ', lastName: 'Virtanen', country: 'se' })).toMatchObject({
      status: 200,
      body: { firstName: 'Annikki', lastName: 'Virtanen', country: 'SE' },
    });
    expect(await account(user.uid)).toMatchObject({ firstName: 'Annikki', lastName: 'Virtanen', country: 'SE' });
    // The registration's refusals, each field named; nothing changes.
    expect(await details(user, { firstName: 'Al', lastName: '', country: 'US' })).toMatchObject({
      status: 400,
      body: {
        fields: {
          firstName: 'validation.name-min',
          lastName: 'validation.required',
          country: 'validation.country-unavailable',
        },
      },
    });
    expect(
      await details(user, { firstName: 'Annikki', lastName: 'Virtanen', country: 'XX', email: 'x@y.z' }),
    ).toMatchObject({
      status: 400,
    });
    expect((await call('/profile/personalDetails', { method: 'PUT', body: { firstName: 'Nobody' } })).status).toBe(401);
    expect(await account(user.uid)).toMatchObject({ firstName: 'Annikki', lastName: 'Virtanen', country: 'SE' });
    // A deactivated account may only restore itself.
    await call('/profile/deactivate', { method: 'POST', token: user.token });
    expect(await details(user, { firstName: 'Later', lastName: 'Change', country: 'FI' })).toMatchObject({
      status: 403,
      body: { code: 'account-deactivated' },
    });
    expect((await account(user.uid)).firstName).toBe('Annikki');
  });

  it('against a deactivation at the same moment, lands before it or is refused', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => newUser()));
    await Promise.all(
      users.map(async (user) => {
        const before = await account(user.uid);
        const [changed, deactivated] = await Promise.all([
          details(user, { firstName: 'Racing', lastName: 'Change', country: 'FI' }),
          call('/profile/deactivate', { method: 'POST', token: user.token }),
        ]);
        expect(deactivated.status).toBe(200);
        // One order or the other: the change before the deactivation, or refused after it.
        const names = await account(user.uid);
        if (changed.status === 200) expect(names).toMatchObject({ firstName: 'Racing', lastName: 'Change' });
        else {
          expect(changed.body).toMatchObject({ code: 'account-deactivated' });
          expect(names).toMatchObject({ firstName: before.firstName, lastName: before.lastName });
        }
      }),
    );
  });

  it('writes nothing into an account the deletion emptied, for a token that outlived its user', async () => {
    // In production an ID token stays valid up to an hour after its user is deleted; the Auth
    // emulator refuses it at once. So the account is emptied here as the deletion leaves it, its
    // Auth user kept.
    const user = await newUser();
    const emptied = { firstName: '', lastName: '', country: '', deletionOn: null, deletedAt: Date.now() };
    await adminDb.doc(`users/${user.uid}/private/account`).update(emptied);
    expect(await details(user, { firstName: 'Back', lastName: 'Again', country: 'FI' })).toMatchObject({
      status: 404,
    });
    expect(await account(user.uid)).toMatchObject(emptied);
  });
});

describe('e-mail change', () => {
  it('the account copies the address Auth holds after a change, never the caller’s word', async () => {
    const user = await newUser();
    let token = user.token;
    const sync = () => call<Body>('/profile/syncEmail', { method: 'POST', token });
    expect((await sync()).body).toEqual({ email: user.email, changed: false });
    const changed = `changed-${user.uid.slice(0, 8).toLowerCase()}@versus.test`;
    await adminAuth.updateUser(user.uid, { email: changed });
    // A change of address ends the sessions begun before it (the Auth emulator's validSince, to the
    // second: a token from the same second still passed, so the old token made this test flaky).
    token = await signIn(changed);
    expect((await sync()).body).toEqual({ email: changed, changed: true });
    expect((await adminDb.doc(`users/${user.uid}/private/account`).get()).get('email')).toBe(changed);
    expect((await sync()).body).toEqual({ email: changed, changed: false });
    expect((await call('/profile/syncEmail', { method: 'POST' })).status).toBe(401);
  });
});

describe('the deletion job', () => {
  const sweep = (now: number, accounts: string[]) => call<Body>('/internal/sweep', { body: { now, accounts } });

  it('14 days after deactivation, and not before: Auth user gone, profile anonymised, name free, coins and ledger kept', async () => {
    const user = await verifiedUser(500);
    const linked = await riotAccount();
    await linkRiot(user, linked.puuid);
    const { deletionOn } = (
      await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: user.token })
    ).body;
    const ledger = async () => (await adminDb.collection('ledger').where('uid', '==', user.uid).get()).size;
    const entries = await ledger();

    // A minute before its date nothing happens: the account could still be restored.
    expect((await sweep(deletionOn - 60_000, [user.uid])).body).toMatchObject({ accountsDeleted: 0 });
    expect((await adminAuth.getUser(user.uid)).uid).toBe(user.uid);
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('displayName')).toBe(user.displayName);

    expect((await sweep(deletionOn, [user.uid])).body).toMatchObject({ accountsDeleted: 1 });
    await expect(adminAuth.getUser(user.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await adminDb.doc(`users/${user.uid}`).get()).data()).toMatchObject({
      displayName: '',
      avatar: null,
      thirdPartyAccounts: {},
      deactivated: true,
      anonymised: true,
      deletedAt: deletionOn,
    });
    expect((await adminDb.doc(`users/${user.uid}/private/account`).get()).data()).toMatchObject({
      email: '',
      firstName: '',
      lastName: '',
      deletionOn: null,
      funds: 500,
    });
    expect(await ledger()).toBe(entries);
    // The linked Riot account is free for someone else (issue #22: one account, one player).
    expect((await adminDb.doc(`gameAccounts/riot_${linked.puuid}`).get()).exists).toBe(false);
    // The name is free for someone new; a second sweep deletes nothing more.
    expect((await newUser({ displayName: user.displayName })).uid).not.toBe(user.uid);
    expect((await sweep(deletionOn + DAY_MS, [user.uid])).body).toMatchObject({ accountsDeleted: 0 });
  });

  it("a deleted creator's code supports nobody more and stays theirs", async () => {
    const [creator, fan, newcomer] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const code = `DEL${Date.now() % 1e8}`;
    const { setCreatorCode } = await import('../src/creators/service');
    await setCreatorCode(creator.uid, code, Date.now());
    const { deletionOn } = (
      await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: creator.token })
    ).body;
    expect((await sweep(deletionOn, [creator.uid])).body).toMatchObject({ accountsDeleted: 1 });
    expect((await adminDb.doc(`creators/${creator.uid}`).get()).get('active')).toBe(false);
    expect((await adminDb.doc(`creator_codes/${code}`).get()).data()).toEqual({
      uid: creator.uid,
      active: false,
      displayName: '',
      ownerDeactivated: true,
    });
    const support = await call('/profile/supportCreatorWithCode', {
      method: 'PUT',
      token: fan.token,
      body: { creatorCode: code },
    });
    expect(support).toMatchObject({ status: 404, body: { message: 'This creator code is not active' } });
    await expect(setCreatorCode(newcomer.uid, code, Date.now())).rejects.toMatchObject({ statusCode: 409 });
  });

  it('a deleted supporter no longer counts for their creator (also one who supported before the count knew whom)', async () => {
    const suffix = `${Date.now() % 1e8}`;
    const [creator, fan, earlyFan] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const { setCreatorCode } = await import('../src/creators/service');
    await setCreatorCode(creator.uid, `FAN${suffix}`, Date.now());
    for (const supporter of [fan, earlyFan])
      expect(
        (
          await call('/profile/supportCreatorWithCode', {
            method: 'PUT',
            token: supporter.token,
            body: { creatorCode: `FAN${suffix}` },
          })
        ).status,
      ).toBe(200);
    // A support from before the account kept whose the code was: only the code.
    await adminDb.doc(`users/${earlyFan.uid}/private/account`).update({ supportingCreatorUid: FieldValue.delete() });
    const supporters = async () => (await adminDb.doc(`creators/${creator.uid}`).get()).get('numberSupporting');
    expect(await supporters()).toBe(2);
    for (const [index, supporter] of [fan, earlyFan].entries()) {
      const { deletionOn } = (
        await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: supporter.token })
      ).body;
      // Deactivated, they still count: they may come back within the 14 days.
      expect(await supporters()).toBe(2 - index);
      expect((await sweep(deletionOn, [supporter.uid])).body).toMatchObject({ accountsDeleted: 1 });
      expect(await supporters()).toBe(1 - index);
      expect((await adminDb.doc(`users/${supporter.uid}/private/account`).get()).data()).toMatchObject({
        supportingCreatorCode: null,
        supportingCreatorUid: null,
      });
    }
  });

  it('never deletes an active account or one restored in time', async () => {
    const [active, restored] = await Promise.all([newUser(), newUser()]);
    const { deletionOn } = (
      await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: restored.token })
    ).body;
    expect((await call('/profile/restore', { method: 'POST', token: restored.token })).status).toBe(200);
    expect((await sweep(deletionOn + DAY_MS, [active.uid, restored.uid])).body).toMatchObject({ accountsDeleted: 0 });
    for (const user of [active, restored]) {
      expect((await adminAuth.getUser(user.uid)).uid).toBe(user.uid);
      expect((await adminDb.doc(`users/${user.uid}`).get()).get('displayName')).toBe(user.displayName);
    }
  });
});

describe('connections', () => {
  it('a typed Riot ID is checked with Riot and shown, unverified; Riot Sign On verifies it; both removed', async () => {
    const user = await newUser();
    const bad = await call('/profile/connections/riot', {
      method: 'PUT',
      body: { value: 'NoHash' },
      token: user.token,
    });
    expect(bad).toMatchObject({ status: 400, body: { fields: { value: 'validation.connection-riot' } } });
    expect(
      await call('/profile/connections/riot', { method: 'PUT', body: { value: 'Nobody Here#EUW' }, token: user.token }),
    ).toMatchObject({ status: 400, body: { fields: { value: 'validation.connection-riot-unknown' } } });

    const account = await riotAccount();
    const typed = await call('/profile/connections/riot', {
      method: 'PUT',
      body: { value: ` ${account.riotId.toUpperCase().replace('#EUW', '#euw')} ` },
      token: user.token,
    });
    expect(typed).toMatchObject({ status: 200, body: { value: account.riotId, verified: false } });
    let profile = (await adminDb.doc(`users/${user.uid}`).get()).data()!;
    expect(profile.thirdPartyAccounts).toEqual({ riot: account.riotId });
    // Unverified: not the player's game account, so it decides nothing and claims nothing.
    expect(profile.gameAccounts).toBeUndefined();
    expect((await adminDb.doc(`gameAccounts/riot_${account.puuid}`).get()).exists).toBe(false);

    expect((await linkRiot(user, account.puuid)).body).toMatchObject({ platform: 'riot', value: account.riotId });
    profile = (await adminDb.doc(`users/${user.uid}`).get()).data()!;
    expect(profile.gameAccounts).toEqual({ riot: { id: account.puuid, display: account.riotId } });

    expect((await call('/profile/connections/riot', { method: 'DELETE', token: user.token })).status).toBe(200);
    const after = (await adminDb.doc(`users/${user.uid}`).get()).data()!;
    expect(after.thirdPartyAccounts).toEqual({});
    expect(after.gameAccounts).toEqual({});
  });

  it('one game account belongs to one player: taken until its owner lets it go', async () => {
    const [first, second] = await Promise.all([newUser(), newUser()]);
    const account = await riotAccount();
    const link = async (user: { token: string }) => (await riotSignIn(user, account.puuid)).answer;
    expect((await link(first)).status).toBe(200);
    // Linking it again is no change; another player is refused.
    expect((await link(first)).status).toBe(200);
    expect(await link(second)).toMatchObject({ status: 409, body: { code: 'game-account-taken' } });
    expect((await adminDb.doc(`users/${second.uid}`).get()).get('gameAccounts')).toBeUndefined();
    // Nor is it shown, typed, on the second's profile as if it were theirs (record 183).
    const typed = (user: { token: string }, riotId: string) =>
      call('/profile/connections/riot', { method: 'PUT', body: { value: riotId }, token: user.token });
    expect(await typed(second, account.riotId)).toMatchObject({ status: 409, body: { code: 'game-account-taken' } });
    expect((await adminDb.doc(`users/${second.uid}`).get()).get('thirdPartyAccounts.riot')).toBeUndefined();
    // Its owner may type it: a typed ID of their own lets the verified one go, as before.
    expect(await typed(first, account.riotId)).toMatchObject({ status: 200, body: { verified: false } });
    await linkRiot(first, account.puuid);
    // Another Riot account for the first player frees the old one.
    const other = await riotAccount();
    await linkRiot(first, other.puuid);
    expect((await link(second)).status).toBe(200);
    // Both at once for one account: one of them has it.
    const contested = await riotAccount();
    const [third, fourth] = await Promise.all([newUser(), newUser()]);
    const answers = await Promise.all(
      [third, fourth].map(async (user) => (await riotSignIn(user, contested.puuid)).answer),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const claim = await adminDb.doc(`gameAccounts/riot_${contested.puuid}`).get();
    expect([third.uid, fourth.uid]).toContain(claim.get('uid'));
    // A typed ID racing its owner's sign-in: the sign-in always links it; the typed one is shown
    // only if it came first (unverified, as a public profile says), and else changes nothing.
    const raced = await riotAccount();
    const [owner, typist] = await Promise.all([newUser(), newUser()]);
    const [signedIn, shown] = await Promise.all([
      riotSignIn(owner, raced.puuid).then((result) => result.answer),
      typed(typist, raced.riotId),
    ]);
    expect(signedIn.status).toBe(200);
    expect([200, 409]).toContain(shown.status);
    expect((await adminDb.doc(`users/${typist.uid}`).get()).get('thirdPartyAccounts.riot')).toBe(
      shown.status === 200 ? raced.riotId : undefined,
    );
    expect((await adminDb.doc(`gameAccounts/riot_${raced.puuid}`).get()).get('uid')).toBe(owner.uid);
  });

  it('a Steam account is linked only through Steam’s sign-in; a typed one is refused', async () => {
    const user = await newUser();
    const id = await dotaAccount();
    expect(
      await call('/profile/connections/steam', { method: 'PUT', body: { value: id }, token: user.token }),
    ).toMatchObject({ status: 400, body: { code: 'steam-sign-in-required' } });
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('gameAccounts')).toBeUndefined();
    expect((await linkSteam(user, id)).body).toMatchObject({ platform: 'steam', value: `Dota player ${id}` });
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('gameAccounts')).toEqual({
      steam: { id, display: `Dota player ${id}` },
    });
  });

  it('answers 404 for an unknown platform and 401 without a token', async () => {
    const user = await newUser();
    expect(
      (await call('/profile/connections/myspace', { method: 'PUT', body: { value: 'x' }, token: user.token })).status,
    ).toBe(404);
    expect((await call('/profile/connections/discord', { method: 'PUT', body: { value: 'abc' } })).status).toBe(401);
  });
});

describe('the API frame', () => {
  it('answers unknown paths with a JSON 404', async () => {
    const answer = await call('/no/such/endpoint');
    expect(answer).toMatchObject({ status: 404, body: { statusCode: 404 } });
  });
});

describe('presence off the profile (record 93)', () => {
  it('a new profile has no lastSeen: presence is a document of its own', async () => {
    const me = await newUser();
    expect((await adminDb.doc(`users/${me.uid}`).get()).get('lastSeen')).toBeUndefined();
  });

  it("npm run migrate moves a profile's lastSeen to its presence document, keeps a newer heartbeat, and runs once", async () => {
    const [old, beating] = await Promise.all([newUser(), newUser()]);
    await adminDb.doc(`users/${old.uid}`).update({ lastSeen: 1_000 });
    await adminDb.doc(`users/${beating.uid}`).update({ lastSeen: 2_000 });
    // A tab of the new web app has written its heartbeat already.
    await adminDb.doc(`users/${beating.uid}/presence/seen`).set({ lastSeen: 5_000 });
    const { movePresenceOffProfiles } = await import('../src/users/presence');
    expect((await movePresenceOffProfiles()).moved).toBeGreaterThanOrEqual(2);
    expect((await adminDb.doc(`users/${old.uid}/presence/seen`).get()).data()).toEqual({ lastSeen: 1_000 });
    expect((await adminDb.doc(`users/${beating.uid}/presence/seen`).get()).data()).toEqual({ lastSeen: 5_000 });
    for (const { uid } of [old, beating])
      expect((await adminDb.doc(`users/${uid}`).get()).get('lastSeen')).toBeUndefined();
    expect((await movePresenceOffProfiles()).moved).toBe(0);
  });
});
