import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminDb, call, newUser, verifiedUser } from './helpers';

/** GET /searchUsers (SPEC §7) and GET /suggestUsers: one search by name, paged, or random. */

interface Hit {
  id: string;
  source: { uid: string; displayName: string; trophies: number };
}
type Found = { total: { value: number }; hits: Hit[] };
const queryString = (query: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]))).toString();
const search = (query: Record<string, string | number | boolean>) => call<Found>(`/searchUsers?${queryString(query)}`);

describe('searching users', () => {
  it('pages by name with the total, case-insensitively, leaving out deactivated accounts', async () => {
    const stem = `Srch${randomUUID().slice(0, 5)}`;
    const users = [];
    for (let index = 0; index < 7; index += 1) users.push(await newUser({ displayName: `${stem}${index}` }));
    // One of them deactivated: not found.
    await adminDb.doc(`users/${users[6]!.uid}`).update({ deactivated: true });
    const first = await search({ displayName: stem.toLowerCase() });
    expect(first.status).toBe(200);
    expect(first.body.total.value).toBe(6);
    expect(first.body.hits).toHaveLength(5);
    expect(first.body.hits[0]).toMatchObject({
      id: users[0]!.uid,
      source: { uid: users[0]!.uid, displayName: `${stem}0` },
    });
    const second = await search({ displayName: stem, from: 5 });
    expect(second.body.hits.map((hit) => hit.source.displayName)).toEqual([`${stem}5`]);
    const all = [...first.body.hits, ...second.body.hits].map((hit) => hit.id);
    expect(new Set(all).size).toBe(6);
    expect(all).not.toContain(users[6]!.uid);
    // A bigger page.
    expect((await search({ displayName: stem, pageSize: 10 })).body.hits).toHaveLength(6);
  });

  it('random mode: no name gives a page of active players', async () => {
    await Promise.all([verifiedUser(), verifiedUser(), verifiedUser(), verifiedUser(), verifiedUser()]);
    const random = await search({ displayName: '', random: true });
    expect(random.status).toBe(200);
    expect(random.body.hits).toHaveLength(5);
    expect(random.body.total.value).toBe(5);
    expect(new Set(random.body.hits.map((hit) => hit.id)).size).toBe(5);
    // No parameters at all is random mode too.
    expect((await search({})).body.hits).toHaveLength(5);
  });

  it('nothing found is an empty page; hostile and bad queries are refused or harmless', async () => {
    expect((await search({ displayName: `nobody-${randomUUID()}`.slice(0, 24) })).body).toEqual({
      total: { value: 0 },
      hits: [],
    });
    // Characters that mean something elsewhere are just text here.
    for (const displayName of ['\uf8ff', "' OR 1=1 --", '../users', '%', '<script>'])
      expect((await search({ displayName })).body.total.value).toBe(0);
    for (const query of [
      { displayName: 'x'.repeat(25) },
      { displayName: 'ab', from: -1 },
      { displayName: 'ab', from: 'soon' },
      { displayName: 'ab', pageSize: 0 },
      { displayName: 'ab', pageSize: 1000 },
      { displayName: 'ab', from: 100_000 },
      { displayName: 'ab', extra: 1 },
    ] as Record<string, string | number>[]) {
      const answer = await search(query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
  });

  it('suggestUsers shares the search and leaves out the caller', async () => {
    const stem = `Sugg${randomUUID().slice(0, 5)}`;
    const me = await verifiedUser();
    await adminDb
      .doc(`users/${me.uid}`)
      .update({ displayName: `${stem}Me`, displayNameLower: `${stem}me`.toLowerCase() });
    const other = await newUser({ displayName: `${stem}You` });
    const answer = await call<{ hits: Hit[]; more: boolean }>(`/suggestUsers?${queryString({ displayName: stem })}`, {
      token: me.token,
    });
    expect(answer.body).toEqual({ hits: [expect.objectContaining({ id: other.uid })], more: false });
  });

  it('suggestUsers says when more names start so than the five it shows, the caller not counted', async () => {
    const stem = `More${randomUUID().slice(0, 5)}`;
    const me = await verifiedUser();
    await adminDb
      .doc(`users/${me.uid}`)
      .update({ displayName: `${stem}0`, displayNameLower: `${stem}0`.toLowerCase() });
    const ask = async () =>
      (
        await call<{ hits: Hit[]; more: boolean }>(`/suggestUsers?${queryString({ displayName: stem })}`, {
          token: me.token,
        })
      ).body;
    // Five others and the caller: all of them shown, none more.
    const others = await Promise.all([1, 2, 3, 4, 5].map((n) => newUser({ displayName: `${stem}${n}` })));
    const five = await ask();
    expect(five.hits.map((hit) => hit.id)).toEqual(others.map((other) => other.uid));
    expect(five.more).toBe(false);
    // A sixth: the first five by name, and more.
    await newUser({ displayName: `${stem}6` });
    const six = await ask();
    expect(six.hits.map((hit) => hit.id)).toEqual(others.map((other) => other.uid));
    expect(six.more).toBe(true);
  });
});
