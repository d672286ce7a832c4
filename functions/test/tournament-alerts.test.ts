import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminDb, call, createTournament, verifiedUser } from './helpers';
import { matchesOf, notificationsOf, report, started, sweep, type Match } from './tournament-play-helpers';

/**
 * The tournament alerts of issue #60 that are more than the check-in: the start in 30 minutes, a
 * match ready without check-in, "you are next", and the opponent's report. Each is a notification
 * and, in its commit, an alert off the site of its kind.
 */

const MINUTE = 60_000;
const alertKinds = async (uid: string) =>
  (await adminDb.collection('outbox').where('uid', '==', uid).get()).docs.map((doc) => doc.data().kind as string);

describe('tournament alerts', () => {
  it('every member hears 30 minutes before the start, once; an edit of the start moves the reminder', async () => {
    const host = await verifiedUser();
    const startTime = Date.now() + 3 * 60 * MINUTE;
    const created = await createTournament(host.token, { name: `Soon Cup ${randomUUID().slice(0, 6)}`, startTime });
    const id = created.body.id as string;
    expect((await adminDb.doc(`tournaments/${id}`).get()).get('remindAt')).toBe(startTime - 30 * MINUTE);
    const players = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    for (const player of players) await call(`/tournaments/${id}/join`, { token: player.token, body: {} });
    // The host moves the start an hour on: the reminder follows.
    const moved = startTime + 60 * MINUTE;
    expect((await call(`/tournaments/${id}/edit`, { token: host.token, body: { startTime: moved } })).status).toBe(200);
    expect((await adminDb.doc(`tournaments/${id}`).get()).get('remindAt')).toBe(moved - 30 * MINUTE);
    expect((await sweep(startTime - 30 * MINUTE, [id])).body).toMatchObject({ tournamentsReminded: 0 });
    expect((await sweep(moved - 30 * MINUTE, [id])).body).toMatchObject({ tournamentsReminded: 1 });
    expect((await sweep(moved - 20 * MINUTE, [id])).body).toMatchObject({ tournamentsReminded: 0 });
    for (const player of players) {
      expect(await notificationsOf(player.uid, 'TOURNAMENT_STARTING_SOON')).toMatchObject([{ tournament: { id } }]);
      expect(await alertKinds(player.uid)).toContain('tournamentStarts');
    }
  });

  it('a match ready without check-in tells both sides; the side waiting in the next match hears it is next', async () => {
    // Five players in eight places: round 1 has one match and three byes; the bye beside it waits.
    const { id, players, player } = await started(5);
    const matches = await matchesOf(id);
    const ready = matches.filter((match) => match.state === 'READY');
    for (const match of ready)
      for (const uid of match.participants as string[])
        // Named as the bracket names its round: round 1's one match, or a semi-final of two byes' winners.
        expect(await notificationsOf(uid, 'TOURNAMENT_MATCH_READY')).toMatchObject([
          {
            match: match.id,
            matchRound: match.round === 1 ? { stage: 'round', number: 1 } : { stage: 'semi-final', number: 2 },
          },
        ]);
    const waiting = (match: Match) => {
      const next = matches.find(
        (item) => item.round === match.round + 1 && item.number === Math.ceil(match.number / 2),
      );
      const sides = (next?.participants ?? []).filter(Boolean) as string[];
      return sides.length === 1 ? { next: next!, uid: sides[0]! } : null;
    };
    const told = ready.map(waiting).filter((item) => item !== null);
    expect(told.length).toBeGreaterThan(0);
    for (const { next, uid } of told) {
      expect(await notificationsOf(uid, 'TOURNAMENT_YOU_ARE_NEXT')).toMatchObject([{ match: next.id }]);
      expect(await alertKinds(uid)).toContain('youAreNext');
    }
    const toldUids = new Set(told.map((item) => item.uid));
    for (const other of players.filter((item) => !toldUids.has(item.uid)))
      expect(await notificationsOf(other.uid, 'TOURNAMENT_YOU_ARE_NEXT')).toHaveLength(0);

    // One side reports: the other hears whom they named (themselves: "they"), to confirm or dispute.
    // Round 1's one match: its winner meets a bye's in a semi-final.
    const first = ready.find((match) => match.round === 1);
    const [a, b] = first!.participants as [string, string];
    expect((await report(player(a), id, first!.id, a)).status).toBe(200);
    expect(await notificationsOf(b, 'TOURNAMENT_OPPONENT_REPORTED')).toMatchObject([
      {
        match: first!.id,
        matchRound: { stage: 'round', number: 1 },
        winner: { uid: a, displayName: player(a).displayName },
        reasoning: 'they',
      },
    ]);
    expect(await notificationsOf(a, 'TOURNAMENT_OPPONENT_REPORTED')).toHaveLength(0);
    expect(await alertKinds(b)).toEqual(expect.arrayContaining(['matchReady', 'opponentReported']));

    // Confirmed, the winner's next match is ready: a semi-final, which its notice names.
    expect((await report(player(b), id, first!.id, a)).status).toBe(200);
    const semi = waiting(first!)?.next;
    expect(semi).toBeDefined();
    expect((await notificationsOf(a, 'TOURNAMENT_MATCH_READY')).find((item) => item.match === semi!.id)).toMatchObject({
      matchRound: { stage: 'semi-final', number: 2 },
    });
  });

  it('a round robin readies a whole group at its start: each player hears once, of their first match', async () => {
    const { id, players } = await started(4, { bracket: 'ROUND_ROBIN', entryFee: 0 });
    const ready = (await matchesOf(id)).filter((match) => match.state === 'READY');
    expect(ready.length).toBe(6);
    for (const player of players) {
      const notices = await notificationsOf(player.uid, 'TOURNAMENT_MATCH_READY');
      expect(notices).toHaveLength(1);
      const first = ready
        .filter((match) => match.participants.includes(player.uid))
        .sort((a, b) => a.round - b.round || a.number - b.number)[0]!;
      expect(notices[0]).toMatchObject({ match: first.id, matchRound: { stage: 'round', number: first.round } });
    }
  });

  it('a round robin: a match played to its result tells each side of its next match that waits on it', async () => {
    const { id, player } = await started(4, { bracket: 'ROUND_ROBIN', entryFee: 0 });
    const ready = (await matchesOf(id)).filter((match) => match.state === 'READY');
    const [first] = ready;
    const [a, b] = first!.participants as [string, string];
    // The start's notices are dated at the start, ahead of the reports here: read them as counts.
    const readyOf = async (uid: string) =>
      (await notificationsOf(uid, 'TOURNAMENT_MATCH_READY')).map((item) => item.match as string).sort();
    // A plays a later match first: A's notices stay at the first match until A's later match is played.
    const later = ready.filter((match) => match !== first && match.participants.includes(a));
    const [aLater, aLast] = later as [Match, Match];
    const c = aLater.participants.find((side) => side !== a)!;
    const cNext = ready.find(
      (match) => match.id !== aLater.id && match.participants.includes(c) && !match.participants.includes(a),
    )!;
    const cBefore = await readyOf(c);
    for (const uid of [a, c]) expect((await report(player(uid), id, aLater.id, a)).status).toBe(200);
    // A's next match that waits on A: the first one (told at the start, and told again now); C's own.
    expect(await readyOf(a)).toEqual([first!.id, first!.id]);
    expect(await readyOf(c)).toEqual([...cBefore, cNext.id].sort());
    expect(await alertKinds(c)).toContain('matchReady');
    // B reports the first match and waits for A's answer: A is told of the last match once A answers.
    expect((await report(player(b), id, first!.id, b)).status).toBe(200);
    expect(await readyOf(a)).toEqual([first!.id, first!.id]);
    expect((await report(player(a), id, first!.id, b)).status).toBe(200);
    expect(await readyOf(a)).toEqual([first!.id, first!.id, aLast.id].sort());
    // A's last match played, nothing waits on A any more: no notice more.
    const d = aLast.participants.find((side) => side !== a)!;
    for (const uid of [a, d]) expect((await report(player(uid), id, aLast.id, d)).status).toBe(200);
    expect(await readyOf(a)).toHaveLength(3);
  });
});
