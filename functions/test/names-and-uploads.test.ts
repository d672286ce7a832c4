import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, adminAuth, adminDb, call, fundsOf, newUser, verifiedUser, type Body } from './helpers';
import { setPayoutRate, walletSettings } from './hardening-helpers';

/** Names and uploads that must be refused, and a sweep that does only what it is asked. */

beforeAll(walletSettings);
afterAll(() => setPayoutRate(70));

/** POST /auth/register of a new address with `displayName`. */
const register = (displayName: string, email = `n-${randomUUID().slice(0, 8)}@versus.test`) =>
  call('/auth/register', {
    body: {
      email,
      password: 'Test-pass-1',
      displayName,
      firstName: 'Test',
      lastName: 'Player',
      country: 'FI',
      terms: true,
    },
  });

describe('names and uploads', () => {
  it('display names that look alike collide; Finnish names still register', async () => {
    const suffix = randomUUID().replace(/-/g, '').slice(0, 8);
    const first = await newUser({ displayName: `Player${suffix}` });
    expect(first.uid).toBeTruthy();
    for (const lookAlike of [`Ｐlayer${suffix}`, `Рlayer${suffix}`, `Ρlayer${suffix}`, `PLAYER${suffix}`]) {
      const email = `look-${randomUUID().slice(0, 8)}@versus.test`;
      expect(await register(lookAlike, email), lookAlike).toMatchObject({
        status: 409,
        body: { code: 'display-name-taken' },
      });
      await expect(adminAuth.getUserByEmail(email)).rejects.toThrow();
    }
    const finnish = await call('/auth/register', {
      body: {
        email: `aija-${suffix}@versus.test`,
        password: 'Test-pass-1',
        displayName: `Äijä_${suffix.slice(0, 6)}`,
        firstName: 'Äijä',
        lastName: 'Öhman',
        country: 'FI',
        terms: true,
      },
    });
    expect(finnish.status).toBe(201);
  });

  it('a name in capitals is the same name, and the platform’s own words are taken (walk AF, record 190)', async () => {
    const suffix = randomUUID().replace(/-/g, '').slice(0, 6);
    expect((await register(`Mike${suffix}`)).status).toBe(201);
    // "MIKE" went through beside "Mike": confusables read a capital I as an l.
    const email = `n-${randomUUID().slice(0, 8)}@versus.test`;
    expect(await register(`MIKE${suffix}`, email)).toMatchObject({ status: 409, body: { code: 'display-name-taken' } });
    await expect(adminAuth.getUserByEmail(email)).rejects.toThrow();
    // Names apart by a small "i" and an "l" stay two.
    expect((await register(`Olli${suffix}`)).status).toBe(201);
    expect((await register(`Oili${suffix}`)).status).toBe(201);
    for (const name of ['admin', 'ADMIN', 'Moderator', 'VersusSupport', 'Versus_Staff']) {
      const email = `n-${randomUUID().slice(0, 8)}@versus.test`;
      expect(await register(name, email), name).toMatchObject({
        status: 409,
        body: { code: 'display-name-taken', message: 'This nickname is already in use!' },
      });
      await expect(adminAuth.getUserByEmail(email)).rejects.toThrow();
    }
  });

  it('the migration gives a name registered before record 190 its lower-case form’s key', async () => {
    const user = await newUser({ displayName: `Iida${randomUUID().replace(/-/g, '').slice(0, 6)}` });
    const { backfillUsernames, usernameKey, usernameKeys } = await import('../src/users/service');
    // As it was claimed before: by its own skeleton's key only.
    const [own, lower] = usernameKeys(user.displayName);
    expect(own).toBe(usernameKey(user.displayName));
    expect(lower).toBeDefined();
    await adminDb.doc(`usernames/${lower}`).delete();
    await backfillUsernames(Date.now());
    expect((await adminDb.doc(`usernames/${lower}`).get()).get('uid')).toBe(user.uid);
    expect(await register(user.displayName.toLowerCase())).toMatchObject({
      status: 409,
      body: { code: 'display-name-taken' },
    });
  });

  it('the migration gives names registered before skeletons their key and drops the old one', async () => {
    const user = await newUser();
    // As the name was reserved before: keyed by the lower-cased name, no skeleton key.
    for (const doc of (await adminDb.collection('usernames').where('uid', '==', user.uid).get()).docs)
      await doc.ref.delete();
    await adminDb
      .doc(`usernames/${user.displayName.toLowerCase()}`)
      .set({ uid: user.uid, displayName: user.displayName, createdAt: 1 });
    const { backfillUsernames, usernameKey } = await import('../src/users/service');
    const result = await backfillUsernames(Date.now());
    expect(result.added).toBeGreaterThanOrEqual(1);
    expect((await adminDb.doc(`usernames/${user.displayName.toLowerCase()}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`usernames/${usernameKey(user.displayName)}`).get()).get('uid')).toBe(user.uid);
    const lookAlike = await register(user.displayName.toUpperCase());
    expect(lookAlike).toMatchObject({ status: 409, body: { code: 'display-name-taken' } });
  });

  it('the migration beside registrations: a name claimed between its reads stays its holder’s, and the migration goes on', async () => {
    // A player registered while it runs holds their name: read side by side, the profiles could
    // show one whose name the names read missed, and adding it failed (ALREADY_EXISTS, a full run
    // once). The window is narrow, so this does not always meet it; three rounds beside it.
    const { backfillUsernames, usernameKey } = await import('../src/users/service');
    for (let round = 0; round < 3; round += 1) {
      const [result, ...players] = await Promise.all([backfillUsernames(Date.now()), newUser(), newUser(), newUser()]);
      expect(result).toMatchObject({ added: expect.any(Number) });
      for (const player of players)
        expect((await adminDb.doc(`usernames/${usernameKey(player.displayName)}`).get()).get('uid')).toBe(player.uid);
    }
  });

  async function upload(token: string, data: Buffer, contentType = 'image/gif') {
    const response = await fetch(`${API}/uploads/proof`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType },
      body: new Uint8Array(data),
    });
    return { status: response.status, body: (await response.json()) as Body };
  }
  const frame = (color: string, width = 40, height = 30) =>
    sharp({ create: { width, height, channels: 3, background: color } })
      .png()
      .toBuffer();
  const animatedGif = async (width = 40, height = 30) =>
    sharp([await frame('#f00', width, height), await frame('#00f', width, height)], { join: { animated: true } })
      .gif({ delay: [100, 100], loop: 0 })
      .toBuffer();

  it('GIFs are re-encoded: animation kept; comments, application extensions and trailing bytes dropped; canvas capped', async () => {
    const user = await verifiedUser();
    const gif = await animatedGif();
    // Before the trailer (0x3B): a comment and an application extension; after it, trailing bytes.
    const comment = Buffer.from([0x21, 0xfe, 0x0b, ...Buffer.from('HIDDEN-NOTE'), 0x00]);
    const application = Buffer.from([
      0x21,
      0xff,
      0x0b,
      ...Buffer.from('EVILAPP1.00'),
      0x04,
      ...Buffer.from('DATA'),
      0x00,
    ]);
    // Extensions may follow the header and the global colour table (13 + 3 × 2^(n+1) bytes).
    const packed = gif[10]!;
    const afterTable = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
    const crafted = Buffer.concat([
      gif.subarray(0, afterTable),
      comment,
      application,
      gif.subarray(afterTable),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    expect((await sharp(crafted, { animated: true }).metadata()).pages).toBe(2);

    const stored = await upload(user.token, crafted);
    expect(stored.status).toBe(201);
    const blob = Buffer.from(await (await fetch(`${API}/blobs/${stored.body.path as string}`)).arrayBuffer());
    for (const marker of ['HIDDEN-NOTE', 'EVILAPP', '<script>']) expect(blob.includes(marker), marker).toBe(false);
    expect(await sharp(blob, { animated: true }).metadata()).toMatchObject({ format: 'gif', pages: 2, width: 40 });

    const wide = await upload(user.token, await animatedGif(1600, 20));
    expect(wide).toMatchObject({ status: 201, body: { width: 1280 } });
  });

  it('a GIF declaring an absurd canvas is refused before it is decoded', async () => {
    const user = await verifiedUser();
    const gif = await animatedGif();
    const absurd = Buffer.from(gif);
    absurd.writeUInt16LE(65535, 6);
    absurd.writeUInt16LE(65535, 8);
    expect(await upload(user.token, absurd)).toMatchObject({ status: 413, body: { code: 'image-dimensions' } });
  });

  it('a picture over 8192 px a side, a header over no pixels or a WebP is refused; EXIF goes, orientation stays', async () => {
    const user = await verifiedUser();
    const wide = await sharp({ create: { width: 8200, height: 2, channels: 3, background: '#f0f' } })
      .png()
      .toBuffer();
    expect(await upload(user.token, wide, 'image/png')).toMatchObject({
      status: 413,
      body: { code: 'image-dimensions' },
    });
    // A PNG's signature and header chunk, declaring its size, over no pixels.
    const header = (width: number, height: number) => {
      const ihdr = Buffer.alloc(25);
      ihdr.writeUInt32BE(13, 0);
      ihdr.write('IHDR', 4, 'latin1');
      ihdr.writeUInt32BE(width, 8);
      ihdr.writeUInt32BE(height, 12);
      ihdr.set([8, 2, 0, 0, 0], 16);
      return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), ihdr]);
    };
    // Headers over no pixels, and a WebP labelled as a PNG: not images we take.
    for (const [width, height] of [
      [40, 30],
      [9000, 9000],
    ] as const)
      expect(await upload(user.token, header(width, height), 'image/png')).toMatchObject({
        status: 415,
        body: { code: 'image-type' },
      });
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#0f0' } })
      .webp()
      .toBuffer();
    expect(await upload(user.token, webp, 'image/png')).toMatchObject({ status: 415, body: { code: 'image-type' } });
    // A photo taken sideways (EXIF orientation 6) with a GPS position: stored upright, without EXIF.
    const photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#36a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const stored = await upload(user.token, photo, 'image/jpeg');
    expect(stored).toMatchObject({ status: 201, body: { width: 40, height: 60 } });
    const blob = Buffer.from(await (await fetch(`${API}/blobs/${stored.body.path as string}`)).arrayBuffer());
    const kept = await sharp(blob).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 40, height: 60 });
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(blob.includes('SecretPhone')).toBe(false);
  });

  it('blobs are served with nosniff and a CSP that runs nothing', async () => {
    const user = await verifiedUser();
    const stored = await upload(user.token, await frame('#0f0'), 'image/png');
    const response = await fetch(`${API}/blobs/${stored.body.path as string}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('the sweep does only what it is asked', () => {
  it('an omitted list sweeps none; `now` must be within a year', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const sent = await call<Body>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const expires = sent.body.expires as number;
    const limited = await call<Body>('/internal/sweep', { body: { now: expires + 1000, battles: [] } });
    expect(limited).toMatchObject({
      status: 200,
      body: { challengesExpired: 0, battlesCancelled: 0, ordersExpired: 0, payoutsSettled: 0 },
    });
    expect((await adminDb.doc(`battle_challenges/${sent.body.id as string}`).get()).get('state')).toBe('PENDING');
    expect((await call('/internal/sweep', { body: { now: Date.now() + 400 * 86_400_000, all: true } })).status).toBe(
      400,
    );
    expect(
      (await call('/internal/sweep', { body: { now: expires + 1000, challenges: [sent.body.id] } })).body,
    ).toMatchObject({ challengesExpired: 1 });
    expect(await fundsOf(a.uid)).toBe(1000);
  });
});
