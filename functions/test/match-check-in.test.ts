import { describe, expect, it } from 'vitest';
import { adminDb, call, checkLedger, verifiedUser, type Body, type Player } from './helpers';
import {
  DAY,
  type Match,
  matchPath,
  matchesOf,
  notificationsOf,
  report,
  setWinner,
  started,
  sweep,
  tournamentOf,
} from './tournament-play-helpers';

/**
 * Check-in per match (issue #60): a ready match asks both sides to check in; the clock decides a
 * side that does not (outcome NO_SHOW), and the host's rule a match that neither side checked in to,
 * in every format.
 */

const MINUTE = 60_000;
const alertKinds = async (uid: string) =>
  (await adminDb.collection('outbox').where('uid', '==', uid).get()).docs.map((doc) => doc.data().kind as string);
const checkIn = (player: Player, id: string, match: string) =>
  call<Body>(matchPath(id, match, 'checkIn'), { token: player.token, body: {} });
type CheckInMatch = Match & {
  checkIns?: Record<string, number>;
  checkInCloses?: number | null;
  outcome?: string | null;
  forfeited?: string[] | null;
  readyAt?: number | null;
  reports?: Record<string, unknown>;
};
const matchesNow = async (id: string) => (await matchesOf(id)) as CheckInMatch[];
const ready = (matches: CheckInMatch[]) => matches.filter((match) => match.state === 'READY');

describe('check-in per match', () => {
  it('single elimination: a side that does not check in forfeits; neither side: the higher seed; the money is right', async () => {
    const { id, startTime, player } = await started(4, {
      entryFee: 130,
      checkInMinutes: 10,
      bothAbsent: 'HIGHER_SEED',
    });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const outsider = await verifiedUser();
    const [m1, m2] = ready(await matchesNow(id)) as [CheckInMatch, CheckInMatch];
    // Ready at the start: 10 minutes to check in, and that is the match's deadline until both are in.
    expect(m1).toMatchObject({
      checkIns: {},
      checkInCloses: startTime + 10 * MINUTE,
      deadline: startTime + 10 * MINUTE,
    });
    for (const uid of seeds) {
      const notices = await notificationsOf(uid, 'TOURNAMENT_MATCH_CHECK_IN');
      expect(notices).toEqual([expect.objectContaining({ minutes: 10, tournament: expect.objectContaining({ id }) })]);
      // One match at a time: its check-in is for it alone.
      expect(notices[0]).not.toHaveProperty('reasoning');
    }

    const [a1, b1] = m1.participants as [string, string];
    const [a2, b2] = m2.participants as [string, string];
    // Each side is told whom it plays.
    for (const [uid, other] of [
      [a1, b1],
      [b1, a1],
    ] as const)
      expect(await notificationsOf(uid, 'TOURNAMENT_MATCH_CHECK_IN')).toMatchObject([
        { opponent: { uid: other, displayName: player(other).displayName } },
      ]);
    expect(await checkIn(outsider, id, m1.id)).toMatchObject({ status: 403 });
    expect(await checkIn(player(a2), id, m1.id)).toMatchObject({ status: 403, body: { code: 'not-in-match' } });
    expect((await checkIn(player(a1), id, m1.id)).body).toMatchObject({
      state: 'READY',
      checkIns: { [a1]: expect.any(Number) },
    });
    // Twice is once.
    expect((await checkIn(player(a1), id, m1.id)).status).toBe(200);
    // m2: one checks in, the other reports (a report checks its side in): the report window follows.
    expect((await checkIn(player(a2), id, m2.id)).status).toBe(200);
    expect((await report(player(b2), id, m2.id, b2)).body).toMatchObject({
      state: 'READY',
      checkInCloses: null,
      deadline: startTime + DAY,
    });
    // Checking in again once both are in (a stale tab) is still the first check-in, not a refusal.
    expect(await checkIn(player(a2), id, m2.id)).toMatchObject({
      status: 200,
      body: { state: 'READY', checkInCloses: null, deadline: startTime + DAY },
    });

    // The clock: m1's absent side forfeits, the bracket moves on; m2 waits for its answer.
    expect((await sweep(startTime + 10 * MINUTE, [id])).body).toMatchObject({ matchWindowsClosed: 1 });
    let matches = await matchesNow(id);
    expect(matches.find((match) => match.id === m1.id)).toMatchObject({
      state: 'COMPLETED',
      winner: a1,
      outcome: 'NO_SHOW',
      forfeited: [b1],
      checkInCloses: null,
    });
    expect(matches.find((match) => match.id === m2.id)).toMatchObject({ state: 'READY', outcome: null });
    expect(await notificationsOf(a1, 'TOURNAMENT_MATCH_NO_SHOW')).toMatchObject([{ reasoning: 'won' }]);
    expect(await notificationsOf(b1, 'TOURNAMENT_MATCH_NO_SHOW')).toMatchObject([{ reasoning: 'forfeited' }]);
    // Both hear it off the site too (record 165): they were away, or waiting.
    for (const uid of [a1, b1]) expect(await alertKinds(uid)).toContain('matchDecided');
    // Too late to check in.
    expect(await checkIn(player(b1), id, m1.id)).toMatchObject({ status: 409, body: { code: 'match-not-ready' } });

    // m2 decided: the final is ready, and asks its sides to check in; neither does.
    await report(player(a2), id, m2.id, b2);
    const final = ready(await matchesNow(id))[0]!;
    expect(final.participants).toEqual([a1, b2]);
    expect(final.checkInCloses).toBe(final.readyAt! + 10 * MINUTE);
    expect(await notificationsOf(b2, 'TOURNAMENT_MATCH_CHECK_IN')).toHaveLength(2);
    await sweep(final.checkInCloses! - 1, [id]);
    expect(ready(await matchesNow(id))).toHaveLength(1);
    await sweep(final.checkInCloses!, [id]);
    matches = await matchesNow(id);
    const higher = seeds.indexOf(a1) < seeds.indexOf(b2) ? a1 : b2;
    expect(matches.find((match) => match.id === final.id)).toMatchObject({
      state: 'COMPLETED',
      winner: higher,
      outcome: 'NO_SHOW',
      forfeited: [a1, b2],
    });
    for (const uid of [a1, b2])
      expect((await adminDb.doc(`users/${uid}/history/match_${id}_${final.id}`).get()).data()).toMatchObject({
        won: uid === higher,
        absent: 'both',
      });
    // Each side hears which way it went: the higher seed through, named to the other (record 192).
    const lower = higher === a1 ? b2 : a1;
    expect(await notificationsOf(higher, 'TOURNAMENT_MATCH_NO_SHOW')).toContainEqual(
      expect.objectContaining({ reasoning: 'both-won', match: final.id }),
    );
    expect(await notificationsOf(lower, 'TOURNAMENT_MATCH_NO_SHOW')).toContainEqual(
      expect.objectContaining({
        reasoning: 'both-lost',
        match: final.id,
        winner: expect.objectContaining({ uid: higher }),
      }),
    );
    // Four paid 130: 520, the host's 10 %, the winner takes the rest.
    expect(await tournamentOf(id)).toMatchObject({ state: 'FINISHED', placings: { [higher]: 1 } });
    await checkLedger();
  });

  it('a series: the side that checked in wins the walkover by the games to win', async () => {
    const { id, startTime, player } = await started(4, { entryFee: 0, bestOf: 3, checkInMinutes: 5 });
    const [m1, m2] = ready(await matchesNow(id)) as [CheckInMatch, CheckInMatch];
    const [a, b] = m1.participants as [string, string];
    await checkIn(player(b), id, m1.id);
    for (const side of m2.participants) await checkIn(player(side), id, m2.id);
    await sweep(startTime + 5 * MINUTE, [id]);
    const matches = await matchesNow(id);
    expect(matches.find((match) => match.id === m1.id)).toMatchObject({
      winner: b,
      score: [0, 2],
      outcome: 'NO_SHOW',
      forfeited: [a],
    });
    expect(matches.find((match) => match.id === m2.id)).toMatchObject({ state: 'READY' });
    // A walkover is no series played: the histories say won and lost, with no score (record 182).
    for (const [uid, won] of [
      [a, false],
      [b, true],
    ] as const) {
      const line = (await adminDb.doc(`users/${uid}/history/match_${id}_${m1.id}`).get()).data();
      // …and who did not check in (record 190).
      expect(line).toMatchObject({ won, absent: won ? 'opponent' : 'self' });
      expect(line).not.toHaveProperty('score');
    }
  });

  it('without check-in, nothing changes: the report window is the deadline', async () => {
    const { id, startTime } = await started(4, { entryFee: 0 });
    const [final] = ready(await matchesNow(id));
    expect(final).toMatchObject({ state: 'READY', checkInCloses: null, deadline: startTime + DAY });
  });
});

describe('both sides absent, both forfeit, in every format', () => {
  const noShow = { entryFee: 0, checkInMinutes: 10, bothAbsent: 'BOTH_FORFEIT' };
  /** Both sides of each of `matches` check in (before the clock runs out on the others). */
  async function checkInAll(id: string, player: (uid: string | null) => Player, matches: CheckInMatch[]) {
    for (const match of matches) for (const side of match.participants) await checkIn(player(side), id, match.id);
  }
  /** Both sides of each of `matches` report, agreeing on the better seed (a report checks a side in). */
  async function play(id: string, player: (uid: string | null) => Player, seeds: string[], matches: CheckInMatch[]) {
    for (const match of matches) {
      const better = [...match.participants].sort((x, y) => seeds.indexOf(x!) - seeds.indexOf(y!))[0]!;
      for (const side of match.participants) await report(player(side), id, match.id, better);
    }
  }

  it('single elimination: neither advances, the next match is a bye; a final is never left without two sides', async () => {
    const { host, id, startTime, player } = await started(8, noShow);
    const seeds = (await tournamentOf(id)).seeds as string[];
    const [m1, ...others] = ready(await matchesNow(id));
    await checkInAll(id, player, others);
    await sweep(startTime + 10 * MINUTE, [id]);
    await play(id, player, seeds, others);
    let matches = await matchesNow(id);
    expect(matches.find((match) => match.id === m1!.id)).toMatchObject({
      state: 'COMPLETED',
      winner: null,
      score: [0, 0],
      outcome: 'NO_SHOW',
      forfeited: m1!.participants,
    });
    // Its semi-final is a bye: the other quarter-final's winner is in the final already.
    const semi = matches.find((match) => match.round === 2 && match.number === 1)!;
    expect(semi.state).toBe('BYE');
    const final = matches.find((match) => match.round === 3)!;
    expect(final.participants.filter(Boolean)).toHaveLength(1);
    // The other semi-final: neither checks in either. A double forfeit would leave the final one
    // side: the higher seed takes it, and the final is played.
    const other = ready(matches)[0]!;
    await sweep(other.checkInCloses!, [id]);
    matches = await matchesNow(id);
    const higher = [...other.participants].sort((x, y) => seeds.indexOf(x!) - seeds.indexOf(y!))[0];
    expect(matches.find((match) => match.id === other.id)).toMatchObject({ winner: higher, outcome: 'NO_SHOW' });
    const decider = ready(matches)[0]!;
    expect(decider.round).toBe(3);
    await play(id, player, seeds, [decider]);
    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    // The two who forfeited share the quarter-finals' places.
    const placings = finished.placings as Record<string, number>;
    for (const side of m1!.participants) expect(placings[side!]).toBe(5);
    // Five in all lost in the quarter-finals: they are told they share 5th–8th, the bracket's places
    // (not 5th–9th, as counting them from 5 would say).
    expect(Object.values(placings).filter((place) => place === 5)).toHaveLength(5);
    for (const side of m1!.participants)
      expect(await notificationsOf(side!, 'TOURNAMENT_FINISHED')).toMatchObject([{ place: 5, placeTo: 8 }]);
    // The host of this free tournament hears of its end, with its winner.
    const champion = Object.entries(placings).find(([, place]) => place === 1)![0];
    expect(await notificationsOf(host.uid, 'TOURNAMENT_FINISHED')).toMatchObject([
      { isAdmin: true, winner: { uid: champion, displayName: player(champion).displayName } },
    ]);
  });

  it('single elimination: two quarter-finals without anyone, and a final without anyone, still finish', async () => {
    const { host, id, startTime, player } = await started(8, noShow);
    const seeds = (await tournamentOf(id)).seeds as string[];
    const quarters = ready(await matchesNow(id));
    // Quarter-finals 1 and 2 feed the same semi-final: nobody comes to either, in one sweep.
    await checkInAll(id, player, quarters.slice(2));
    await sweep(startTime + 10 * MINUTE, [id]);
    await play(id, player, seeds, quarters.slice(2));
    let matches = await matchesNow(id);
    const both = [quarters[0]!, quarters[1]!].map((quarter) => matches.find((match) => match.id === quarter.id)!);
    const [q1, q2] = both as [CheckInMatch, CheckInMatch];
    // One is a double forfeit; the other would leave its semi-final with nobody: its higher seed goes on.
    expect([q1, q2].map((match) => match.winner === null)).toContain(true);
    expect([q1, q2].filter((match) => match.winner !== null)).toHaveLength(1);
    // A bracket's double forfeit stands: its semi-final went on with a bye.
    const forfeited = [q1, q2].find((match) => match.winner === null)!;
    expect(await setWinner(host, id, forfeited.id, forfeited.participants[0]!)).toMatchObject({
      status: 409,
      body: { code: 'next-match-played' },
    });
    // The semi-finals, then a final nobody comes to: the higher seed takes the title.
    for (let guard = 0; guard < 4; guard += 1) {
      matches = await matchesNow(id);
      const open = ready(matches).filter((match) => match.round < 3);
      if (open.length === 0) break;
      await play(id, player, seeds, open);
    }
    const final = ready(await matchesNow(id)).find((match) => match.round === 3)!;
    expect(final.participants.filter(Boolean)).toHaveLength(2);
    await sweep(final.checkInCloses!, [id]);
    const higher = [...final.participants].sort((x, y) => seeds.indexOf(x!) - seeds.indexOf(y!))[0];
    expect((await matchesNow(id)).find((match) => match.id === final.id)).toMatchObject({
      winner: higher,
      outcome: 'NO_SHOW',
    });
    expect(await tournamentOf(id)).toMatchObject({ state: 'FINISHED', placings: { [higher!]: 1 } });
  });

  it('double elimination: neither side checked in: the higher seed advances, and the bracket plays on', async () => {
    const { id, startTime, player } = await started(8, { ...noShow, bracket: 'DOUBLE_ELIMINATION' });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const [m1, ...others] = ready(await matchesNow(id));
    await checkInAll(id, player, others);
    await sweep(startTime + 10 * MINUTE, [id]);
    let matches = await matchesNow(id);
    const higher = [...m1!.participants].sort((x, y) => seeds.indexOf(x!) - seeds.indexOf(y!))[0];
    expect(matches.find((match) => match.id === m1!.id)).toMatchObject({
      winner: higher,
      outcome: 'NO_SHOW',
      forfeited: m1!.participants,
    });
    // Play whatever is ready, checking in by reporting, until the tournament is over.
    for (let guard = 0; guard < 16 && ready(matches).length > 0; guard += 1) {
      await play(id, player, seeds, ready(matches));
      matches = await matchesNow(id);
    }
    expect(await tournamentOf(id)).toMatchObject({ state: 'FINISHED' });
  });

  it("round robin: one check-in counts for all of a side's matches; two who never come forfeit each, and their own match is a loss for both", async () => {
    const { id, startTime, player } = await started(4, { ...noShow, bracket: 'ROUND_ROBIN', payoutStructure: 'top-3' });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const all = await matchesNow(id);
    expect(all).toHaveLength(6);
    // Each side hears of its first match, and that its one check-in counts for all three.
    for (const uid of seeds)
      expect(await notificationsOf(uid, 'TOURNAMENT_MATCH_CHECK_IN')).toEqual([
        expect.objectContaining({ minutes: 10, reasoning: 'all', opponent: expect.any(Object) }),
      ]);
    // The first match's two never come; of the other two, one checks in once and one reports once.
    const [a, b] = all[0]!.participants as [string, string];
    const [c, d] = seeds.filter((uid) => uid !== a && uid !== b) as [string, string];
    const mine = (uid: string, matches: CheckInMatch[]) => matches.filter((match) => match.participants.includes(uid));
    expect((await checkIn(player(c), id, mine(c, all)[0]!.id)).status).toBe(200);
    const [cd] = mine(c, all).filter((match) => match.participants.includes(d));
    const dFirst = mine(d, all).find((match) => match.id !== cd!.id)!;
    expect((await report(player(d), id, dFirst.id, d)).status).toBe(200);
    let matches = await matchesNow(id);
    for (const uid of [c, d])
      for (const match of mine(uid, matches))
        // In by a check-in, or by D's report where D reported (a report checks its side in).
        expect(match.checkIns?.[uid] ?? match.reports?.[uid], `${uid} in ${match.id}`).toBeDefined();
    for (const uid of [a, b]) for (const match of mine(uid, matches)) expect(match.checkIns?.[uid]).toBeUndefined();
    // Both in, C against D waits for its result alone: its check-in is over.
    expect(matches.find((match) => match.id === cd!.id)).toMatchObject({ state: 'READY', checkInCloses: null });

    // C and D play theirs before the close: neither is told of a next match, all against a side
    // that has not come (a walk was sent to one that its opponent then forfeited).
    const told = async (uid: string) => (await notificationsOf(uid, 'TOURNAMENT_MATCH_READY')).length;
    const before = [await told(c), await told(d)];
    for (const uid of [c, d]) expect((await report(player(uid), id, cd!.id, c)).status).toBe(200);
    expect([await told(c), await told(d)]).toEqual(before);

    await sweep(startTime + 10 * MINUTE, [id]);
    matches = await matchesNow(id);
    expect(matches.find((match) => match.id === cd!.id)).toMatchObject({ winner: c, outcome: 'AGREED' });
    for (const match of matches.filter((item) => item.id !== cd!.id)) {
      const present = match.participants.filter((side) => side === c || side === d);
      if (present.length === 0) expect(match).toMatchObject({ winner: null, outcome: 'NO_SHOW' });
      else expect(match).toMatchObject({ winner: present[0], outcome: 'NO_SHOW' });
    }
    // Each hears the close once for the matches it decided alike (it was an e-mail a match, at once).
    for (const uid of [c, d])
      expect(await notificationsOf(uid, 'TOURNAMENT_MATCH_NO_SHOW')).toEqual([
        expect.objectContaining({ reasoning: 'won', matches: 2 }),
      ]);
    for (const uid of [a, b]) {
      const closes = await notificationsOf(uid, 'TOURNAMENT_MATCH_NO_SHOW');
      expect(closes).toHaveLength(2);
      expect(closes.find((notice) => notice.reasoning === 'forfeited')).toMatchObject({ matches: 2 });
      expect(closes.find((notice) => notice.reasoning === 'both')).not.toHaveProperty('matches');
    }
    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    // C and D won against both who stayed away; the double forfeit cost its two a win each.
    const places = finished.placings as Record<string, number>;
    expect([places[c], places[d]].sort()).toEqual([1, 2]);
    for (const uid of [a, b]) expect(places[uid]).toBeGreaterThan(2);
  });

  it('Swiss: a double forfeit is a loss for both; the next round pairs without a rematch', async () => {
    const { host, id, startTime, player } = await started(4, { ...noShow, bracket: 'SWISS', swissRounds: 2 });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const [first, second] = await matchesNow(id);
    await checkInAll(id, player, [second!]);
    await sweep(startTime + 10 * MINUTE, [id]);
    await play(id, player, seeds, [second!]);
    const matches = await matchesNow(id);
    expect(matches.find((match) => match.id === first!.id)).toMatchObject({ winner: null, outcome: 'NO_SHOW' });
    const round2 = matches.filter((match) => match.round === 2);
    expect(round2).toHaveLength(2);
    // Three on no points and one on a point: the double forfeit's two never meet again.
    const pair = (match: CheckInMatch) => [...match.participants].sort().join();
    expect(round2.map(pair)).not.toContain(pair(first!));
    await play(id, player, seeds, round2);
    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    // Everyone is placed; the double forfeit gave neither side a win (each has at most round 2's).
    expect(Object.keys(finished.placings as Body).sort()).toEqual([...seeds].sort());
    const wins = (side: string | null) => round2.filter((match) => match.participants.includes(side)).length;
    for (const side of first!.participants) expect(wins(side)).toBe(1);
    const decided = await matchesNow(id);
    for (const side of first!.participants)
      expect(decided.filter((match) => match.winner === side).length).toBeLessThanOrEqual(1);
    // A finished tournament's result stays as it is.
    expect(await setWinner(host, id, first!.id, first!.participants[0]!)).toMatchObject({ status: 409 });
  });
});

describe('the host holds the clock of one match', () => {
  it('a paused match waits past its close; resumed, it has the time it had left', async () => {
    const { host, id, startTime, player } = await started(4, { entryFee: 0, checkInMinutes: 10 });
    const [m1, m2] = ready(await matchesNow(id));
    const [a, b] = m1!.participants as [string, string];
    for (const side of m2!.participants) await checkIn(player(side), id, m2!.id);
    const pause = (who: Player, paused: unknown) =>
      call<Body>(matchPath(id, m1!.id, 'pause'), { token: who.token, body: { paused } });
    expect(await pause(player(a), true)).toMatchObject({ status: 403, body: { code: 'not-the-host' } });
    expect(await pause(host, 'yes')).toMatchObject({ status: 400 });
    expect((await pause(host, true)).body).toMatchObject({ deadline: null, pausedDeadline: startTime + 10 * MINUTE });
    // The sweep passes it by; a side may still check in.
    await sweep(startTime + 60 * MINUTE, [id]);
    expect((await matchesNow(id)).find((match) => match.id === m1!.id)).toMatchObject({ state: 'READY' });
    expect((await checkIn(player(a), id, m1!.id)).status).toBe(200);
    // Resumed: the minutes left at the pause are left again (the real clock ran a moment meanwhile).
    const resumed = (await pause(host, false)).body as unknown as CheckInMatch & { pausedAt: number | null };
    expect(resumed.pausedAt).toBeNull();
    expect(resumed.deadline).toBe(resumed.checkInCloses);
    expect(resumed.deadline!).toBeGreaterThan(startTime + 10 * MINUTE - 1);
    await sweep(resumed.deadline!, [id]);
    expect((await matchesNow(id)).find((match) => match.id === m1!.id)).toMatchObject({
      winner: a,
      outcome: 'NO_SHOW',
      forfeited: [b],
    });
    // Only a ready match can be held.
    expect(await pause(host, true)).toMatchObject({ status: 409, body: { code: 'match-not-ready' } });
  });
});

describe('check-in against the clock', () => {
  it('a check-in racing its deadline: exactly one outcome', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, startTime, player } = await started(4, {
        entryFee: 130,
        checkInMinutes: 10,
        bothAbsent: 'BOTH_FORFEIT',
      });
      const [m1, m2] = ready(await matchesNow(id));
      const [a, b] = m1!.participants as [string, string];
      for (const side of m2!.participants) await checkIn(player(side), id, m2!.id);
      await checkIn(player(b), id, m1!.id);
      const [late] = await Promise.all([checkIn(player(a), id, m1!.id), sweep(startTime + 10 * MINUTE, [id])]);
      const after = (await matchesNow(id)).find((match) => match.id === m1!.id)!;
      if (late.status === 200) expect(after).toMatchObject({ state: 'READY', checkInCloses: null });
      else {
        expect(late.body).toMatchObject({ code: 'match-not-ready' });
        expect(after).toMatchObject({ state: 'COMPLETED', winner: b, outcome: 'NO_SHOW', forfeited: [a] });
      }
    }
    await checkLedger();
  });

  it("a round robin's check-in racing its deadline: the side is in every one of its matches, or out of every one", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, startTime, player } = await started(4, {
        entryFee: 0,
        checkInMinutes: 10,
        bothAbsent: 'BOTH_FORFEIT',
        bracket: 'ROUND_ROBIN',
      });
      const all = await matchesNow(id);
      const [a] = all[0]!.participants as [string];
      // The three others come (one check-in each); A checks in as the clock runs out.
      for (const uid of (await tournamentOf(id)).seeds as string[]) {
        if (uid === a) continue;
        const first = all.find((match) => match.participants.includes(uid))!;
        expect((await checkIn(player(uid), id, first.id)).status).toBe(200);
      }
      const last = all.filter((match) => match.participants.includes(a)).at(-1)!;
      const [late] = await Promise.all([checkIn(player(a), id, last.id), sweep(startTime + 10 * MINUTE, [id])]);
      const hers = (await matchesNow(id)).filter((match) => match.participants.includes(a));
      expect(hers).toHaveLength(3);
      if (late.status === 200)
        for (const match of hers) expect(match).toMatchObject({ state: 'READY', checkInCloses: null });
      else {
        expect(late.body).toMatchObject({ code: 'match-not-ready' });
        for (const match of hers)
          expect(match).toMatchObject({ state: 'COMPLETED', outcome: 'NO_SHOW', forfeited: [a] });
      }
    }
  });

  it('a report racing a no-show decision: exactly one outcome, and the money is right', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, startTime, player } = await started(4, { entryFee: 130, checkInMinutes: 10 });
      const [m1, m2] = ready(await matchesNow(id));
      const [a, b] = m1!.participants as [string, string];
      for (const side of m2!.participants) await report(player(side), id, m2!.id, m2!.participants[0]!);
      await checkIn(player(a), id, m1!.id);
      const [reported] = await Promise.all([report(player(b), id, m1!.id, b), sweep(startTime + 10 * MINUTE, [id])]);
      const after = (await matchesNow(id)).find((match) => match.id === m1!.id)!;
      if (reported.status === 200) {
        expect(after).toMatchObject({ state: 'READY', checkInCloses: null, reports: { [b]: { winner: b } } });
        // The report stands for its side: the other answers it, and the bracket moves on once.
        await report(player(a), id, m1!.id, b);
        expect((await matchesNow(id)).find((match) => match.round === 2)!.participants).toContain(b);
      } else {
        expect(reported.body).toMatchObject({ code: 'match-not-ready' });
        expect(after).toMatchObject({ winner: a, outcome: 'NO_SHOW' });
        expect((await matchesNow(id)).find((match) => match.round === 2)!.participants).toContain(a);
      }
    }
    await checkLedger();
  });
});
