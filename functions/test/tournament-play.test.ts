import { describe, expect, it } from 'vitest';
import {
  adminDb,
  call,
  checkLedger,
  coinHistoryOf,
  createTournament,
  fundsOf,
  verifiedUser,
  type Body,
  type Player,
} from './helpers';
import {
  DAY,
  type Match,
  matchPath,
  matchesOf,
  notificationsOf,
  proofOf,
  report,
  setWinner,
  started,
  sweep,
  tournamentOf,
} from './tournament-play-helpers';

/** Playing tournaments to the end (DESIGN §6, §9): elimination and double elimination, reports, disputes, the host, payouts. */

describe('elimination played to the end', () => {
  it('agreeing reports, a dispute the host resolves, an unanswered report, winner changes, payouts', async () => {
    const { host, id, players, startTime, player } = await started(8);
    const outsider = await verifiedUser();
    let matches = await matchesOf(id);
    const round1 = matches.filter((match) => match.round === 1);
    expect(round1.map((match) => match.state)).toEqual(['READY', 'READY', 'READY', 'READY']);
    expect(round1[0]!.deadline).toBe(startTime + DAY);
    const [m1, m2, m3, m4] = round1 as [Match, Match, Match, Match];
    const sides = (match: Match) => [player(match.participants[0]!), player(match.participants[1]!)] as const;

    // Outsiders and wrong winners are refused; nothing changes.
    expect(await report(outsider, id, m1.id, m1.participants[0]!)).toMatchObject({ status: 403 });
    expect(await report(sides(m1)[0], id, m2.id, m2.participants[0]!)).toMatchObject({
      status: 403,
      body: { code: 'not-in-match' },
    });
    expect(await report(sides(m1)[0], id, m1.id, m2.participants[0]!)).toMatchObject({ status: 400 });
    expect(await setWinner(sides(m1)[0], id, m1.id, m1.participants[0]!)).toMatchObject({
      status: 403,
      body: { code: 'not-the-host' },
    });
    expect(await report(sides(m1)[0], id, '999', m1.participants[0]!)).toMatchObject({ status: 404 });

    // m1: both sides agree; the winner waits in round 2.
    const [a1, b1] = sides(m1);
    expect((await report(a1, id, m1.id, a1.uid)).body).toMatchObject({ state: 'READY', deadline: expect.any(Number) });
    expect(await report(a1, id, m1.id, a1.uid)).toMatchObject({ status: 409, body: { code: 'already-reported' } });
    // Both sides of m2 report at once, agreeing: one result.
    const [a2, b2] = sides(m2);
    const both = await Promise.all([report(a2, id, m2.id, b2.uid), report(b2, id, m2.id, b2.uid)]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await report(b1, id, m1.id, a1.uid)).body).toMatchObject({
      state: 'COMPLETED',
      winner: a1.uid,
      outcome: 'AGREED',
    });
    matches = await matchesOf(id);
    const semi1 = matches.find((match) => match.round === 2 && match.number === 1)!;
    expect(semi1).toMatchObject({ state: 'READY', participants: [a1.uid, b2.uid] });

    // m3: the reports conflict → a dispute; stories 20–450 with an image as proof.
    const [a3, b3] = sides(m3);
    await report(a3, id, m3.id, a3.uid);
    expect((await report(b3, id, m3.id, b3.uid)).body).toMatchObject({ state: 'DISPUTED' });
    // The host's notice names the match's round (a quarter-final is round 1 of three).
    expect(await notificationsOf(host.uid, 'ADMIN_TOURNAMENT_CONFLICT')).toMatchObject([
      { match: m3.id, matchRound: { stage: 'round', number: 1 } },
    ]);
    expect(await notificationsOf(a3.uid, 'OPPONENT_TOURNAMENT_CONFLICT')).toHaveLength(1);
    const proof = (await proofOf(a3)).body.path as string;
    const dispute = (who: Player, body: Body) =>
      call<Body>(matchPath(id, m3.id, 'dispute'), { token: who.token, body });
    expect(await dispute(a3, { story: 'Too short.', proof })).toMatchObject({ status: 400 });
    expect(await dispute(a3, { story: 'x'.repeat(451), proof })).toMatchObject({ status: 400 });
    expect(
      await dispute(a3, { story: 'I won 13-7, see the scoreboard.', proof: `proofs/${a3.uid}/nothing.png` }),
    ).toMatchObject({
      status: 400,
    });
    expect((await proofOf(a3, 'text')).status).toBe(415);
    // Someone else's proof is not yours to show.
    expect(await dispute(b3, { story: 'I won 13-7, see the scoreboard.', proof })).toMatchObject({ status: 400 });
    expect((await dispute(a3, { story: 'I won 13-7, see the scoreboard.', proof })).status).toBe(200);
    const proofB = (await proofOf(b3)).body.path as string;
    expect((await dispute(b3, { story: 'They left at 6-6, the round was mine.', proof: proofB })).status).toBe(200);
    expect(await notificationsOf(host.uid, 'TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD')).toHaveLength(1);
    // The host resolves with a reasoning (required for a dispute); two decisions at once decide once.
    expect(await setWinner(host, id, m3.id, a3.uid)).toMatchObject({ status: 400 });
    const decisions = await Promise.all([
      setWinner(host, id, m3.id, a3.uid, 'The scoreboard shows 13-7.'),
      setWinner(host, id, m3.id, a3.uid, 'The scoreboard shows 13-7.'),
    ]);
    expect(decisions.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await matchesOf(id)).find((match) => match.id === m3.id)).toMatchObject({
      state: 'COMPLETED',
      winner: a3.uid,
      outcome: 'HOST',
      dispute: { state: 'RESOLVED' },
    });
    expect(await notificationsOf(b3.uid, 'ADMIN_CHANGE_MATCH_WINNER')).toHaveLength(1);
    // Each side hears the decision off the site too, once (record 165).
    for (const side of [a3, b3]) {
      const alerts = await adminDb.collection('outbox').where('uid', '==', side.uid).get();
      expect(alerts.docs.filter((doc) => doc.get('kind') === 'matchDecided')).toHaveLength(1);
    }

    // m4: nobody reports; the window closes and the host is asked once; the host decides, then
    // changes the winner while the next match has no result.
    const [a4, b4] = sides(m4);
    // (Semi-final 1 became READY when m1 and m2 were decided, moments after the start: its window
    // has closed too by then, silent as well.)
    expect((await sweep(startTime + DAY, [id])).body).toMatchObject({ matchWindowsClosed: 2 });
    expect((await sweep(startTime + DAY + 1000, [id])).body).toMatchObject({ matchWindowsClosed: 0 });
    expect(await notificationsOf(host.uid, 'ADMIN_SELECT_MATCH_WINNER')).toMatchObject([
      { match: expect.any(String) },
      { match: expect.any(String) },
    ]);
    // The host's decision and a late report race: one of them decides.
    const race = await Promise.all([setWinner(host, id, m4.id, a4.uid), report(a4, id, m4.id, a4.uid)]);
    expect(race[0].status).toBe(200);
    expect([200, 409]).toContain(race[1].status);
    expect((await setWinner(host, id, m4.id, b4.uid)).body).toMatchObject({ winner: b4.uid });
    // Each side hears both: the host's decision of a match in play, and its change (record 181).
    for (const side of [a4, b4]) expect(await notificationsOf(side.uid, 'ADMIN_CHANGE_MATCH_WINNER')).toHaveLength(2);
    matches = await matchesOf(id);
    const semi2 = matches.find((match) => match.round === 2 && match.number === 2)!;
    expect(semi2).toMatchObject({ state: 'READY', participants: [a3.uid, b4.uid] });

    // Semi 1: one report, unanswered until its window closes: it stands.
    const reportedAt = Date.now();
    await report(a1, id, semi1.id, a1.uid);
    const deadline = (await matchesOf(id)).find((match) => match.id === semi1.id)!.deadline!;
    expect(deadline).toBeGreaterThanOrEqual(reportedAt + DAY - 60_000);
    expect((await sweep(deadline, [id])).body).toMatchObject({ matchWindowsClosed: 1 });
    expect((await matchesOf(id)).find((match) => match.id === semi1.id)).toMatchObject({
      winner: a1.uid,
      outcome: 'UNANSWERED',
    });
    // Round 1's m1 can no longer change: its next match has a result.
    expect(await setWinner(host, id, m1.id, b1.uid)).toMatchObject({
      status: 409,
      body: { code: 'next-match-played' },
    });

    // Semi 2 agreed; the final agreed: FINISHED with payouts (pool 8 × 130 = 1040: host 104,
    // top-2 of 936 = 656 + 280).
    await report(a3, id, semi2.id, a3.uid);
    await report(b4, id, semi2.id, a3.uid);
    const final = (await matchesOf(id)).find((match) => match.round === 3)!;
    expect(final).toMatchObject({ state: 'READY', participants: [a1.uid, a3.uid] });
    await report(a1, id, final.id, a3.uid);
    expect((await report(a3, id, final.id, a3.uid)).body).toMatchObject({ state: 'COMPLETED' });
    const tournament = await tournamentOf(id);
    expect(tournament).toMatchObject({
      state: 'FINISHED',
      hostShare: 104,
      results: [
        { participant: a3.uid, place: 1, amount: 656 },
        { participant: a1.uid, place: 2, amount: 280 },
      ],
    });
    expect(await fundsOf(a3.uid)).toBe(1000 - 130 + 656);
    expect(await fundsOf(a1.uid)).toBe(1000 - 130 + 280);
    expect(await fundsOf(b1.uid)).toBe(870);
    expect(await fundsOf(host.uid)).toBe(104);
    expect(await notificationsOf(a3.uid, 'TOURNAMENT_PAYOUT_RECEIVED')).toMatchObject([{ payout: 656, place: 1 }]);
    // Those paid nothing hear of the end with the places they share: a semi-final's loser 3–4, a
    // first round's 5–8 (as the standings say).
    expect(await notificationsOf(b4.uid, 'TOURNAMENT_FINISHED')).toMatchObject([{ place: 3, placeTo: 4 }]);
    expect(await notificationsOf(b1.uid, 'TOURNAMENT_FINISHED')).toMatchObject([{ place: 5, placeTo: 8 }]);
    expect(await notificationsOf(a3.uid, 'TOURNAMENT_FINISHED')).toEqual([]);
    expect(await notificationsOf(host.uid, 'ADMIN_TOURNAMENT_PAYOUT_RECEIVED')).toMatchObject([{ payout: 104 }]);
    // Their share is how a paid tournament's host hears of its end: not twice.
    expect(await notificationsOf(host.uid, 'TOURNAMENT_FINISHED')).toEqual([]);
    // The podium (1st, 2nd, and 3rd–4th shared) sees the result as a popup; 5th–8th and the host do
    // not (record 141).
    const popupsOf = async (uid: string) =>
      ((await adminDb.doc(`users/${uid}/private/account`).get()).get('popups') as unknown[] | undefined) ?? [];
    for (const uid of [a3.uid, a1.uid, b4.uid])
      expect(await popupsOf(uid)).toContainEqual({ type: 'TOURNAMENT_RESULT', ref: id });
    for (const uid of [b1.uid, host.uid])
      expect(await popupsOf(uid)).not.toContainEqual({ type: 'TOURNAMENT_RESULT', ref: id });
    // The coin history names each movement and the tournament, and leads to it.
    const link = { to: 'tournament', id };
    const title = tournament.name as string;
    expect(await coinHistoryOf(a3.uid)).toEqual(
      expect.arrayContaining([
        { kind: 'tournament-fee', link, delta: -130, title },
        { kind: 'tournament-prize', link, delta: 656, title },
      ]),
    );
    expect(await coinHistoryOf(host.uid)).toEqual([{ kind: 'tournament-host-share', link, delta: 104, title }]);
    // Over: no more decisions, no second payout.
    expect(await setWinner(host, id, final.id, a1.uid)).toMatchObject({
      status: 409,
      body: { code: 'tournament-not-ongoing' },
    });
    expect(await call(`/tournaments/${id}/cancel`, { token: host.token, body: {} })).toMatchObject({ status: 409 });
    expect(players.length).toBe(8);
  });

  it('the final decided and the host cancelling at once: one of them, and coins move once', async () => {
    const { host, id, players, player } = await started(4);
    const semis = (await matchesOf(id)).filter((match) => match.state === 'READY');
    for (const semi of semis)
      for (const side of semi.participants) await report(player(side), id, semi.id, semi.participants[0]!);
    const final = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    const [a, b] = final.participants.map((side) => player(side));
    await report(a!, id, final.id, a!.uid);
    const [decided, cancelled] = await Promise.all([
      report(b!, id, final.id, a!.uid),
      call(`/tournaments/${id}/cancel`, { token: host.token, body: {} }),
    ]);
    const state = (await tournamentOf(id)).state;
    if (state === 'FINISHED') {
      expect(decided.status).toBe(200);
      expect(cancelled.status).toBe(409);
      expect(await fundsOf(a!.uid)).toBe(1000 - 130 + 328);
      expect(await fundsOf(b!.uid)).toBe(1000 - 130 + 140);
    } else {
      expect(state).toBe('CANCELLED');
      expect(cancelled.status).toBe(200);
      for (const entrant of players) expect(await fundsOf(entrant.uid)).toBe(1000);
    }
    expect(await fundsOf(host.uid)).toBe(state === 'FINISHED' ? 52 : 0);
  });

  it('a host cannot play for the prize of their own paid tournament', async () => {
    const host = await verifiedUser();
    const paid = await createTournament(host.token, { entryFee: 130, payoutStructure: 'top-2' });
    expect(await call(`/tournaments/${paid.body.id as string}/join`, { token: host.token, body: {} })).toMatchObject({
      status: 409,
      body: { code: 'host-is-player' },
    });
  });

  it('cancelled in play: fees back, open matches leave the sweep, late reports are refused', async () => {
    const { host, id, players, startTime, player } = await started(4);
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    expect((await call(`/tournaments/${id}/cancel`, { token: host.token, body: {} })).status).toBe(200);
    expect((await matchesOf(id)).filter((match) => match.deadline)).toEqual([]);
    expect((await sweep(startTime + 2 * DAY, [id])).body).toMatchObject({ matchWindowsClosed: 0 });
    expect(await report(player(semi.participants[0]!), id, semi.id, semi.participants[0]!)).toMatchObject({
      status: 409,
      body: { code: 'tournament-not-ongoing' },
    });
    for (const entrant of players) expect(await fundsOf(entrant.uid)).toBe(1000);
  });

  it('a 4-player bracket in 8: byes advance, the start reports nothing unplayable as ready', async () => {
    const { host, id, player } = await started(4, { entryFee: 0, payoutStructure: 'winner-takes-all' });
    const matches = await matchesOf(id);
    expect(matches.filter((match) => match.round === 1).map((match) => match.state)).toEqual([
      'BYE',
      'BYE',
      'BYE',
      'BYE',
    ]);
    expect(matches.filter((match) => match.round === 2).map((match) => match.state)).toEqual(['READY', 'READY']);
    // A bye is not played: a report or a winner set on it says so (it said "waiting for its players").
    const bye = matches.find((match) => match.state === 'BYE' && match.participants[0])!;
    const through = bye.participants[0]!;
    const notPlayed = { status: 409, body: { code: 'match-not-ready', message: expect.stringContaining('a bye') } };
    expect(await report(player(through), id, bye.id, through)).toMatchObject(notPlayed);
    expect(await setWinner(host, id, bye.id, through)).toMatchObject(notPlayed);
  });

  it('reports are activity: a tournament in play is not warned while its players report', async () => {
    const { host, id, startTime, player } = await started(4, { entryFee: 0, payoutStructure: 'winner-takes-all' });
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    await report(player(semi.participants[0]!), id, semi.id, semi.participants[0]!);
    // The report is dated now; pretend it came ten hours into play (the sweep runs at simulated times).
    const playedAt = startTime + 10 * 3_600_000;
    await adminDb.doc(`tournaments/${id}/matches/${semi.id}`).update({ activityAt: playedAt });
    // The start's 48 h would warn at startTime + 24 h; the report moved the clock on.
    expect((await sweep(startTime + DAY, [id])).body).toMatchObject({ tournamentsWarned: 0 });
    expect(await tournamentOf(id)).toMatchObject({ state: 'ONGOING', timesOut: playedAt + 2 * DAY });
    expect(await notificationsOf(host.uid, 'ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED')).toHaveLength(0);
  });
});

describe('double elimination played to the end', () => {
  /** Plays every READY match with `pick` naming the winner: both sides report it. */
  async function playOut(
    id: string,
    player: (uid: string | null) => Player,
    pick: (match: Match) => string,
    until: (matches: Match[]) => boolean = () => false,
  ) {
    for (let step = 0; step < 40; step += 1) {
      const matches = await matchesOf(id);
      if (until(matches)) return matches;
      const ready = matches.find((match) => match.state === 'READY');
      if (!ready) return matches;
      const winner = pick(ready);
      for (const side of ready.participants)
        expect((await report(player(side), id, ready.id, winner)).status).toBe(200);
    }
    throw new Error('the bracket did not end');
  }

  it('5 paid players with a reset final: losers bracket, a dispute, the reset, top-3 payouts to the coin', async () => {
    const { host, id, players, player } = await started(5, {
      bracket: 'DOUBLE_ELIMINATION',
      grandFinalReset: true,
      payoutStructure: 'top-3',
    });
    expect(await tournamentOf(id)).toMatchObject({ bracket: 'DOUBLE_ELIMINATION', grandFinalReset: true });
    let matches = await matchesOf(id);
    expect(new Set(matches.map((match) => match.group))).toEqual(new Set(['WINNERS', 'LOSERS', 'FINAL']));
    // 8 slots, 5 players: byes in the winners bracket; the losers bracket is 6 matches, the final 2.
    expect(matches.filter((match) => match.group === 'WINNERS')).toHaveLength(7);
    expect(matches.filter((match) => match.group === 'FINAL')).toHaveLength(2);
    const seeds = (await tournamentOf(id)).seeds as string[];
    const better = (match: Match) => [...match.participants].sort((a, b) => seeds.indexOf(a!) - seeds.indexOf(b!))[0]!;

    // The first winners-bracket match is disputed: the host decides it, for the better seed.
    const first = matches.find((match) => match.group === 'WINNERS' && match.state === 'READY')!;
    const [a, b] = first.participants as [string, string];
    await report(player(a), id, first.id, a);
    expect((await report(player(b), id, first.id, b)).body).toMatchObject({ state: 'DISPUTED' });
    expect((await setWinner(host, id, first.id, better(first), 'Both screenshots show the same score')).status).toBe(
      200,
    );
    // Its loser drops into the losers bracket: one loss, still in.
    const loser = first.participants.find((side) => side !== better(first))!;
    matches = await matchesOf(id);
    expect(matches.some((match) => match.group === 'LOSERS' && match.participants.includes(loser))).toBe(true);

    // The better seed wins everything until the grand final, which the losers-bracket player takes: a reset.
    matches = await playOut(id, player, better, (all) =>
      all.some((match) => match.group === 'FINAL' && match.round === 1 && match.state === 'READY'),
    );
    const final = matches.find((match) => match.group === 'FINAL' && match.round === 1)!;
    const champion = seeds[0]!;
    const challenger = final.participants.find((side) => side !== champion)!;
    expect(final.participants).toContain(champion);
    for (const side of final.participants)
      expect((await report(player(side), id, final.id, challenger)).status).toBe(200);
    expect(await tournamentOf(id)).toMatchObject({ state: 'ONGOING' });
    matches = await matchesOf(id);
    const reset = matches.find((match) => match.group === 'FINAL' && match.round === 2)!;
    expect(reset).toMatchObject({ state: 'READY' });
    // The unbeaten player wins the reset: champion after losing once.
    for (const side of reset.participants) await report(player(side), id, reset.id, champion);

    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    // 5 × 130 = 650: host 65; 585 split 50/30/20 = 292 (+1 remainder), 175, 117.
    const losersFinal = matches
      .filter((match) => match.group === 'LOSERS' && match.state === 'COMPLETED')
      .reduce((last, match) => (match.round > last.round ? match : last));
    const third = losersFinal.participants.find((side) => side !== losersFinal.winner)!;
    expect(finished.results).toEqual([
      { participant: champion, place: 1, amount: 293 },
      { participant: challenger, place: 2, amount: 175 },
      { participant: third, place: 3, amount: 117 },
    ]);
    expect(finished.hostShare).toBe(65);
    expect(await fundsOf(champion)).toBe(1000 - 130 + 293);
    expect(await fundsOf(third)).toBe(1000 - 130 + 117);
    expect(await fundsOf(host.uid)).toBe(65);
    expect((finished.placings as Record<string, number>)[third]).toBe(3);
    // The champion's history names the rounds as the bracket does: the reset, the grand final.
    const lines = (await adminDb.collection(`users/${champion}/history`).where('ref', '==', id).get()).docs.map(
      (line) => line.data(),
    );
    expect(lines.filter((line) => line.kind === 'match').map((line) => [line.stage, line.won])).toEqual(
      expect.arrayContaining([
        ['grand-final', false],
        ['reset', true],
        ['winners-final', true],
      ]),
    );
    expect(players).toHaveLength(5);
    await checkLedger();
  });

  it('without the reset, the winners-bracket champion winning the grand final ends it; the reset never opens', async () => {
    const { id, player } = await started(4, { bracket: 'DOUBLE_ELIMINATION', grandFinalReset: false, entryFee: 0 });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const better = (match: Match) => [...match.participants].sort((a, b) => seeds.indexOf(a!) - seeds.indexOf(b!))[0]!;
    const matches = await playOut(id, player, better);
    expect(matches.filter((match) => match.group === 'FINAL')).toHaveLength(1);
    expect(await tournamentOf(id)).toMatchObject({
      state: 'FINISHED',
      results: [
        { participant: seeds[0], place: 1, amount: 0 },
        { participant: seeds[1], place: 2, amount: 0 },
        { participant: seeds[2], place: 3, amount: 0 },
      ],
    });
  });

  it('with the reset, the unbeaten player winning the first grand final ends it: the reset is not played', async () => {
    const { id, player } = await started(4, { bracket: 'DOUBLE_ELIMINATION', entryFee: 0 });
    expect(await tournamentOf(id)).toMatchObject({ grandFinalReset: true });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const better = (match: Match) => [...match.participants].sort((a, b) => seeds.indexOf(a!) - seeds.indexOf(b!))[0]!;
    const matches = await playOut(id, player, better);
    expect(matches.filter((match) => match.group === 'FINAL').map((match) => match.state)).toEqual([
      'COMPLETED',
      'UNPLAYABLE',
    ]);
    expect(await tournamentOf(id)).toMatchObject({ state: 'FINISHED' });
  });

  it('a top-3 payout is refused for single elimination and accepted for double', async () => {
    const host = await verifiedUser();
    const body = { entryFee: 130, payoutStructure: 'top-3', startTime: Date.now() + 3 * DAY };
    expect(await createTournament(host.token, { ...body, bracket: 'ELIMINATION' })).toMatchObject({ status: 400 });
    expect(await createTournament(host.token, { ...body, bracket: 'DOUBLE_ELIMINATION' })).toMatchObject({
      status: 201,
    });
    expect(
      await createTournament(host.token, { ...body, bracket: 'DOUBLE_ELIMINATION', grandFinalReset: 'yes' }),
    ).toMatchObject({ status: 400 });
  });
});
