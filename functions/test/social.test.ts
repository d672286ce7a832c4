import { describe, expect, it } from 'vitest';
import { adminDb, call, verifiedUser, type Body, type Player } from './helpers';

/** Following (SPEC §5): signed in, not self, not twice; mutuals exact on both sides. */

const follow = (by: Player, uid: string) => call<Body>(`/users/${uid}/follow`, { token: by.token, method: 'POST' });
const unfollow = (by: Player, uid: string) => call<Body>(`/users/${uid}/unfollow`, { token: by.token, method: 'POST' });
const accountOf = async (uid: string) => (await adminDb.doc(`users/${uid}/private/account`).get()).data() as Body;
const profileOf = async (uid: string) => (await adminDb.doc(`users/${uid}`).get()).data() as Body;
const listOf = async (uid: string, list: 'followers' | 'following') =>
  (await adminDb.collection(`users/${uid}/${list}`).get()).docs.map((doc) => doc.id).sort();

describe('following', () => {
  it('follows once, not self, keeps counts, lists and mutuals on both sides, and unfollows', async () => {
    const [alice, bob] = await Promise.all([verifiedUser(), verifiedUser()]);
    expect(await call(`/users/${bob.uid}/follow`, { method: 'POST' })).toMatchObject({ status: 401 });
    expect(await follow(alice, alice.uid)).toMatchObject({ status: 400 });
    expect(await follow(alice, 'no-such-player')).toMatchObject({ status: 404 });
    expect(await follow(alice, 'a%2Fb')).toMatchObject({ status: 404 });
    expect((await follow(alice, bob.uid)).body).toEqual({ following: true, mutual: false });
    expect(await follow(alice, bob.uid)).toMatchObject({ status: 409, body: { code: 'already-following' } });
    expect(await profileOf(bob.uid)).toMatchObject({ followersCount: 1 });
    expect(await profileOf(alice.uid)).toMatchObject({ followingCount: 1 });
    expect(await listOf(bob.uid, 'followers')).toEqual([alice.uid]);
    expect((await accountOf(alice.uid)).following).toEqual([bob.uid]);

    expect((await follow(bob, alice.uid)).body).toEqual({ following: true, mutual: true });
    expect((await accountOf(alice.uid)).mutuals).toEqual([bob.uid]);
    expect((await accountOf(bob.uid)).mutuals).toEqual([alice.uid]);

    expect((await unfollow(alice, bob.uid)).body).toEqual({ following: false, mutual: false });
    expect(await unfollow(alice, bob.uid)).toMatchObject({ status: 409, body: { code: 'not-following' } });
    expect((await accountOf(alice.uid)).mutuals).toEqual([]);
    expect((await accountOf(bob.uid)).mutuals).toEqual([]);
    expect(await profileOf(bob.uid)).toMatchObject({ followersCount: 0 });
    expect(await listOf(alice.uid, 'followers')).toEqual([bob.uid]);
  });

  it('20 parallel follow/unfollow pairs leave mutuals exact', async () => {
    const [alice, bob] = await Promise.all([verifiedUser(), verifiedUser()]);
    const moves = Array.from({ length: 20 }, (_, index) =>
      index % 2 === 0
        ? [follow(alice, bob.uid), follow(bob, alice.uid)]
        : [unfollow(alice, bob.uid), unfollow(bob, alice.uid)],
    ).flat();
    const answers = await Promise.all(moves);
    expect(answers.filter((answer) => ![200, 409].includes(answer.status)).map((answer) => answer.body)).toEqual([]);
    const [a, b] = await Promise.all([accountOf(alice.uid), accountOf(bob.uid)]);
    const aFollows = (a.following as string[]).includes(bob.uid);
    const bFollows = (b.following as string[]).includes(alice.uid);
    const mutual = aFollows && bFollows;
    expect((a.mutuals as string[]).includes(bob.uid)).toBe(mutual);
    expect((b.mutuals as string[]).includes(alice.uid)).toBe(mutual);
    expect(await listOf(bob.uid, 'followers')).toEqual(aFollows ? [alice.uid] : []);
    expect(await listOf(alice.uid, 'followers')).toEqual(bFollows ? [bob.uid] : []);
    expect((await profileOf(bob.uid)).followersCount ?? 0).toBe(aFollows ? 1 : 0);
    expect((await profileOf(alice.uid)).followersCount ?? 0).toBe(bFollows ? 1 : 0);
    // Each one's notice, gathered and taken back in the same transactions, names the other only while
    // they follow (record 192).
    const namedBy = async (uid: string) =>
      (await adminDb.collection(`users/${uid}/notifications`).where('type', '==', 'FOLLOW').get()).docs.flatMap((doc) =>
        (doc.get('users') as Body[]).map((user) => user.uid),
      );
    expect(await namedBy(bob.uid)).toEqual(aFollows ? [alice.uid] : []);
    expect(await namedBy(alice.uid)).toEqual(bFollows ? [bob.uid] : []);
  });

  it('FOLLOW notifications group: the latest three names and how many', async () => {
    const star = await verifiedUser();
    const fans = await Promise.all(Array.from({ length: 5 }, () => verifiedUser()));
    for (const fan of fans) expect((await follow(fan, star.uid)).status).toBe(200);
    const notices = (await adminDb.collection(`users/${star.uid}/notifications`).where('type', '==', 'FOLLOW').get())
      .docs;
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data()).toMatchObject({ people: 5, viewed: false });
    expect((notices[0]!.get('users') as Body[]).map((user) => user.uid)).toEqual(
      fans
        .slice(2)
        .reverse()
        .map((fan) => fan.uid),
    );
    // One of the names shown unfollows: no longer named nor counted (record 192); back, first again,
    // counted once (record 128).
    const notice = adminDb.doc(notices[0]!.ref.path);
    const named = async () => ((await notice.get()).get('users') as Body[]).map((user) => user.uid);
    expect((await unfollow(fans[3]!, star.uid)).status).toBe(200);
    expect((await notice.get()).data()).toMatchObject({ people: 4 });
    expect(await named()).toEqual([fans[4]!, fans[2]!].map((fan) => fan.uid));
    expect((await follow(fans[3]!, star.uid)).status).toBe(200);
    expect((await notice.get()).data()).toMatchObject({ people: 5 });
    expect(await named()).toEqual([fans[3]!, fans[4]!, fans[2]!].map((fan) => fan.uid));
  });

  it('a notice whose named followers all took it back goes, though it counted one more', async () => {
    const star = await verifiedUser();
    const fans = await Promise.all(Array.from({ length: 4 }, () => verifiedUser()));
    for (const fan of fans) expect((await follow(fan, star.uid)).status).toBe(200);
    const follows = async () =>
      (await adminDb.collection(`users/${star.uid}/notifications`).where('type', '==', 'FOLLOW').get()).docs;
    expect((await follows())[0]!.data()).toMatchObject({ people: 4 });
    // The three named take it back: "and 1 other started following you" would name nobody.
    for (const fan of fans.slice(1)) expect((await unfollow(fan, star.uid)).status).toBe(200);
    expect(await follows()).toEqual([]);
  });

  it('a follow taken back before it was seen leaves no notice; one already seen stays as it was seen', async () => {
    const [star, fan] = (await Promise.all([verifiedUser(), verifiedUser()])) as [Player, Player];
    const follows = async () =>
      (await adminDb.collection(`users/${star.uid}/notifications`).where('type', '==', 'FOLLOW').get()).docs;
    expect((await follow(fan, star.uid)).status).toBe(200);
    expect(await follows()).toHaveLength(1);
    expect((await unfollow(fan, star.uid)).status).toBe(200);
    expect(await follows()).toEqual([]);

    expect((await follow(fan, star.uid)).status).toBe(200);
    const [seen] = await follows();
    expect(
      await call('/notifications/markAsViewed', { token: star.token, body: { notifications: [seen!.id] } }),
    ).toMatchObject({ status: 200 });
    expect((await unfollow(fan, star.uid)).status).toBe(200);
    expect((await follows()).map((doc) => doc.data())).toMatchObject([
      { viewed: true, people: 1, users: [{ uid: fan.uid }] },
    ]);
  });

  it('once the day’s FOLLOW notice is read, the next follower starts a new one (it used to answer 500)', async () => {
    const [star, first, second, third] = (await Promise.all(Array.from({ length: 4 }, () => verifiedUser()))) as [
      Player,
      Player,
      Player,
      Player,
    ];
    const follows = async () =>
      (await adminDb.collection(`users/${star.uid}/notifications`).where('type', '==', 'FOLLOW').get()).docs
        .map((doc) => ({ id: doc.id, ...doc.data() }) as Body)
        .sort((a, b) => (a.createdAt as number) - (b.createdAt as number));
    expect((await follow(first, star.uid)).status).toBe(200);
    const [read] = await follows();
    expect(
      await call('/notifications/markAsViewed', { token: star.token, body: { notifications: [read!.id] } }),
    ).toMatchObject({ status: 200, body: { updated: 1 } });
    expect(await follow(second, star.uid)).toMatchObject({ status: 200 });
    expect(await follow(third, star.uid)).toMatchObject({ status: 200 });
    // The read group keeps its follower; the new one gathers the two who came after.
    expect(await follows()).toMatchObject([
      { viewed: true, people: 1, users: [{ uid: first.uid }] },
      { viewed: false, people: 2, users: [{ uid: third.uid }, { uid: second.uid }] },
    ]);
  });

  it('a followed player who deactivates breaks nothing: no new follows, unfollow still works', async () => {
    const [fan, leaving, late] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    await follow(fan, leaving.uid);
    expect((await call('/profile/deactivate', { token: leaving.token, method: 'POST' })).status).toBe(200);
    expect(await follow(late, leaving.uid)).toMatchObject({ status: 404 });
    expect((await unfollow(fan, leaving.uid)).status).toBe(200);
    expect((await accountOf(fan.uid)).following).toEqual([]);
  });
});
