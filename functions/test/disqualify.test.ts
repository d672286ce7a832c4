import { describe, expect, it } from 'vitest';
import { adminDb, call, checkLedger, verifiedUser, type Body, type Player } from './helpers';
import { type Match, matchesOf, notificationsOf, report, started, tournamentOf } from './tournament-play-helpers';

/**
 * Disqualification (issue #60): the host disqualifies an entrant in play; its matches in play, and
 * each one that becomes ready later, go to the other side; it can no longer act.
 */

const disqualify = (who: Player, id: string, entrant: string, body: Body = { reasoning: 'Cheating in round one.' }) =>
  call<Body>(`/tournaments/${id}/disqualify/${entrant}`, { token: who.token, body });

describe('disqualification', () => {
  it('single elimination: the match in play goes to the opponent, the player is out and cannot act', async () => {
    const { host, id, player } = await started(4, { entryFee: 130 });
    const [m1] = (await matchesOf(id)).filter((match) => match.state === 'READY') as [Match];
    const [a, b] = m1.participants as [string, string];
    expect(await disqualify(player(b), id, a)).toMatchObject({ status: 403, body: { code: 'not-the-host' } });
    expect(await disqualify(host, id, a, {})).toMatchObject({ status: 400 });
    expect(await disqualify(host, id, 'nobody-here')).toMatchObject({ status: 404 });
    expect((await disqualify(host, id, a)).body).toMatchObject({
      disqualified: { [a]: { reasoning: 'Cheating in round one.' } },
    });
    expect((await matchesOf(id)).find((match) => match.id === m1.id)).toMatchObject({
      state: 'COMPLETED',
      winner: b,
      outcome: 'DISQUALIFIED',
    });
    expect(await notificationsOf(a, 'TOURNAMENT_DISQUALIFIED')).toMatchObject([
      { reasoning: 'Cheating in round one.' },
    ]);
    // A disqualification is not a no-show: the record counts the match, not an absence.
    expect((await adminDb.doc(`users/${a}`).get()).data()!.reliability).toEqual({ matches: 1, noShows: 0 });
    expect(await disqualify(host, id, a)).toMatchObject({ status: 409, body: { code: 'already-disqualified' } });
    expect(await report(player(a), id, m1.id, a)).toMatchObject({ status: 403, body: { code: 'disqualified' } });
    await checkLedger();
  });

  it('a later match that becomes ready with a disqualified entrant goes to the other side at once, to the payout', async () => {
    const { host, id, player } = await started(4, { entryFee: 130 });
    const [m1, m2] = (await matchesOf(id)).filter((match) => match.state === 'READY') as [Match, Match];
    // m2's first side is disqualified while m1 is still being played: m2 goes to its other side.
    const out = m2.participants[0]!;
    const through = m2.participants[1]!;
    await disqualify(host, id, out);
    // m1 is played; the final (m1's winner against m2's) is decided at once only if a side is out:
    // here nobody in it is, so it is played.
    for (const side of m1.participants) await report(player(side), id, m1.id, m1.participants[0]!);
    const final = (await matchesOf(id)).find((match) => match.round === 3)!;
    expect(final).toMatchObject({ state: 'READY', participants: [m1.participants[0], through] });
    // The host disqualifies a finalist: the final, and the tournament, are decided.
    await disqualify(host, id, through, { reasoning: 'Smurf account.' });
    expect(await tournamentOf(id)).toMatchObject({ state: 'FINISHED', placings: { [m1.participants[0]!]: 1 } });
    await checkLedger();
  });

  it('round robin and Swiss: every match in play of the disqualified goes to the opponents', async () => {
    const robin = await started(4, { entryFee: 0, bracket: 'ROUND_ROBIN', payoutStructure: 'top-3' });
    const out = ((await tournamentOf(robin.id)).seeds as string[])[1]!;
    await disqualify(robin.host, robin.id, out);
    const theirs = ((await matchesOf(robin.id)) as (Match & { outcome?: string })[]).filter((match) =>
      match.participants.includes(out),
    );
    expect(theirs.map((match) => [match.state, match.outcome])).toEqual(
      theirs.map(() => ['COMPLETED', 'DISQUALIFIED']),
    );
    expect(theirs.every((match) => match.winner !== out)).toBe(true);

    const swiss = await started(4, { entryFee: 0, bracket: 'SWISS', swissRounds: 2 });
    const seeds = (await tournamentOf(swiss.id)).seeds as string[];
    const gone = seeds[0]!;
    await disqualify(swiss.host, swiss.id, gone);
    // The disqualified player can no longer act on any match.
    const theirFirst = (await matchesOf(swiss.id)).find((match) => match.participants.includes(gone))!;
    expect(await report(swiss.player(gone), swiss.id, theirFirst.id, gone)).toMatchObject({
      status: 403,
      body: { code: 'disqualified' },
    });
    // Round 1's other match is played; round 2 pairs, and the disqualified one's match goes at once.
    const other = (await matchesOf(swiss.id)).find((match) => match.state === 'READY')!;
    for (const side of other.participants) await report(swiss.player(side), swiss.id, other.id, other.participants[0]!);
    const round2 = (await matchesOf(swiss.id)).filter((match) => match.round === 2);
    expect(round2).toHaveLength(2);
    expect(round2.find((match) => match.participants.includes(gone))).toMatchObject({
      state: 'COMPLETED',
      outcome: 'DISQUALIFIED',
    });
    const left = round2.find((match) => !match.participants.includes(gone))!;
    for (const side of left.participants) await report(swiss.player(side), swiss.id, left.id, left.participants[0]!);
    expect(await tournamentOf(swiss.id)).toMatchObject({ state: 'FINISHED' });
    // Not the host's to ask by anyone else.
    const fresh = await verifiedUser();
    expect(await disqualify(fresh, swiss.id, seeds[1]!)).toMatchObject({ status: 403 });
  });

  it('a disqualification racing the report that decides the final: one outcome, one payout', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { host, id, player } = await started(4, { entryFee: 130 });
      for (const match of (await matchesOf(id)).filter((item) => item.state === 'READY'))
        for (const side of match.participants) await report(player(side), id, match.id, match.participants[0]!);
      const final = (await matchesOf(id)).find((match) => match.state === 'READY')!;
      const [x, y] = final.participants as [string, string];
      await report(player(x), id, final.id, x);
      const [agreed, out] = await Promise.all([
        report(player(y), id, final.id, x),
        disqualify(host, id, x, { reasoning: 'Smurf account.' }),
      ]);
      // Exactly one of them decided the final; the other found it over.
      expect([agreed.status, out.status].filter((status) => status === 200)).toHaveLength(1);
      const finished = await tournamentOf(id);
      expect(finished.state).toBe('FINISHED');
      const winner = agreed.status === 200 ? x : y;
      expect(finished.placings).toMatchObject({ [winner]: 1 });
      expect((finished.results as Body[]).filter((result) => result.place === 1)).toHaveLength(1);
    }
    await checkLedger();
  });
});
