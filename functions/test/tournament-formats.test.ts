import { describe, expect, it } from 'vitest';
import { swissTable } from '@versus/domain/tournaments/formats';
import type { TournamentMatch } from '@versus/domain/tournaments/play';
import { adminDb, call, checkLedger, createTournament, fundsOf, verifiedUser, type Body, type Player } from './helpers';
import {
  DAY,
  type Match,
  matchesOf,
  notificationsOf,
  proofOf,
  proofPicture,
  report,
  setWinner,
  started,
  startedTeams,
  tournamentOf,
} from './tournament-play-helpers';

/** Round robin, Swiss, series, team play and points tournaments played to the end. */

describe('round robin played to the end', () => {
  it('5 paid players meet each other once; a disputed match the host decides; the table pays top-3', async () => {
    const { host, id, player } = await started(5, { bracket: 'ROUND_ROBIN', payoutStructure: 'top-3' });
    const seeds = (await tournamentOf(id)).seeds as string[];
    let matches = await matchesOf(id);
    expect(matches).toHaveLength(10);
    expect(matches.every((match) => match.state === 'READY' && match.pool === 1)).toBe(true);
    const better = (match: Match) => [...match.participants].sort((a, b) => seeds.indexOf(a!) - seeds.indexOf(b!))[0]!;
    // The first match is disputed, and the host decides it for the better seed.
    const [first, ...rest] = matches;
    const [a, b] = first!.participants as [string, string];
    await report(player(a), id, first!.id, a);
    await report(player(b), id, first!.id, b);
    expect((await setWinner(host, id, first!.id, better(first!), 'The lobby screenshot shows it.')).status).toBe(200);
    // A decided match changes no other.
    matches = await matchesOf(id);
    expect(matches.filter((match) => match.state === 'COMPLETED')).toHaveLength(1);
    for (const match of rest.slice(0, -1))
      for (const side of match.participants) await report(player(side), id, match.id, better(match));
    expect(await tournamentOf(id)).toMatchObject({ state: 'ONGOING' });
    const last = rest.at(-1)!;
    for (const side of last.participants) await report(player(side), id, last.id, better(last));

    // 4, 3, 2, 1 and 0 wins: 5 × 130 = 650, host 65, then 293 / 175 / 117.
    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    expect(finished.results).toEqual([
      { participant: seeds[0], place: 1, amount: 293 },
      { participant: seeds[1], place: 2, amount: 175 },
      { participant: seeds[2], place: 3, amount: 117 },
    ]);
    expect(finished.placings).toEqual(Object.fromEntries(seeds.map((seed, index) => [seed, index + 1])));
    expect(await fundsOf(seeds[2]!)).toBe(1000 - 130 + 117);
    await checkLedger();
  });

  it('the host changes a first-round result after both players have played on; the table follows', async () => {
    const { host, id, player } = await started(4, { bracket: 'ROUND_ROBIN', entryFee: 0, payoutStructure: 'top-3' });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const better = (match: Match) => [...match.participants].sort((a, b) => seeds.indexOf(a!) - seeds.indexOf(b!))[0]!;
    const worse = (match: Match) => match.participants.find((side) => side !== better(match))!;
    const matches = await matchesOf(id);
    const inRound = (round: number) => matches.filter((match) => match.round === round);
    for (const match of [...inRound(1), ...inRound(2)])
      for (const side of match.participants) await report(player(side), id, match.id, better(match));
    // The top seed's first match, turned over once both its players have a result in round 2.
    const turned = inRound(1).find((match) => match.participants.includes(seeds[0]!))!;
    const changed = await setWinner(host, id, turned.id, worse(turned), 'The replay shows the other side won.');
    expect(changed.status).toBe(200);
    expect((await matchesOf(id)).find((match) => match.id === turned.id)).toMatchObject({
      state: 'COMPLETED',
      winner: worse(turned),
    });
    for (const match of inRound(3))
      for (const side of match.participants) await report(player(side), id, match.id, better(match));
    // The top seed lost one: 2 wins, beside the seed that beat them in that match (2 wins).
    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    const played = await matchesOf(id);
    const wins = (uid: string) => played.filter((match) => match.winner === uid).length;
    expect(wins(seeds[0]!)).toBe(2);
    // Every other result went to the better seed: the seed that took the turned match has one win more.
    const rank = seeds.indexOf(worse(turned));
    expect(wins(worse(turned))).toBe(3 - rank + 1);
  });

  it('9 players play in two groups dealt like a snake; the groups merge by wins, then game difference', async () => {
    const { id, player } = await started(9, {
      bracket: 'ROUND_ROBIN',
      size: 16,
      entryFee: 0,
      payoutStructure: 'top-3',
    });
    const seeds = (await tournamentOf(id)).seeds as string[];
    const matches = await matchesOf(id);
    const members = (pool: number) =>
      new Set(matches.filter((match) => match.pool === pool).flatMap((match) => match.participants));
    expect(members(1)).toEqual(new Set([0, 3, 4, 7, 8].map((index) => seeds[index])));
    expect(members(2)).toEqual(new Set([1, 2, 5, 6].map((index) => seeds[index])));
    expect(matches).toHaveLength(10 + 6);
    const better = (match: Match) => [...match.participants].sort((a, b) => seeds.indexOf(a!) - seeds.indexOf(b!))[0]!;
    for (const match of matches)
      for (const side of match.participants) await report(player(side), id, match.id, better(match));
    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    // Group 1's top (4 wins) first; then the 3-win players by game difference: group 2's top (+3),
    // group 1's second (+2).
    expect((finished.results as { participant: string; place: number }[]).map((result) => result.participant)).toEqual([
      seeds[0],
      seeds[1],
      seeds[3],
    ]);
  });
});

describe('Swiss played to the end', () => {
  it('7 paid players over 3 rounds: byes to the lowest without one, rounds paired on scores, no rematch, top-3 by the table', async () => {
    const { host, id, player } = await started(7, { bracket: 'SWISS', payoutStructure: 'top-3' });
    const tournament = await tournamentOf(id);
    // ⌈log2 7⌉ = 3 rounds, fixed at the start.
    expect(tournament).toMatchObject({ bracket: 'SWISS', swissRounds: 3 });
    const seeds = tournament.seeds as string[];
    const better = (match: Match) => [...match.participants].sort((a, b) => seeds.indexOf(a!) - seeds.indexOf(b!))[0]!;
    let matches = await matchesOf(id);
    // Round 1: seed order, top half against bottom half (1–4, 2–5, 3–6), the bye to the 7th.
    expect(matches.map((match) => [match.round, match.state, ...match.participants])).toEqual([
      [1, 'READY', seeds[0], seeds[3]],
      [1, 'READY', seeds[1], seeds[4]],
      [1, 'READY', seeds[2], seeds[5]],
      [1, 'BYE', seeds[6], null],
    ]);
    // A dispute the host decides; a decided match of the round in play can still change.
    const [first, second, third] = matches as [Match, Match, Match];
    await report(player(seeds[0]!), id, first.id, seeds[0]!);
    await report(player(seeds[3]!), id, first.id, seeds[3]!);
    expect((await setWinner(host, id, first.id, seeds[3]!, 'Seed four took the lobby.')).status).toBe(200);
    expect((await setWinner(host, id, first.id, seeds[0]!, 'The replay shows seed one won.')).status).toBe(200);
    await report(player(second.participants[0]!), id, second.id, better(second));
    await report(player(third.participants[0]!), id, third.id, better(third));
    // The round is not over: nothing of round 2 exists yet.
    expect((await matchesOf(id)).filter((match) => match.round === 2)).toHaveLength(0);
    // The round's last two answers at the same moment: whichever decides the round last pairs it,
    // once (each command read the other's match; the one that lost the race ran again).
    const answers = await Promise.all(
      [second, third].map((match) => report(player(match.participants[1]!), id, match.id, better(match))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    matches = await matchesOf(id);
    const round2 = matches.filter((match) => match.round === 2);
    // Winners (1, 2, 3 and the bye's 7) meet winners, losers meet losers; 6 is the lowest without a bye.
    expect(round2.map((match) => [match.state, ...match.participants])).toEqual([
      ['READY', seeds[0], seeds[2]],
      ['READY', seeds[1], seeds[6]],
      ['READY', seeds[3], seeds[4]],
      ['BYE', seeds[5], null],
    ]);
    // Round 1 is paired on: the host may still change its results (issue #60). The table follows, the
    // pairings already made stay.
    expect((await setWinner(host, id, first.id, seeds[3]!, 'Late evidence.')).status).toBe(200);
    let table = swissTable((await matchesOf(id)) as unknown as TournamentMatch[], seeds);
    expect(table.find((row) => row.participant === seeds[3])).toMatchObject({ score: 1, wins: 1 });
    expect(table.find((row) => row.participant === seeds[0])).toMatchObject({ score: 0, losses: 1 });
    expect((await matchesOf(id)).filter((match) => match.round === 2).map((match) => match.participants)).toEqual(
      round2.map((match) => match.participants),
    );
    expect((await setWinner(host, id, first.id, seeds[0]!, 'The replay settles it.')).status).toBe(200);
    table = swissTable((await matchesOf(id)) as unknown as TournamentMatch[], seeds);
    expect(table.find((row) => row.participant === seeds[0])).toMatchObject({ score: 1 });
    for (let round = 2; round <= 3; round += 1)
      for (const match of (await matchesOf(id)).filter((item) => item.round === round && item.state === 'READY'))
        for (const side of match.participants) await report(player(side), id, match.id, better(match));

    matches = await matchesOf(id);
    const pairs = matches
      .filter((match) => match.participants[1])
      .map((match) => [...match.participants].sort().join());
    expect(new Set(pairs).size).toBe(pairs.length);
    const byes = matches.filter((match) => match.state === 'BYE').map((match) => match.participants[0]);
    expect(new Set(byes).size).toBe(3);
    const finished = await tournamentOf(id);
    expect(finished.state).toBe('FINISHED');
    // Seed 1 wins all three; seed 2 and seed 7's bye-aided 2 points split by Buchholz (in the table below).
    const results = finished.results as { participant: string; place: number; amount: number }[];
    expect(results[0]).toEqual({ participant: seeds[0], place: 1, amount: expect.any(Number) });
    expect(results.map((result) => result.amount).reduce((sum, amount) => sum + amount, 0)).toBe(
      7 * 130 - (finished.hostShare as number),
    );
    expect(results.map((result) => result.place)).toEqual([...results.map((result) => result.place)].sort());
    expect(Object.keys(finished.placings as object)).toHaveLength(7);
    await checkLedger();
  });

  it('the host chooses the rounds within what a field allows; a free Swiss of 4 pays no one and ends after its rounds', async () => {
    const host = await verifiedUser();
    const body = { bracket: 'SWISS', entryFee: 0, payoutStructure: 'top-3', startTime: Date.now() + 3 * DAY };
    // 8 entrants: up to 4 rounds (half the field, and ⌈log2 8⌉ + 2 = 5).
    expect(await createTournament(host.token, { ...body, size: 8, swissRounds: 5 })).toMatchObject({
      status: 400,
      body: { fields: { swissRounds: 'tournaments.errors.swiss-rounds' } },
    });
    expect(await createTournament(host.token, { ...body, size: 8, swissRounds: 1 })).toMatchObject({ status: 400 });
    const { id, player } = await started(4, { bracket: 'SWISS', size: 8, swissRounds: 4, entryFee: 0 });
    // 4 players cannot meet in 4 rounds without a rematch: the start plays 2.
    expect(await tournamentOf(id)).toMatchObject({ swissRounds: 2 });
    for (let round = 1; round <= 2; round += 1)
      for (const match of (await matchesOf(id)).filter((item) => item.round === round))
        for (const side of match.participants)
          await report(player(side), id, match.id, side === match.participants[0] ? side! : match.participants[0]!);
    const matches = await matchesOf(id);
    expect(matches).toHaveLength(4);
    expect(await tournamentOf(id)).toMatchObject({ state: 'FINISHED' });
  });
});

describe('series', () => {
  it('best of 3 with a best-of-5 final: scores reported, agreed, disputed on the score alone, decided by the host', async () => {
    const { host, id, player } = await started(4, { bestOf: 3, finalBestOf: 5, payoutStructure: 'top-2' });
    expect(await tournamentOf(id)).toMatchObject({ bestOf: 3, finalBestOf: 5 });
    // 4 players in 8: round 1 is byes, the semi-finals best of 3, the final best of 5.
    let matches = await matchesOf(id);
    expect(matches.map((match) => match.bestOf)).toEqual([3, 3, 3, 3, 3, 3, 5]);
    const [semi1, semi2] = matches.filter((match) => match.state === 'READY') as [Match, Match];
    const [a, b] = semi1.participants as [string, string];
    // A series needs a finished score, the winner's games first.
    for (const score of [undefined, [2, 2], [1, 2], [3, 0], [2], 'two-one', [2, 1.5]])
      expect(await report(player(a), id, semi1.id, a, score)).toMatchObject({
        status: 400,
        body: { code: 'invalid-input' },
      });
    expect(await report(player(a), id, semi1.id, a, [2, 1])).toMatchObject({ status: 200 });
    expect(await report(player(b), id, semi1.id, a, [2, 1])).toMatchObject({
      status: 200,
      body: { state: 'COMPLETED', winner: a, score: [2, 1] },
    });
    // The same winner with another score is a dispute about the score.
    const [c, d] = semi2.participants as [string, string];
    await report(player(c), id, semi2.id, d, [2, 0]);
    expect(await report(player(d), id, semi2.id, d, [2, 1])).toMatchObject({ body: { state: 'DISPUTED' } });
    expect(await setWinner(host, id, semi2.id, d, 'The lobby shows three games.')).toMatchObject({
      status: 400,
      body: { fields: { score: 'tournaments.errors.series-score' } },
    });
    expect(await setWinner(host, id, semi2.id, d, 'The lobby shows three games.', [2, 1])).toMatchObject({
      status: 200,
      body: { state: 'COMPLETED', winner: d, score: [1, 2] },
    });
    // The final is best of 5: 2–1 does not finish it, 3–2 does.
    matches = await matchesOf(id);
    const final = matches.find((match) => match.round === 3)!;
    expect(final.participants).toEqual([a, d]);
    expect(await report(player(a), id, final.id, d, [2, 1])).toMatchObject({ status: 400 });
    await report(player(a), id, final.id, d, [3, 2]);
    await report(player(d), id, final.id, d, [3, 2]);
    // 4 × 130 = 520: the host 52, then 70/30 of 468 (the rounding's coin to first).
    expect(await tournamentOf(id)).toMatchObject({
      state: 'FINISHED',
      hostShare: 52,
      results: [
        { participant: d, place: 1, amount: 328 },
        { participant: a, place: 2, amount: 140 },
      ],
    });
    await checkLedger();
    expect((await matchesOf(id)).find((match) => match.round === 3)).toMatchObject({ score: [2, 3] });
    // Each side's history tells the series' score, its own games first (record 182).
    const line = async (uid: string, match: string) =>
      (await adminDb.doc(`users/${uid}/history/match_${id}_${match}`).get()).data();
    expect(await line(d, semi2.id)).toMatchObject({ won: true, score: [2, 1] });
    expect(await line(c, semi2.id)).toMatchObject({ won: false, score: [1, 2] });
    expect(await line(a, final.id)).toMatchObject({ won: false, score: [2, 3] });
  });

  it('a best of 1 takes no score or 1–0; a series length other than 1, 3 or 5 is refused', async () => {
    const host = await verifiedUser();
    const body = { entryFee: 0, startTime: Date.now() + 3 * DAY };
    expect(await createTournament(host.token, { ...body, bestOf: 2 })).toMatchObject({ status: 400 });
    const { id, player } = await started(4, { entryFee: 0 });
    const match = (await matchesOf(id)).find((item) => item.state === 'READY');
    const [a, b] = match!.participants as [string, string];
    expect(await report(player(a), id, match!.id, a, [2, 0])).toMatchObject({ status: 400 });
    expect(await report(player(a), id, match!.id, a, [1, 0])).toMatchObject({ status: 200 });
    expect(await report(player(b), id, match!.id, a)).toMatchObject({ body: { state: 'COMPLETED', score: [1, 0] } });
  });
});

describe('team play', () => {
  it('a party leader reports for the party; members may not; the host decides for parties', async () => {
    const { host, id, teams } = await startedTeams(4);
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    const [first, second] = semi.participants.map((party) => teams.find((team) => team.party === party)!);
    // The match is ready: the leader plays and reports it; the mate hears it is their party's to play
    // (record 128).
    expect(await notificationsOf(first!.leader.uid, 'TOURNAMENT_MATCH_READY')).toEqual([
      expect.not.objectContaining({ reasoning: expect.anything() }),
    ]);
    // Each names the other party by its team's name.
    expect(await notificationsOf(first!.mate.uid, 'TOURNAMENT_MATCH_READY')).toMatchObject([
      {
        match: semi.id,
        matchRound: { stage: 'semi-final', number: 1 },
        reasoning: 'member',
        opponent: { uid: second!.party, displayName: 'Duo ' + String(teams.indexOf(second!) + 1) },
      },
    ]);
    expect(await report(first!.mate, id, semi.id, first!.party)).toMatchObject({
      status: 403,
      body: { code: 'not-party-leader' },
    });
    await report(first!.leader, id, semi.id, first!.party);
    // What asks for an answer goes to the one who may give it: the other party's leader, not its mate.
    expect(await notificationsOf(second!.leader.uid, 'TOURNAMENT_OPPONENT_REPORTED')).toHaveLength(1);
    expect(await notificationsOf(second!.mate.uid, 'TOURNAMENT_OPPONENT_REPORTED')).toHaveLength(0);
    expect((await report(second!.leader, id, semi.id, first!.party)).body).toMatchObject({
      state: 'COMPLETED',
      winner: first!.party,
    });
    // Both members of the other semi-final's parties hear the host's decision of a dispute.
    const other = (await matchesOf(id)).find((match) => match.state === 'READY' && match.round === semi.round)!;
    const [third, fourth] = other.participants.map((party) => teams.find((team) => team.party === party)!);
    await report(third!.leader, id, other.id, third!.party);
    await report(fourth!.leader, id, other.id, fourth!.party);
    // The disagreement asks the first reporter's party for its side: its leader alone.
    expect(await notificationsOf(third!.leader.uid, 'OPPONENT_TOURNAMENT_CONFLICT')).toHaveLength(1);
    expect(await notificationsOf(third!.mate.uid, 'OPPONENT_TOURNAMENT_CONFLICT')).toHaveLength(0);
    expect((await setWinner(host, id, other.id, fourth!.party, 'The replay shows it.')).status).toBe(200);
    for (const member of [third!.leader, third!.mate, fourth!.leader, fourth!.mate])
      expect(await notificationsOf(member.uid, 'ADMIN_CHANGE_MATCH_WINNER')).toMatchObject([
        { winner: { uid: fourth!.party, displayName: 'Duo ' + String(teams.indexOf(fourth!) + 1) } },
      ]);
  });
});

describe('team play with check-in per match', () => {
  it('the leader is asked to check in; the mate hears the match is ready and that the leader checks in', async () => {
    const { id, teams } = await startedTeams(4, { checkInMinutes: 10 });
    const semi = (await matchesOf(id)).find((match) => match.state === 'READY')!;
    const team = teams.find((item) => item.party === semi.participants[0])!;
    expect(await notificationsOf(team.leader.uid, 'TOURNAMENT_MATCH_CHECK_IN')).toMatchObject([
      { match: semi.id, minutes: 10 },
    ]);
    expect(await notificationsOf(team.mate.uid, 'TOURNAMENT_MATCH_CHECK_IN')).toHaveLength(0);
    expect(await notificationsOf(team.mate.uid, 'TOURNAMENT_MATCH_READY')).toMatchObject([
      { match: semi.id, minutes: 10, reasoning: 'member' },
    ]);
  });
});

describe('points played to the end', () => {
  const submit = (who: Player, id: string, body: Body) =>
    call<Body>(`/tournaments/points/${id}/submitPoints`, { token: who.token, body });
  const review = (host: Player, id: string, body: Body) =>
    call<Body>(`/tournaments/points/${id}/setParticipantPoints`, { token: host.token, body });

  it('nobody scored: the host cannot finish, only cancel', async () => {
    const { host, id } = await started(4, { bracket: 'POINTS', payoutStructure: 'top-3' });
    expect(await call(`/tournaments/${id}/finish`, { token: host.token, body: {} })).toMatchObject({
      status: 409,
      body: { code: 'no-scores' },
    });
  });

  it('submissions, accept, change with a reason, a tie at the top, finish and payouts', async () => {
    const { host, id, players } = await started(4, { bracket: 'POINTS', payoutStructure: 'top-3' });
    const [p1, p2, p3, p4] = players as [Player, Player, Player, Player];
    const proof = async (who: Player) => (await proofOf(who)).body.path as string;
    // The start tells each entrant they may submit (a points table has no match to announce).
    for (const player of players)
      expect(await notificationsOf(player.uid, 'TOURNAMENT_POINTS_OPEN')).toMatchObject([{ tournament: { id } }]);

    for (const points of [0, -5, 1.5, '7'])
      expect(await submit(p1, id, { points, attachment: await proof(p1) })).toMatchObject({ status: 400 });
    expect(await submit(p1, id, { points: 5 })).toMatchObject({ status: 400 });
    expect(await submit(await verifiedUser(), id, { points: 5, attachment: await proof(p1) })).toMatchObject({
      status: 400,
    });
    const picture = await proofPicture();
    const first = (await proofOf(p1, 'png', picture)).body.path as string;
    expect((await submit(p1, id, { points: 30, attachment: first, description: 'Game one' })).body).toMatchObject({
      pending: 1,
      total: 0,
    });
    // The same screenshot for another round is refused, naming the round (record 142); the same
    // picture uploaded again is the same file, so a new upload of it does not pass either.
    const again = (await proofOf(p1, 'png', picture)).body.path as string;
    expect(again).toBe(first);
    // Another player's upload of the same picture is theirs: it is a file in their own folder.
    expect((await proofOf(p2, 'png', picture)).body.path).toMatch(new RegExp(`^proofs/${p2.uid}/[a-f0-9]{32}\\.png$`));
    for (const attachment of [first, again])
      expect(await submit(p1, id, { points: 40, attachment })).toMatchObject({
        status: 409,
        body: { code: 'proof-reused', details: { round: 1 } },
      });
    expect(await notificationsOf(host.uid, 'ADMIN_TOURNAMENT_POINTS_SUBMITTED')).toHaveLength(1);
    await submit(p2, id, { points: 25, attachment: await proof(p2) });
    await submit(p3, id, { points: 10, attachment: await proof(p3) });
    await submit(p4, id, { points: 5, attachment: await proof(p4) });

    // Players cannot review; a change needs a reason; an unfinished review blocks the finish.
    expect(await review(p1, id, { participant: p1.uid, points: 30 })).toMatchObject({ status: 403 });
    expect(await review(host, id, { participant: p2.uid, points: 30 })).toMatchObject({ status: 400 });
    expect((await review(host, id, { participant: p1.uid, points: 30 })).body).toMatchObject({ total: 30, pending: 0 });
    // Each review names the round it is about (record 134).
    expect(await notificationsOf(p1.uid, 'TOURNAMENT_POINTS_ACCEPTED')).toMatchObject([{ points: 30, round: 1 }]);
    expect(
      (await review(host, id, { participant: p2.uid, points: 30, description: 'Recounted from the replay.' })).body,
    ).toMatchObject({ total: 30, rounds: [{ state: 'ACCEPTED', points: 30, rawPoints: 25 }] });
    expect(await notificationsOf(p2.uid, 'TOURNAMENT_POINTS_CHANGED')).toMatchObject([
      { points: 30, round: 1, reasoning: 'Recounted from the replay.' },
    ]);
    expect(await call(`/tournaments/${id}/finish`, { token: host.token, body: {} })).toMatchObject({
      status: 409,
      body: { code: 'points-pending' },
    });
    await review(host, id, { participant: p3.uid, points: 10 });
    await review(host, id, { participant: p4.uid, points: 5 });
    expect(await call(`/tournaments/${id}/finish`, { token: p1.token, body: {} })).toMatchObject({ status: 403 });
    // A fake round can be set to 0 with a reason.
    await submit(p4, id, { points: 999, attachment: await proof(p4) });
    expect(await review(host, id, { participant: p4.uid, points: 0 })).toMatchObject({ status: 400 });
    expect(
      (await review(host, id, { participant: p4.uid, points: 0, description: 'No proof of that score.' })).body,
    ).toMatchObject({ total: 5, pending: 0 });
    expect(await notificationsOf(p4.uid, 'TOURNAMENT_POINTS_CHANGED')).toMatchObject([{ points: 0, round: 2 }]);
    const finishes = await Promise.all([
      call(`/tournaments/${id}/finish`, { token: host.token, body: {} }),
      call(`/tournaments/${id}/finish`, { token: host.token, body: {} }),
    ]);
    expect(finishes.map((answer) => answer.status).sort()).toEqual([200, 409]);

    // Pool 520: host 52; 468 split 50/30/20 = 234/140/93 (+1 to first = 235). p1 and p2 tie for
    // first and share 235 + 140 = 375 (188 to the better seed, 187); p3 third gets 93.
    const tournament = await tournamentOf(id);
    const results = tournament.results as { participant: string; place: number; amount: number }[];
    expect(results.map((result) => result.place)).toEqual([1, 1, 3, 4]);
    expect(
      results
        .slice(0, 2)
        .map((result) => result.amount)
        .sort(),
    ).toEqual([187, 188]);
    expect(results[2]).toEqual({ participant: p3.uid, place: 3, amount: 93 });
    expect(results.reduce((sum, result) => sum + result.amount, 0) + (tournament.hostShare as number)).toBe(520);
    expect(await fundsOf(p3.uid)).toBe(870 + 93);
    expect(await fundsOf(p4.uid)).toBe(870);
    // Every entrant hears of the end: the paid ones their prize (p1 and p2 with the places they
    // share), p4 their place without one.
    for (const player of [p1, p2])
      expect(await notificationsOf(player.uid, 'TOURNAMENT_PAYOUT_RECEIVED')).toMatchObject([{ place: 1, placeTo: 2 }]);
    expect((await notificationsOf(p3.uid, 'TOURNAMENT_PAYOUT_RECEIVED'))[0]).not.toHaveProperty('placeTo');
    // Trophies as the prizes: the tie shares 1st and 2nd's, (10 + 6) / 2 each, and each has won it
    // (it gave both the winner's 10: a tie made trophies; record 194). 3rd's are 3rd's.
    const standing = async (uid: string) => (await adminDb.doc(`player_statistics/${uid}`).get()).data();
    for (const player of [p1, p2]) expect(await standing(player.uid)).toMatchObject({ trophies: 8, tournamentsWon: 1 });
    expect(await standing(p3.uid)).toMatchObject({ trophies: 3, tournamentsWon: 0 });
    for (const [player, amount] of [
      [p3, 93],
      [p4, 0],
    ] as const) {
      expect(await notificationsOf(player.uid, 'TOURNAMENT_PAYOUT_RECEIVED')).toHaveLength(amount > 0 ? 1 : 0);
      expect(await notificationsOf(player.uid, 'TOURNAMENT_FINISHED')).toEqual(
        amount > 0 ? [] : [expect.objectContaining({ place: 4, tournament: expect.objectContaining({ id }) })],
      );
    }
    expect(await review(host, id, { participant: p4.uid, points: 50, description: 'Late change.' })).toMatchObject({
      status: 409,
    });
  });
});

/**
 * Pairs of commands that decide from what the other writes (docs/decisions/0077, the
 * optimistic layer's audit): each pair is fired at once, and whichever commits first, the stored state must be one
 * that running them one after the other could give. Several rounds, as a race lands differently
 * each time.
 */
