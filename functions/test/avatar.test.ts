import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API, adminDb, call, newUser, type Body } from './helpers';

/** PUT /profile/avatar: a square picture, checked again by the server; DELETE goes back to the placeholder. */

async function put(token: string | null, data: Buffer, contentType: string) {
  const response = await fetch(`${API}/profile/avatar`, {
    method: 'PUT',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': contentType },
    body: new Uint8Array(data),
  });
  return { status: response.status, body: (await response.json()) as Body };
}
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#6d5dfc' } })
    .toFormat(format)
    .toBuffer();
const avatarOf = async (uid: string) => (await adminDb.doc(`users/${uid}`).get()).get('avatar') as string | null;

describe('profile pictures', () => {
  it('a square picture becomes the avatar, scaled to 512 px; removing it restores the placeholder', async () => {
    const user = await newUser();
    const answer = await put(user.token, await image(900, 900, 'jpeg'), 'image/jpeg');
    expect(answer.status).toBe(200);
    const url = answer.body.avatar as string;
    expect(url).toContain(`/blobs/avatars/${user.uid}/`);
    expect(await avatarOf(user.uid)).toBe(url);
    // Served as the image it is, at most 512 × 512.
    const served = await fetch(`${API}${new URL(url, API).pathname.replace(/^.*\/blobs\//, '/blobs/')}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([512, 512]);
    // A small square PNG and a GIF are kept at their size.
    expect((await put(user.token, await image(64, 65, 'png'), 'image/png')).status).toBe(200);
    expect((await put(user.token, await image(40, 40, 'gif'), 'image/gif')).status).toBe(200);

    expect(await call('/profile/avatar', { method: 'DELETE', token: user.token })).toMatchObject({
      status: 200,
      body: { avatar: null },
    });
    expect(await avatarOf(user.uid)).toBeNull();
  });

  it('refuses what is not a square image, too big, or not signed in, and keeps the picture as it was', async () => {
    const user = await newUser();
    expect((await put(user.token, await image(100, 100), 'image/png')).status).toBe(200);
    const before = await avatarOf(user.uid);
    const refusals: [Buffer, string, number, string][] = [
      [await image(400, 300), 'image/png', 400, 'image-not-square'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415, 'image-type'],
      [Buffer.from('not an image at all'), 'image/png', 415, 'image-type'],
      [Buffer.alloc(0), 'image/png', 415, 'image-type'],
      [Buffer.alloc(11 * 1024 * 1024, 1), 'image/jpeg', 413, ''],
      // A GIF that declares a 65535 × 65535 canvas: refused before decoding.
      [Buffer.from('474946383961ffffffff00000000', 'hex'), 'image/gif', 413, 'image-dimensions'],
    ];
    for (const [data, type, status, code] of refusals) {
      const answer = await put(user.token, data, type);
      expect(answer.status, `${type} ${data.length}`).toBe(status);
      expect(answer.body).toMatchObject({ statusCode: status, message: expect.any(String) });
      if (code) expect(answer.body.code).toBe(code);
    }
    expect((await put(null, await image(100, 100), 'image/png')).status).toBe(401);
    expect(await avatarOf(user.uid)).toBe(before);
  });
});
