import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { collectPlayerData } from '../src/users/data-export';
import {
  API,
  adminAuth,
  adminDb,
  battleWonBy,
  call,
  checkLedger,
  createTournament,
  newUser,
  signIn,
  verifiedUser,
  type Body,
  type Player,
} from './helpers';

/**
 * Issue #58: the deletion 14 days after deactivation removes what "Download my data" lists about
 * the player; what stays (the ledger and other bookkeeping, results under their uid) names nobody.
 */

const picture = (colour: string) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
const upload = async (who: Player, path: string, method: string) =>
  (await (
    await fetch(`${API}${path}`, {
      method,
      headers: { Authorization: `Bearer ${who.token}`, 'Content-Type': 'image/png' },
      body: new Uint8Array(await picture('#a33')),
    })
  ).json()) as Body;

/** Every document under a user, their profile included, as JSON. */
async function subtreeOf(uid: string): Promise<string> {
  const user = adminDb.doc(`users/${uid}`);
  const parts = [JSON.stringify((await user.get()).data())];
  for (const collection of await user.listCollections())
    for (const doc of (await collection.get()).docs) parts.push(doc.ref.path, JSON.stringify(doc.data()));
  return parts.join('\n');
}

describe('an account deleted leaves nothing that names the player', () => {
  it('its follows, chat, uploads, lists and name copies go; the ledger stays and names nobody', async () => {
    const tag = randomUUID().slice(0, 6);
    const registered = await newUser({ firstName: `Annikki${tag}`, lastName: `Erased${tag}` });
    await adminAuth.updateUser(registered.uid, { emailVerified: true });
    const { applyBalanceChange } = await import('../src/wallet/ledger');
    const { runOptimistic } = await import('../src/platform/optimistic');
    await runOptimistic((tx) =>
      applyBalanceChange(tx, { uid: registered.uid, delta: 600, reason: 'test-grant', ref: 'start' }, Date.now()),
    );
    const ann: Player = { ...registered, token: await signIn(registered.email) };
    const [ben, cy] = await Promise.all([verifiedUser(600), verifiedUser()]);

    // A battle (Ben's history and notifications name her), a challenge still pending with Cy.
    const battle = await battleWonBy(ann, ben);
    const challenge = await call<Body>('/battles/challenge', {
      token: ann.token,
      body: { opponent: cy.uid, game: 'valorant', entryFee: 0, terms: true },
    });
    expect(challenge.status).toBe(201);
    // Follows both ways and a follower.
    for (const [by, target] of [
      [ann, ben],
      [ben, ann],
      [cy, ann],
    ] as const)
      expect((await call(`/users/${target.uid}/follow`, { token: by.token, method: 'POST' })).status).toBe(200);
    // Ben's tournament: she joins and writes in its room, mentioning him.
    const tournament = (await createTournament(ben.token, { name: `Erase Cup ${tag}` })).body.id as string;
    await call(`/tournaments/${tournament}/join`, { token: ann.token, body: {} });
    const said = `Good luck @${ben.displayName}, my number is ${tag}`;
    expect((await call(`/rooms/${tournament}/sendMessage`, { token: ann.token, body: { message: said } })).status).toBe(
      201,
    );
    await call(`/rooms/${tournament}/typed`, { token: ann.token, method: 'POST' });
    // Her pictures, a connection, and her data archive.
    const avatar = String((await upload(ann, '/profile/avatar', 'PUT')).avatar);
    const proof = String((await upload(ann, '/uploads/proof', 'POST')).path);
    await call('/profile/connections/discord', { token: ann.token, method: 'PUT', body: { value: `ann${tag}` } });
    await call('/profile/dataExport', { token: ann.token, method: 'POST' });
    await call('/internal/sweep', { body: { exports: [ann.uid] } });
    const before = await collectPlayerData(ann.uid);
    expect(before.users_followers).toHaveLength(2);
    // Her member document (her name, typing) and her own state (last open, sending window).
    expect(before.chat_rooms).toHaveLength(2);
    expect(JSON.stringify(await subtreeOf(ben.uid))).toContain(ann.displayName);

    const { deletionOn } = (
      await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: ann.token })
    ).body;
    expect(
      (await call<Body>('/internal/sweep', { body: { now: deletionOn, accounts: [ann.uid] } })).body,
    ).toMatchObject({ accountsDeleted: 1 });

    const after = await collectPlayerData(ann.uid);
    // Gone: her lists, follows, stored answers, name reservations, game accounts, room memberships.
    for (const section of [
      'users_notifications',
      'users_followers',
      'users_following',
      'follow_pairs',
      'stored_answers',
      'display_names',
      'game_accounts',
      'chat_rooms',
      'tournament_invites',
    ])
      expect(after[section] ?? [], section).toEqual([]);
    expect((await adminDb.doc(`data_exports/${ann.uid}`).get()).exists).toBe(false);
    // Her message is there for the room's order, with nothing of hers in it.
    expect(after.chat_messages!.map((row) => row.data)).toEqual([
      expect.objectContaining({
        message: '',
        attachment: null,
        deleted: true,
        sender: expect.objectContaining({ displayName: '', avatar: null }),
      }),
    ]);
    // Her uploads are deleted.
    for (const path of [avatar.replace('/api/blobs/', ''), proof])
      expect((await fetch(`${API}/blobs/${path}`)).status, path).toBe(404);
    // What stays names nobody: nothing she gave us, anywhere it was copied.
    const everything = [
      JSON.stringify(after),
      await subtreeOf(ben.uid),
      await subtreeOf(cy.uid),
      JSON.stringify((await adminDb.doc(`battles/${battle}`).get()).data()),
      JSON.stringify((await adminDb.doc(`battle_challenges/${challenge.body.id as string}`).get()).data()),
      JSON.stringify((await adminDb.doc(`tournaments/${tournament}`).get()).data()),
    ].join('\n');
    for (const personal of [ann.displayName, ann.email, `Annikki${tag}`, `Erased${tag}`, `ann${tag}`, said, avatar])
      expect(everything.includes(personal), personal).toBe(false);
    // The ledger stays, as the books need it, with no name in it.
    expect(after.ledger!.map((row) => row.path)).toEqual(before.ledger!.map((row) => row.path));
    for (const row of after.ledger!)
      expect(Object.keys(row.data as Body).sort()).toEqual(
        expect.arrayContaining(['uid', 'delta', 'reason', 'ref', 'createdAt']),
      );
    // The others' counts and lists moved as unfollows would: Ben follows nobody and is followed by nobody.
    expect((await adminDb.doc(`users/${ben.uid}`).get()).data()).toMatchObject({
      followersCount: 0,
      followingCount: 0,
    });
    expect((await adminDb.doc(`users/${ben.uid}/private/account`).get()).data()).toMatchObject({
      following: [],
      mutuals: [],
    });
    expect((await adminDb.doc(`users/${cy.uid}`).get()).get('followingCount')).toBe(0);
    await checkLedger();
  });
});

describe('a deletion that fails', () => {
  it('is logged, put off an hour and then twice as long, while the next account is deleted', async () => {
    const [broken, next] = await Promise.all([verifiedUser(), verifiedUser()]);
    const deactivate = async (who: Player) =>
      (await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: who.token })).body.deletionOn;
    await deactivate(broken);
    const deletionOn = await deactivate(next);
    // A profile whose data no deletion can get through: a game account id that is no document id.
    await adminDb.doc(`users/${broken.uid}`).update({ gameAccounts: { steam: { id: 'not/an/id' } } });
    const sweep = async (now: number, accounts: string[]) =>
      (await call<Body>('/internal/sweep', { body: { now, accounts } })).body;
    expect(await sweep(deletionOn, [broken.uid, next.uid])).toMatchObject({ accountsDeleted: 1 });
    const account = async () => (await adminDb.doc(`users/${broken.uid}/private/account`).get()).data();
    expect(await account()).toMatchObject({ deletionFailures: 1, deletionRetryAt: deletionOn + 60 * 60 * 1000 });
    expect((await adminDb.doc(`users/${next.uid}`).get()).data()).toMatchObject({ anonymised: true });
    // Failing again: two hours.
    expect(await sweep(deletionOn + 1, [broken.uid])).toMatchObject({ accountsDeleted: 0 });
    expect(await account()).toMatchObject({
      deletionFailures: 2,
      deletionRetryAt: deletionOn + 1 + 2 * 60 * 60 * 1000,
    });
    // Mended, it goes, and its failures with it.
    await adminDb.doc(`users/${broken.uid}`).update({ gameAccounts: {} });
    expect(await sweep(deletionOn + 2, [broken.uid])).toMatchObject({ accountsDeleted: 1 });
    expect(await account()).toMatchObject({ deletionFailures: 0, deletionRetryAt: null, deletionOn: null });
  });
});

describe('a deletion against what others do at the same moment', () => {
  it("its party's invites: one ignored after the party was read is not made again", async () => {
    const host = await verifiedUser();
    const created = await createTournament(host.token, { game: 'rocket-league', gameFormat: 'TEAM', teamSize: 2 });
    const id = created.body.id as string;
    const [leader, ignoring, waiting] = (await Promise.all(Array.from({ length: 3 }, () => verifiedUser()))) as [
      Player,
      Player,
      Player,
    ];
    const act = (who: Player, action: string, body: Body = {}) =>
      call<Body>(`/tournaments/${id}/${action}`, { token: who.token, body });
    const party = (await act(leader, 'createParty', { teamName: 'Leaving' })).body.uid as string;
    for (const invitee of [ignoring, waiting])
      expect((await act(leader, `inviteToParty/${invitee.uid}`)).status).toBe(200);
    const { deletionOn } = (
      await call<{ deletionOn: number }>('/profile/deactivate', { method: 'POST', token: leader.token })
    ).body;
    // As an ignore leaves it when it lands between the deletion's read of the party (which still
    // names the invitee) and its writes: the invitee's entry gone. Its bare update made it again,
    // holding only a blank leader's name (a review's).
    const invite = (who: Player) => adminDb.doc(`tournaments/${id}/invites/${who.uid}`);
    await invite(ignoring).update({ [`parties.${party}`]: FieldValue.delete() });
    expect(
      (await call<Body>('/internal/sweep', { body: { now: deletionOn, accounts: [leader.uid] } })).body,
    ).toMatchObject({ accountsDeleted: 1 });
    expect((await invite(ignoring).get()).get('parties') ?? {}).not.toHaveProperty(party);
    expect((await invite(waiting).get()).get(`parties.${party}`)).toMatchObject({ leaderName: '' });
  });
});
