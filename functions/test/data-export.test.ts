import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@versus/domain/platform/constants';
import type { DataExport } from '@versus/domain/users/data-export';
import { readableTimes } from '../src/users/data-export-readme';
import { API, adminDb, battleWonBy, call, createTournament, verifiedUser, type Body, type Player } from './helpers';

/** "Download my data" (issue #58): asked for once a day, built by the sweeper, fetched by a link that expires. */

const ask = (who: Player) => call<Body>('/profile/dataExport', { token: who.token, method: 'POST' });
const sweep = (now: number, scope: Body) => call<Body>('/internal/sweep', { body: { now, ...scope } });
const recordOf = async (uid: string) => (await adminDb.doc(`data_exports/${uid}`).get()).data() as DataExport;
const download = (uid: string, token: string) => fetch(`${API}/dataExports/${uid}/${token}`);

async function archiveOf(uid: string) {
  const { token } = await recordOf(uid);
  const response = await download(uid, token!);
  expect(response.status).toBe(200);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as { path: string; data: Body }[];
  return { response, files, json };
}

const pathsOf = (rows: { path: string }[]) => rows.map((row) => row.path).sort();
const docPaths = async (query: FirebaseFirestore.Query) => (await query.get()).docs.map((doc) => doc.ref.path).sort();

describe('Download my data', () => {
  it('archives every document about the player, their uploads, and nothing of anyone else', async () => {
    const [ann, ben] = await Promise.all([verifiedUser(600), verifiedUser(600)]);
    const battle = await battleWonBy(ann, ben);
    await call(`/users/${ben.uid}/follow`, { token: ann.token, method: 'POST' });
    await call(`/users/${ann.uid}/follow`, { token: ben.token, method: 'POST' });
    const tournament = (await createTournament(ben.token, { name: `Data Cup ${randomUUID().slice(0, 6)}` })).body
      .id as string;
    expect((await call(`/tournaments/${tournament}/join`, { token: ann.token, body: {} })).status).toBe(200);
    expect(
      (await call(`/rooms/${tournament}/sendMessage`, { token: ann.token, body: { message: 'Mine to keep' } })).status,
    ).toBe(201);
    await call(`/rooms/${tournament}/sendMessage`, { token: ben.token, body: { message: 'Not hers' } });
    // Her typing notice (the room's member document) and, from her message, her sending window.
    expect((await call(`/rooms/${tournament}/typed`, { token: ann.token, method: 'POST' })).status).toBe(200);
    expect(
      (await call('/profile/connections/discord', { token: ann.token, method: 'PUT', body: { value: 'ann#0001' } }))
        .status,
    ).toBe(200);
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const avatar = await fetch(`${API}/profile/avatar`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${ann.token}`, 'Content-Type': 'image/png' },
      body: new Uint8Array(picture),
    });
    expect(avatar.status).toBe(200);
    // Her language, as the site's switch sets it: the archive's README is written in it.
    expect((await call('/me/alerts', { token: ann.token, method: 'PUT', body: { language: 'fi-FI' } })).status).toBe(
      200,
    );

    expect(await ask(ann)).toMatchObject({ status: 202, body: { state: 'PENDING' } });
    // Asked again while it is prepared: the same request.
    expect(await ask(ann)).toMatchObject({ status: 202, body: { state: 'PENDING' } });
    expect((await sweep(Date.now(), { exports: [ann.uid] })).body).toMatchObject({ exportsBuilt: 1 });
    const record = await recordOf(ann.uid);
    expect(record).toMatchObject({ uid: ann.uid, state: 'READY', attempts: 1, bytes: expect.any(Number) });
    expect(record.expiresAt! - record.readyAt!).toBe(7 * DAY_MS);
    const told = await adminDb
      .collection(`users/${ann.uid}/notifications`)
      .where('type', '==', 'DATA_EXPORT_READY')
      .get();
    expect(told.size).toBe(1);

    const { response, files, json } = await archiveOf(ann.uid);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="versus-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');

    // Checked against the documents themselves, their times written as dates (the README says so).
    const profile = (await adminDb.doc(`users/${ann.uid}`).get()).data()!;
    expect(json('profile.json')).toEqual([{ path: `users/${ann.uid}`, data: readableTimes(profile) }]);
    expect(json('profile.json')[0]!.data.createdAt).toBe(new Date(profile.createdAt as number).toISOString());
    const account = (await adminDb.doc(`users/${ann.uid}/private/account`).get()).data()!;
    expect(json('users_private.json')).toEqual([
      { path: `users/${ann.uid}/private/account`, data: readableTimes(account) },
    ]);
    expect(json('users_private.json')[0]!.data.funds).toBe(account.funds);
    // The README names every file, in her language.
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toMatch(/^Tietosi Versuksesta\n/);
    for (const name of Object.keys(files).filter((file) => file.endsWith('.json')))
      expect(readme).toContain(`- ${name}: `);
    expect(readme).toContain('- ledger.json: kolikoidesi jokainen liike ja saldosi sen jälkeen');
    // Every file she has is one the README knows (none falls back to "records kept under your account").
    expect(readme).not.toContain('tilisi alla säilytetyt tietueet');
    // A history entry's time (`at`), a message's (`sent`) as dates too.
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(json('users_history.json')[0]!.data.at).toMatch(iso);
    expect(json('chat_messages.json')[0]!.data.sent).toMatch(iso);
    expect(pathsOf(json('ledger.json'))).toEqual(
      await docPaths(adminDb.collection('ledger').where('uid', '==', ann.uid)),
    );
    expect(pathsOf(json('battles.json'))).toEqual([`battles/${battle}`]);
    expect(pathsOf(json('escrows.json'))).toEqual(
      await docPaths(adminDb.collection('escrows').where('uid', '==', ann.uid)),
    );
    expect(pathsOf(json('tournaments.json'))).toEqual([`tournaments/${tournament}`]);
    expect(json('chat_messages.json').map((row) => row.data.message)).toEqual(['Mine to keep']);
    expect(pathsOf(json('chat_rooms.json'))).toEqual([
      `rooms/${tournament}/member_states/${ann.uid}`,
      `rooms/${tournament}/members/${ann.uid}`,
    ]);
    expect(pathsOf(json('users_following.json'))).toEqual([`users/${ann.uid}/following/${ben.uid}`]);
    expect(pathsOf(json('users_followers.json'))).toEqual([`users/${ann.uid}/followers/${ben.uid}`]);
    // All but the one telling her the archive is ready, written as it was finished.
    expect(pathsOf(json('users_notifications.json'))).toEqual(
      (await docPaths(adminDb.collection(`users/${ann.uid}/notifications`))).filter(
        (path) => path !== told.docs[0]!.ref.path,
      ),
    );
    expect(pathsOf(json('users_history.json'))).toEqual(await docPaths(adminDb.collection(`users/${ann.uid}/history`)));
    expect(json('display_names.json').map((row) => row.data.displayName)).toEqual([ann.displayName]);
    expect(json('statistics.json').map((row) => row.path)).toContain(`player_statistics/${ann.uid}`);

    // The picture as uploaded (and stored), under uploads/.
    const avatarPath = String(profile?.avatar).replace('/api/blobs/', '');
    const stored = new Uint8Array(await (await fetch(`${API}/blobs/${avatarPath}`)).arrayBuffer());
    expect(files[`uploads/${avatarPath}`]).toEqual(stored);

    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Body;
    expect(manifest).toMatchObject({ format: 'versus-data-export', uid: ann.uid, uploads: [`uploads/${avatarPath}`] });
    expect(manifest.sections).toEqual(record.counts);
    // Nothing private of Ben's: his e-mail, his message, his account.
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes, true))
      .join('\n');
    expect(everything).not.toContain(ben.email);
    expect(everything).not.toContain('Not hers');
    expect(everything).not.toContain(`users/${ben.uid}/private`);
  });

  it('once a day: asking again answers 429 with Retry-After and changes nothing', async () => {
    const ann = await verifiedUser();
    await ask(ann);
    await sweep(Date.now(), { exports: [ann.uid] });
    const before = await recordOf(ann.uid);
    const again = await fetch(`${API}/profile/dataExport`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ann.token}` },
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(await again.json()).toMatchObject({ statusCode: 429, code: 'export-too-soon', details: { hours: 24 } });
    expect(await recordOf(ann.uid)).toEqual(before);
  });

  it('a wrong or malformed link is 404; after a week it answers 410 and the file is gone', async () => {
    const ann = await verifiedUser();
    expect(await call('/profile/dataExport', { method: 'POST' })).toMatchObject({ status: 401 });
    await ask(ann);
    await sweep(Date.now(), { exports: [ann.uid] });
    const { token } = await recordOf(ann.uid);
    const wrong = `${token!.slice(0, 42)}${token!.endsWith('A') ? 'B' : 'A'}`;
    expect((await download(ann.uid, wrong)).status).toBe(404);
    expect((await download(ann.uid, 'short')).status).toBe(404);
    expect((await download('no-such-player', token!)).status).toBe(404);
    expect((await download(ann.uid, token!)).status).toBe(200);

    expect((await sweep(Date.now() + 7 * DAY_MS - 60_000, { exports: [ann.uid] })).body).toMatchObject({
      exportsExpired: 0,
    });
    expect((await sweep(Date.now() + 7 * DAY_MS + 60_000, { exports: [ann.uid] })).body).toMatchObject({
      exportsExpired: 1,
    });
    const gone = await download(ann.uid, token!);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'export-expired' });
    expect(await recordOf(ann.uid)).toMatchObject({ state: 'EXPIRED', path: null });
  });

  it('two sweeps racing for one request build it once and tell the player once', async () => {
    const ann = await verifiedUser();
    await ask(ann);
    const now = Date.now();
    const built = await Promise.all([sweep(now, { exports: [ann.uid] }), sweep(now, { exports: [ann.uid] })]);
    expect(built.map((answer) => answer.body.exportsBuilt).sort()).toEqual([0, 1]);
    const told = await adminDb
      .collection(`users/${ann.uid}/notifications`)
      .where('type', '==', 'DATA_EXPORT_READY')
      .get();
    expect(told.size).toBe(1);
    const archive = await archiveOf(ann.uid);
    expect(archive.json('profile.json')).toHaveLength(1);
    // A new player's lists are in it, empty (no notifications file at all read as left out).
    for (const list of ['notifications', 'followers', 'following', 'history'])
      expect(archive.json(`users_${list}.json`)).toEqual([]);
  });

  it('two requests racing make one request', async () => {
    const ann = await verifiedUser();
    const answers = await Promise.all([ask(ann), ask(ann), ask(ann)]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.body.requestedAt)).size).toBe(1);
  });

  it('the account deletion removes the archive and its record', async () => {
    const ann = await verifiedUser();
    await ask(ann);
    await sweep(Date.now(), { exports: [ann.uid] });
    const { token } = await recordOf(ann.uid);
    expect((await call('/profile/deactivate', { token: ann.token, method: 'POST' })).status).toBe(200);
    expect((await sweep(Date.now() + 15 * DAY_MS, { accounts: [ann.uid] })).body).toMatchObject({ accountsDeleted: 1 });
    expect((await adminDb.doc(`data_exports/${ann.uid}`).get()).exists).toBe(false);
    expect((await download(ann.uid, token!)).status).toBe(404);
  });

  it('a build that died three times (its lease ran out each time) ends FAILED, and the player may ask again', async () => {
    const ann = await verifiedUser();
    await ask(ann);
    const now = Date.now();
    await adminDb
      .doc(`data_exports/${ann.uid}`)
      .update({ state: 'BUILDING', attempts: 3, claimedAt: now - 11 * 60_000, buildId: 'gone' });
    expect((await sweep(now, { exports: [ann.uid] })).body).toMatchObject({ exportsBuilt: 0 });
    expect(await recordOf(ann.uid)).toMatchObject({ state: 'FAILED' });
    expect(await ask(ann)).toMatchObject({ status: 202, body: { state: 'PENDING' } });
  });
});
