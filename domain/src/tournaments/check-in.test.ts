import { describe, expect, it } from 'vitest';
import {
  MATCH_ANSWER_MIN_MS,
  MATCH_REPORT_WINDOW_MS,
  matchStage,
  readyFields,
  transitionMatch,
  type MatchEvent,
  type TournamentMatch,
} from './play';
import { decidedResults, tallies } from './standings';
import { HOUR_MS } from '../platform/constants';
import { roundRobinStandings } from './round-robin';
import { eliminationPlaces } from './placings';
import { doubleEliminationPlaces } from './formats';

/** Check-in per match (issue #60) as pure rules: check-ins, reports that check in, and the close. */

const T0 = 1_000_000;
const MINUTE = 60_000;
const open = (overrides: Partial<TournamentMatch> = {}): TournamentMatch => ({
  id: '3',
  round: 1,
  number: 1,
  state: 'READY',
  participants: ['a', 'b'],
  winner: null,
  reports: {},
  ...readyFields(T0, 10),
  updatedAt: T0,
  ...overrides,
});
const close = (bothAbsent?: 'BOTH_FORFEIT' | 'HIGHER_SEED'): MatchEvent => ({
  type: 'close-window',
  ...(bothAbsent ? { bothAbsent } : {}),
  seeds: ['b', 'a'],
});
const apply = (match: TournamentMatch, event: MatchEvent, now: number) => {
  const result = transitionMatch(match, event, now);
  if (!result.ok) throw new Error(result.refusal.code);
  return result;
};

describe('check-in per match', () => {
  it('a ready match waits for check-ins until its close, then for reports', () => {
    expect(readyFields(T0, 10)).toEqual({
      readyAt: T0,
      checkIns: {},
      checkInCloses: T0 + 10 * MINUTE,
      deadline: T0 + 10 * MINUTE,
    });
    expect(readyFields(T0, null)).toMatchObject({ checkInCloses: null, deadline: T0 + MATCH_REPORT_WINDOW_MS });
    const one = apply(open(), { type: 'check-in', entrant: 'a', by: 'a' }, T0 + MINUTE).next;
    expect(one).toMatchObject({ checkIns: { a: T0 + MINUTE }, checkInCloses: T0 + 10 * MINUTE });
    expect(matchStage(one, 'a')).toBe('report');
    expect(matchStage(one, 'b')).toBe('check-in');
    // Twice is once.
    expect(apply(one, { type: 'check-in', entrant: 'a', by: 'a' }, T0 + 2 * MINUTE).next).toBe(one);
    const both = apply(one, { type: 'check-in', entrant: 'b', by: 'b' }, T0 + 2 * MINUTE).next;
    expect(both).toMatchObject({ checkInCloses: null, deadline: T0 + MATCH_REPORT_WINDOW_MS });
    expect(matchStage(both, 'b')).toBe('report');
    // Once both are in, a side's check-in again (a stale tab) is still the first, not a refusal.
    expect(apply(both, { type: 'check-in', entrant: 'a', by: 'a' }, T0 + 3 * MINUTE).next).toBe(both);
  });

  it('refuses outsiders, closed check-ins and matches not ready', () => {
    const refusal = (match: TournamentMatch, event: MatchEvent, now = T0) => {
      const result = transitionMatch(match, event, now);
      return result.ok ? null : result.refusal.code;
    };
    expect(refusal(open(), { type: 'check-in', entrant: 'c', by: 'c' })).toBe('not-in-match');
    expect(refusal(open(), { type: 'check-in', entrant: 'a', by: 'a' }, T0 + 10 * MINUTE)).toBe('check-in-closed');
    expect(refusal(open({ checkInCloses: null }), { type: 'check-in', entrant: 'a', by: 'a' })).toBe('check-in-closed');
    expect(refusal(open({ state: 'COMPLETED' }), { type: 'check-in', entrant: 'a', by: 'a' })).toBe('match-not-ready');
  });

  it('a report checks its side in; the other side still has to come', () => {
    const reported = apply(open(), { type: 'report', entrant: 'a', by: 'a', winner: 'a' }, T0 + MINUTE).next;
    expect(reported).toMatchObject({ checkInCloses: T0 + 10 * MINUTE, deadline: T0 + 10 * MINUTE });
    // The other checks in: the report waits for its answer, an hour at least.
    const answered = apply(reported, { type: 'check-in', entrant: 'b', by: 'b' }, T0 + 2 * MINUTE).next;
    expect(answered).toMatchObject({ checkInCloses: null, deadline: T0 + MATCH_REPORT_WINDOW_MS });
    // Or answers with a report of its own: agreed.
    expect(apply(reported, { type: 'report', entrant: 'b', by: 'b', winner: 'a' }, T0 + 2 * MINUTE).next).toMatchObject(
      {
        state: 'COMPLETED',
        winner: 'a',
        outcome: 'AGREED',
        checkInCloses: null,
      },
    );
    // A report after the other side checked in leaves the usual hour to answer.
    const late = open({ checkIns: { b: T0 }, readyAt: T0 - MATCH_REPORT_WINDOW_MS + MINUTE });
    expect(apply(late, { type: 'report', entrant: 'a', by: 'a', winner: 'a' }, T0 + MINUTE).next.deadline).toBe(
      T0 + MINUTE + MATCH_ANSWER_MIN_MS,
    );
  });

  it('at the close: the side in wins by no-show, a series by the games to win', () => {
    const one = open({ checkIns: { b: T0 }, bestOf: 3 });
    expect(apply(one, close(), T0 + 10 * MINUTE - 1).next).toBe(one);
    const { next, effects } = apply(one, close(), T0 + 10 * MINUTE);
    expect(next).toMatchObject({
      state: 'COMPLETED',
      winner: 'b',
      outcome: 'NO_SHOW',
      forfeited: ['a'],
      score: [0, 2],
    });
    expect(effects).toEqual([
      { type: 'result', winner: 'b', changed: false },
      { type: 'notify', to: { entrant: 'a' }, notification: 'TOURNAMENT_MATCH_NO_SHOW', reasoning: 'forfeited' },
      { type: 'notify', to: { entrant: 'b' }, notification: 'TOURNAMENT_MATCH_NO_SHOW', reasoning: 'won' },
    ]);
  });

  it('neither side in: the higher seed, or both forfeit', () => {
    expect(apply(open(), close('HIGHER_SEED'), T0 + 10 * MINUTE).next).toMatchObject({
      winner: 'b',
      outcome: 'NO_SHOW',
      forfeited: ['a', 'b'],
    });
    const { next, effects } = apply(open(), close('BOTH_FORFEIT'), T0 + 10 * MINUTE);
    expect(next).toMatchObject({
      state: 'COMPLETED',
      winner: null,
      score: [0, 0],
      forfeited: ['a', 'b'],
      deadline: null,
    });
    expect(effects[0]).toEqual({ type: 'result', winner: null, changed: false });
    // The host may still set a winner on it.
    expect(
      apply(next, { type: 'decide', host: 'h', winner: 'a', reasoning: null }, T0 + 11 * MINUTE).next,
    ).toMatchObject({
      winner: 'a',
      outcome: 'HOST',
    });
  });

  it('a double forfeit is a loss for both in every table', () => {
    const forfeit = open({
      state: 'COMPLETED',
      winner: null,
      score: [0, 0],
      outcome: 'NO_SHOW',
      forfeited: ['a', 'b'],
    });
    expect(decidedResults([forfeit])).toEqual([{ a: 'a', b: 'b', winner: null, games: [0, 0], bothLost: true }]);
    const swiss = tallies(['a', 'b'], decidedResults([forfeit]));
    expect(swiss.get('a')).toMatchObject({ score: 0, wins: 0, losses: 1 });
    expect(roundRobinStandings(['a', 'b'], decidedResults([forfeit]))).toMatchObject([
      { participant: 'a', played: 1, wins: 0, losses: 1 },
      { participant: 'b', played: 1, wins: 0, losses: 1 },
    ]);
    // Single elimination: both out in their round (of a bracket of 4: 3rd to 4th).
    const final = open({ id: '9', round: 2, state: 'COMPLETED', participants: ['c', 'd'], winner: 'c' });
    expect(eliminationPlaces([forfeit, final]).get('a')).toEqual({ place: 3, to: 4 });
    // Double elimination: out of the winners bracket by a double forfeit, below the losers bracket.
    const places = doubleEliminationPlaces([
      { ...forfeit, group: 'WINNERS' },
      { group: 'LOSERS', round: 1, state: 'COMPLETED', participants: ['e', 'f'], winner: 'e' },
      { group: 'FINAL', round: 1, state: 'COMPLETED', participants: ['c', 'e'], winner: 'c' },
    ]);
    expect(places?.get('f')).toEqual({ place: 3, to: 3 });
    expect(places?.get('a')).toEqual({ place: 4, to: 5 });
  });

  it('the host holds the clock: nothing closes, check-ins go on, and the deadlines move on by the pause', () => {
    const paused = apply(open(), { type: 'pause', host: 'h' }, T0 + 2 * MINUTE).next;
    expect(paused).toMatchObject({ pausedAt: T0 + 2 * MINUTE, pausedDeadline: T0 + 10 * MINUTE, deadline: null });
    // Past the close, nothing happens; a check-in is still taken and its deadline waits.
    expect(apply(paused, close(), T0 + 30 * MINUTE).next).toBe(paused);
    const inside = apply(paused, { type: 'check-in', entrant: 'a', by: 'a' }, T0 + 30 * MINUTE).next;
    expect(inside).toMatchObject({
      deadline: null,
      pausedDeadline: T0 + 10 * MINUTE,
      checkIns: { a: T0 + 30 * MINUTE },
    });
    // Resumed after 40 minutes: 8 minutes were left, and are left again.
    const resumed = apply(inside, { type: 'resume', host: 'h' }, T0 + 42 * MINUTE).next;
    expect(resumed).toMatchObject({
      pausedAt: null,
      deadline: T0 + 50 * MINUTE,
      checkInCloses: T0 + 50 * MINUTE,
    });
    expect(apply(resumed, close(), T0 + 50 * MINUTE).next).toMatchObject({ winner: 'a', outcome: 'NO_SHOW' });
    // A decision ends the pause; a host who plays the match may not hold it; only a ready match pauses.
    expect(
      apply(paused, { type: 'decide', host: 'h', winner: 'b', reasoning: null }, T0 + 3 * MINUTE).next,
    ).toMatchObject({ state: 'COMPLETED', pausedAt: null });
    expect(transitionMatch(open(), { type: 'pause', host: 'a', hostEntrant: 'a' }, T0).ok).toBe(false);
    expect(transitionMatch(open({ state: 'COMPLETED' }), { type: 'pause', host: 'h' }, T0).ok).toBe(false);
    expect(apply(paused, { type: 'pause', host: 'h' }, T0 + 5 * MINUTE).next).toBe(paused);
  });

  it('the one who came and conceded: their report stands; a side that never came cannot report after the close', () => {
    const conceded = apply(open(), { type: 'report', entrant: 'a', by: 'a', winner: 'b' }, T0 + MINUTE).next;
    expect(apply(conceded, close('BOTH_FORFEIT'), T0 + 10 * MINUTE)).toMatchObject({
      next: { state: 'COMPLETED', winner: 'b', outcome: 'UNANSWERED', checkInCloses: null },
      effects: [{ type: 'result', winner: 'b', changed: false }],
    });
    expect(apply(conceded, close(), T0 + 10 * MINUTE).next.forfeited).toBeUndefined();
    // Past the close, before the sweep: the absent side's report is refused; a checked-in side's is taken.
    const late = transitionMatch(open(), { type: 'report', entrant: 'b', by: 'b', winner: 'b' }, T0 + 10 * MINUTE);
    expect(late.ok ? null : late.refusal.code).toBe('check-in-closed');
    const checked = open({ checkIns: { b: T0 } });
    expect(
      apply(checked, { type: 'report', entrant: 'b', by: 'b', winner: 'b' }, T0 + 10 * MINUTE).next.reports.b,
    ).toBeDefined();
  });

  it('the host overturning a no-show clears who forfeited', () => {
    const noShow = apply(open({ checkIns: { a: T0 } }), close(), T0 + 10 * MINUTE).next;
    expect(noShow.forfeited).toEqual(['b']);
    expect(
      apply(noShow, { type: 'decide', host: 'h', winner: 'b', reasoning: 'Lobby bug.' }, T0 + HOUR_MS).next,
    ).toMatchObject({ winner: 'b', outcome: 'HOST', forfeited: null });
  });
});
