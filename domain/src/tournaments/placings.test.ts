import { describe, expect, it } from 'vitest';
import { finishedPlace, finishedRanges } from './formats';
import { howOut, isOut, lastLossOf, paidPlaces } from './placings';
import type { TournamentMatch } from './play';

type Match = Pick<
  TournamentMatch,
  'state' | 'participants' | 'winner' | 'group' | 'round' | 'outcome' | 'forfeited'
> & {
  decidedAt?: number;
};
const lost = (round: number, group: Match['group'], fields: Partial<Match> = {}): Match => ({
  state: 'COMPLETED',
  participants: ['a', 'b'],
  winner: 'b',
  group,
  round,
  outcome: 'AGREED',
  ...fields,
});

describe('why an entrant is out', () => {
  it('takes the loss latest in the bracket, not the one decided last (a corrected score decides it again)', () => {
    const early = lost(1, undefined, { decidedAt: 500 });
    const semi = lost(2, undefined, { decidedAt: 100 });
    expect(lastLossOf([early, semi], 'a')).toBe(semi);
    // Double elimination: the losers bracket after the winners', the grand final after both.
    const winners = lost(3, 'WINNERS', { decidedAt: 900 });
    const losers = lost(1, 'LOSERS', { decidedAt: 200 });
    expect(lastLossOf([winners, losers], 'a')).toBe(losers);
    expect(lastLossOf([losers, lost(1, 'FINAL')], 'a')?.group).toBe('FINAL');
    // A win, or a match not decided, is no loss.
    expect(
      lastLossOf([lost(1, undefined, { winner: 'a' }), lost(2, undefined, { state: 'READY', winner: null })], 'a'),
    ).toBeUndefined();
  });

  it('names a no-show only for a side that forfeited, and a disqualification before any loss', () => {
    const noShow = lost(1, undefined, { outcome: 'NO_SHOW', forfeited: ['a'] });
    expect(howOut(undefined, noShow, 'a')).toBe('no-show');
    // The higher seed went through a double no-show: it forfeited nothing it lost.
    expect(howOut(undefined, lost(1, undefined, { outcome: 'NO_SHOW', forfeited: ['b'] }), 'a')).toBeNull();
    expect(howOut(undefined, lost(1, undefined), 'a')).toBeNull();
    expect(howOut({ a: { at: 1, reasoning: 'x' } }, undefined, 'a')).toBe('disqualified');
    expect(howOut({ a: { at: 1, reasoning: 'x' } }, noShow, 'a')).toBe('disqualified');
    expect(howOut({ c: { at: 1, reasoning: 'x' } }, undefined, 'a')).toBeNull();
  });
});

describe('who is out of a tournament under way', () => {
  const disqualified = { a: { at: 1, reasoning: 'x' } };
  it('is out of an elimination bracket at the first loss, of a double one at the second', () => {
    expect(isOut({ bracket: 'ELIMINATION' }, [lost(1, undefined, { state: 'READY', winner: null })], 'a')).toBe(false);
    expect(isOut({ bracket: 'ELIMINATION' }, [lost(1, undefined)], 'a')).toBe(true);
    expect(isOut({ bracket: 'ELIMINATION' }, [lost(1, undefined)], 'b')).toBe(false);
    // A match neither side checked in to: both forfeit it, both are out.
    const neither = lost(1, undefined, { winner: null, outcome: 'NO_SHOW', forfeited: ['a', 'b'] });
    expect(isOut({ bracket: 'ELIMINATION' }, [neither], 'b')).toBe(true);
    const winners = lost(1, 'WINNERS');
    expect(isOut({ bracket: 'DOUBLE_ELIMINATION' }, [winners], 'a')).toBe(false);
    expect(isOut({ bracket: 'DOUBLE_ELIMINATION' }, [winners, lost(1, 'LOSERS')], 'a')).toBe(true);
  });

  it('is never out of a Swiss, a round robin or a points table but by the host', () => {
    for (const bracket of ['SWISS', 'ROUND_ROBIN', 'POINTS'] as const) {
      expect(isOut({ bracket }, [lost(1, undefined), lost(2, undefined)], 'a')).toBe(false);
      expect(isOut({ bracket, disqualified }, [], 'a')).toBe(true);
    }
    expect(isOut({ bracket: 'ELIMINATION', disqualified }, [], 'a')).toBe(true);
  });
});

describe('the places a finished entrant covers', () => {
  // Eight in single elimination; the first quarter-final neither side checked in to (both out), so
  // its semi-final was a bye.
  const match = (round: number, participants: (string | null)[], winner: string | null, fields = {}) =>
    ({ round, participants, winner, state: 'COMPLETED', outcome: 'AGREED', ...fields }) as TournamentMatch;
  const matches = [
    match(1, ['p1', 'p8'], null, { outcome: 'NO_SHOW', forfeited: ['p1', 'p8'] }),
    match(1, ['p4', 'p5'], 'p4'),
    match(1, ['p2', 'p7'], 'p2'),
    match(1, ['p3', 'p6'], 'p3'),
    match(2, [null, 'p4'], 'p4', { state: 'BYE', outcome: 'BYE' }),
    match(2, ['p2', 'p3'], 'p2'),
    match(3, ['p4', 'p2'], 'p2'),
  ];
  const placings = { p2: 1, p4: 2, p3: 3, p1: 5, p8: 5, p5: 5, p7: 5, p6: 5 };
  const tournament = { bracket: 'ELIMINATION' as const, placings, seeds: [], swissRounds: 0 };

  it("shares a bracket's own range: five out in the quarter-finals share 5th–8th, not 5th–9th", () => {
    const ranges = finishedRanges(tournament, matches);
    expect(finishedPlace(tournament, ranges, 'p8')).toEqual({ place: 5, to: 8 });
    expect(finishedPlace(tournament, ranges, 'p6')).toEqual({ place: 5, to: 8 });
    // A place held alone is itself (the only semi-final loser), as its finish told it.
    expect(finishedPlace(tournament, ranges, 'p3')).toEqual({ place: 3, to: 3 });
    expect(finishedPlace(tournament, ranges, 'p2')).toEqual({ place: 1, to: 1 });
    expect(finishedPlace(tournament, ranges, 'nobody')).toBeNull();
  });

  it('counts a tie without the matches, and a points table by its ties', () => {
    expect(finishedPlace(tournament, finishedRanges(tournament, undefined), 'p8')).toEqual({ place: 5, to: 9 });
    const points = { bracket: 'POINTS' as const, placings: { a: 1, b: 1, c: 3 }, seeds: null, swissRounds: null };
    expect(finishedRanges(points, [])).toBeNull();
    expect(finishedPlace(points, null, 'b')).toEqual({ place: 1, to: 2 });
    expect(finishedPlace(points, null, 'c')).toEqual({ place: 3, to: 3 });
  });
});

describe('what a finished tournament paid per place', () => {
  it('a tie is one line with what it shared, however the odd coin fell; unpaid places are left out', () => {
    // A points table's top 3 of 468: two tied first share 1st and 2nd (375, the odd coin to the first).
    const results = [
      { place: 1, amount: 188 },
      { place: 1, amount: 187 },
      { place: 3, amount: 93 },
      { place: 4, amount: 0 },
    ];
    expect(paidPlaces(results)).toEqual([
      { place: 1, to: 2, amount: 375 },
      { place: 3, to: 3, amount: 93 },
    ]);
  });
});
