import { describe, expect, it } from 'vitest';
import { howOut, lastLossOf } from './placings';
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
