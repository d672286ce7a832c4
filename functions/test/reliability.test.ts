import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adminDb,
  adminUser,
  call,
  createTournament,
  eventually,
  verifiedUser,
  type Body,
  type Player,
} from './helpers';
import { matchPath, matchesOf, setWinner, started, sweep } from './tournament-play-helpers';

/**
 * Reliability (issue #60): each decided match counts on its players' record, a no-show too; repeated
 * no-shows ban a player from paid tournaments (24 hours, doubling, up to 30 days); a host may ask for
 * the least reliability; an admin can lift a ban.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** An e-mail as MailDev's API lists it. */
interface CaughtMail {
  text: string;
  to: { address: string }[];
}
const reliabilityOf = async (uid: string) =>
  ((await adminDb.doc(`users/${uid}`).get()).data() as Body).reliability as Body | undefined;
const join = (player: Player, id: string) => call<Body>(`/tournaments/${id}/join`, { token: player.token, body: {} });
/** A record as the match commits leave it: `matches` decided, no-shows at the given times. */
const recordOf = (matches: number, noShowsAt: number[]) => ({
  matches,
  noShows: noShowsAt.length,
  noShowLog: noShowsAt.map((at, index) => ({ at, match: `t/${index}` })),
});
const paidCup = async (overrides: Body = {}) => {
  const host = await verifiedUser();
  const created = await createTournament(host.token, {
    entryFee: 130,
    name: `Door Cup ${randomUUID().slice(0, 6)}`,
    startTime: Date.now() + 2 * 86_400_000,
    ...overrides,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
};

describe('reliability', () => {
  it('each decided match counts for both sides once, a no-show for the side that did not come', async () => {
    const { host, id, startTime, player } = await started(4, { entryFee: 0, checkInMinutes: 10 });
    const [m1, m2] = (await matchesOf(id)).filter((match) => match.state === 'READY');
    const [a, b] = m1!.participants as [string, string];
    await call(matchPath(id, m1!.id, 'checkIn'), { token: player(a).token, body: {} });
    for (const side of m2!.participants)
      await call(matchPath(id, m2!.id, 'report'), {
        token: player(side).token,
        body: { winnerUid: side === m2!.participants[0] ? side : m2!.participants[0] },
      });
    await sweep(startTime + 10 * MINUTE, [id]);
    expect(await reliabilityOf(a)).toEqual({ matches: 1, noShows: 0 });
    expect(await reliabilityOf(b)).toMatchObject({ matches: 1, noShows: 1, noShowLog: [{ match: `${id}/${m1!.id}` }] });
    expect(await reliabilityOf(m2!.participants[1]!)).toEqual({ matches: 1, noShows: 0 });
    // The host turns the no-show over: the record stays as it was (the match was decided once).
    expect((await setWinner(host, id, m1!.id, b)).status).toBe(200);
    expect(await reliabilityOf(b)).toMatchObject({ matches: 1, noShows: 1 });
    expect(await reliabilityOf(a)).toEqual({ matches: 1, noShows: 0 });
    // At a host's least reliability of 90 %: the one who came is welcome (100 %), the other is not (0 %).
    const picky = await paidCup({ entryFee: 0, minReliability: 90 });
    expect((await join(player(a), picky)).status).toBe(200);
    expect(await join(player(b), picky)).toMatchObject({
      status: 403,
      body: { code: 'reliability-too-low', details: { required: 90, yours: 0 } },
    });
  });

  it('a second no-show within 90 days bans from paid tournaments for 24 hours, a third for 48; free ones stay open', async () => {
    const now = Date.now();
    const player = await verifiedUser(1000);
    const paid = await paidCup();
    const free = await paidCup({ entryFee: 0 });
    // One no-show: a warning only.
    await adminDb.doc(`users/${player.uid}`).set({ reliability: recordOf(5, [now - HOUR]) }, { merge: true });
    expect((await join(player, paid)).status).toBe(200);
    expect((await call(`/tournaments/${paid}/leave`, { token: player.token, body: {} })).status).toBe(200);
    // A second: banned until 24 hours after it.
    await adminDb
      .doc(`users/${player.uid}`)
      .set({ reliability: recordOf(6, [now - 2 * HOUR, now - HOUR]) }, { merge: true });
    expect(await join(player, paid)).toMatchObject({
      status: 403,
      body: { code: 'no-show-ban', details: { until: now - HOUR + 24 * HOUR } },
    });
    expect((await join(player, free)).status).toBe(200);
    // A third: 48 hours; one older than 90 days does not count.
    await adminDb
      .doc(`users/${player.uid}`)
      .set(
        { reliability: recordOf(9, [now - 100 * 24 * HOUR, now - 3 * HOUR, now - 2 * HOUR, now - HOUR]) },
        { merge: true },
      );
    expect((await join(player, paid)).body).toMatchObject({ details: { until: now - HOUR + 48 * HOUR } });
    // Nothing was held for the refused joins.
    expect((await adminDb.doc(`tournaments/${paid}`).get()).data()).toMatchObject({ participantCount: 0 });
  });

  it("a no-show that brings a ban says so in the player's e-mail, until when; the other side's says nothing of it", async () => {
    const { id, startTime, player } = await started(4, { entryFee: 0, checkInMinutes: 10 });
    const [match] = (await matchesOf(id)).filter((item) => item.state === 'READY');
    const [a, b] = match!.participants as [string, string];
    // B missed a match elsewhere an hour ago: a warning then; this second no-show bans.
    await adminDb.doc(`users/${b}`).set({ reliability: recordOf(5, [Date.now() - HOUR]) }, { merge: true });
    await call(matchPath(id, match!.id, 'checkIn'), { token: player(a).token, body: {} });
    await sweep(startTime + 10 * MINUTE, [id]);
    // The e-mail MailDev caught for an address about the no-show (each side had its check-in's first).
    const noShowMailTo = async (address: string) => {
      const about = (mails: CaughtMail[]) =>
        mails.find((mail) => mail.to.some((to) => to.address === address) && /did not check in/.test(mail.text));
      return about(
        await eventually(
          async () => (await (await fetch('http://127.0.0.1:1080/api/email')).json()) as CaughtMail[],
          (mails) => about(mails) !== undefined,
        ),
      )!;
    };
    expect((await noShowMailTo(player(b).email)).text).toMatch(
      /^You did not check in to your match in .+, so you forfeited it\. You cannot join paid tournaments until .+ \(UTC\), for repeated no-shows\.\n/,
    );
    expect((await noShowMailTo(player(a).email)).text).toMatch(
      /^Your opponent in .+ did not check in\. You win the match\.\n/,
    );
  });

  it('an admin lifts a ban; it stays lifted until the next no-show', async () => {
    const now = Date.now();
    const player = await verifiedUser(1000);
    const admin = await adminUser();
    const paid = await paidCup();
    await adminDb
      .doc(`users/${player.uid}`)
      .set({ reliability: recordOf(4, [now - 2 * HOUR, now - HOUR]) }, { merge: true });
    const lift = (who: Player, uid = player.uid) =>
      call<Body>(`/admin/users/${uid}/liftNoShowBan`, { token: who.token, body: {} });
    expect(await lift(player)).toMatchObject({ status: 403 });
    expect(await lift(admin, 'no-such-user')).toMatchObject({ status: 404 });
    expect((await lift(admin)).body).toMatchObject({ reliability: { liftedAt: expect.any(Number) } });
    expect(await lift(admin)).toMatchObject({ status: 409, body: { code: 'not-banned' } });
    expect((await join(player, paid)).status).toBe(200);
    // A later no-show bans again (the count goes on).
    await adminDb
      .doc(`users/${player.uid}`)
      .update({ 'reliability.noShowLog': [...recordOf(0, [now - 2 * HOUR, now - HOUR, Date.now()]).noShowLog] });
    expect(await join(player, await paidCup())).toMatchObject({ status: 403, body: { code: 'no-show-ban' } });
  });

  it('a host may ask for the least reliability: below it is refused, a player without matches is welcome', async () => {
    const id = await paidCup({ entryFee: 0, minReliability: 90 });
    expect((await adminDb.doc(`tournaments/${id}`).get()).data()).toMatchObject({ minReliability: 90 });
    const [shaky, steady, fresh] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    await adminDb.doc(`users/${shaky.uid}`).set({ reliability: recordOf(10, [1, 2]) }, { merge: true });
    await adminDb.doc(`users/${steady.uid}`).set({ reliability: recordOf(10, [1]) }, { merge: true });
    expect(await join(shaky, id)).toMatchObject({
      status: 403,
      body: { code: 'reliability-too-low', details: { required: 90, yours: 80 } },
    });
    expect((await join(steady, id)).status).toBe(200);
    expect((await join(fresh, id)).status).toBe(200);
    // A record written before `noShows` was written with every match: none.
    const early = await verifiedUser();
    await adminDb.doc(`users/${early.uid}`).set({ reliability: { matches: 3 } }, { merge: true });
    expect((await join(early, id)).status).toBe(200);
    // Not a choice the wizard offers: refused.
    expect(await createTournament((await verifiedUser()).token, { minReliability: 42 })).toMatchObject({ status: 400 });
  });
});
