import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../platform/constants';
import {
  NO_SHOW_BAN_MAX_MS,
  banOfNoShow,
  ownNoShow,
  meetsReliability,
  noShowBanUntil,
  reliabilityBar,
  reliabilityPercent,
  type Reliability,
} from './reliability';

const T = 1_000 * DAY_MS;
const record = (matches: number, noShowsAt: number[], liftedAt?: number): Reliability => ({
  matches,
  noShows: noShowsAt.length,
  noShowLog: noShowsAt.map((at, index) => ({ at, match: `t/${index}` })),
  ...(liftedAt ? { liftedAt } : {}),
});

describe('reliability (issue #60)', () => {
  it('is the share of matches shown up to, none before the first', () => {
    expect(reliabilityPercent(undefined)).toBeNull();
    expect(reliabilityPercent(record(0, []))).toBeNull();
    expect(reliabilityPercent(record(3, [T]))).toBe(66);
    // A record from before `noShows` was written with every match: none missed.
    expect(reliabilityPercent({ matches: 3 })).toBe(100);
    expect(meetsReliability({ matches: 3 }, 95)).toBe(true);
    expect(meetsReliability(undefined, 95)).toBe(true);
    expect(meetsReliability(record(10, [T]), 90)).toBe(true);
    expect(meetsReliability(record(10, [T, T + 1]), 90)).toBe(false);
    expect(meetsReliability(record(10, [T, T + 1]), null)).toBe(true);
  });

  it('bans from the second no-show within 90 days: 24 h, doubling, up to 30 days', () => {
    expect(noShowBanUntil(record(1, [T]), T)).toBeNull();
    expect(noShowBanUntil(record(2, [T - DAY_MS, T]), T)).toBe(T + DAY_MS);
    expect(noShowBanUntil(record(2, [T - DAY_MS, T]), T + DAY_MS)).toBeNull();
    expect(noShowBanUntil(record(3, [T - 2, T - 1, T]), T)).toBe(T + 2 * DAY_MS);
    expect(noShowBanUntil(record(4, [T - 3, T - 2, T - 1, T]), T)).toBe(T + 4 * DAY_MS);
    const many = Array.from({ length: 9 }, (_, index) => T - index);
    expect(noShowBanUntil(record(9, many), T)).toBe(T + NO_SHOW_BAN_MAX_MS);
    // One 91 days before the latest does not count; the log's order does not matter.
    expect(noShowBanUntil(record(2, [T, T - 91 * DAY_MS]), T)).toBeNull();
  });

  it('a lifted ban stays lifted until the next no-show', () => {
    expect(noShowBanUntil(record(2, [T - 1, T], T + 1), T + 2)).toBeNull();
    expect(noShowBanUntil(record(3, [T - 1, T, T + 5], T + 1), T + 6)).toBe(T + 5 + 2 * DAY_MS);
  });

  it('counts one absence once, however many matches it cost (a round robin group in one sweep)', () => {
    const group = (tournament: string, at: number) =>
      Array.from({ length: 7 }, (_, index) => ({ at, match: `${tournament}/${index}` }));
    const once: Reliability = { matches: 7, noShows: 7, noShowLog: group('t1', T) };
    expect(noShowBanUntil(once, T)).toBeNull();
    const twice: Reliability = { matches: 14, noShows: 14, noShowLog: [...group('t1', T - DAY_MS), ...group('t2', T)] };
    expect(noShowBanUntil(twice, T)).toBe(T + DAY_MS);
  });

  it("tells a no-show's notice of the ban it brought, while it lasts, and no other no-show's", () => {
    const log = (...entries: [number, string][]): Reliability => ({
      matches: 9,
      noShows: entries.length,
      noShowLog: entries.map(([at, match]) => ({ at, match })),
    });
    const twice = log([T, 'cup/m1'], [T + DAY_MS, 'open/m3'], [T + DAY_MS, 'open/m4']);
    // A round robin's two matches missed at once: one absence, whose notice names the first.
    expect(banOfNoShow(twice, 'open/m3', T + DAY_MS)).toBe(T + 2 * DAY_MS);
    // The first no-show brought only a warning; the ban is the second's.
    expect(banOfNoShow(twice, 'cup/m1', T + DAY_MS)).toBeNull();
    // So did an earlier no-show in the same tournament (a losers bracket's, a Swiss round's).
    const sameCup = log([T, 'cup/m1'], [T + DAY_MS, 'cup/m5']);
    expect(banOfNoShow(sameCup, 'cup/m1', T + DAY_MS)).toBeNull();
    expect(banOfNoShow(sameCup, 'cup/m5', T + DAY_MS)).toBe(T + 2 * DAY_MS);
    // Over, or lifted: nothing to tell.
    expect(banOfNoShow(twice, 'open/m3', T + 2 * DAY_MS)).toBeNull();
    expect(banOfNoShow({ ...twice, liftedAt: T + DAY_MS + 1 }, 'open/m3', T + DAY_MS + 2)).toBeNull();
    expect(banOfNoShow(log([T, 'open/m1']), 'open/m1', T)).toBeNull();
    expect(banOfNoShow(undefined, 'open/m1', T)).toBeNull();
    // Which notices tell one: a no-show to a side away, by its match.
    const notice = (reasoning?: string) =>
      ({ type: 'TOURNAMENT_MATCH_NO_SHOW', reasoning, tournament: { id: 'open', name: 'Open' }, match: 'm3' }) as const;
    expect(ownNoShow(notice('forfeited'))).toBe('open/m3');
    expect(ownNoShow(notice('both'))).toBe('open/m3');
    expect(ownNoShow(notice(undefined))).toBe('open/m3');
    expect(ownNoShow(notice('won'))).toBeNull();
    expect(ownNoShow({ ...notice('forfeited'), type: 'ADMIN_CHANGE_MATCH_WINNER' })).toBeNull();
  });

  it("bars a join as the join does: a ban from paid tournaments only, then the host's least reliability", () => {
    const banned = record(10, [T - 1, T]);
    expect(reliabilityBar(banned, { entryFee: 130 }, T + 1)).toEqual({ code: 'no-show-ban', until: T + DAY_MS });
    // A free tournament is open to the banned; its host's bar is what may keep them out.
    expect(reliabilityBar(banned, { entryFee: 0 }, T + 1)).toBeNull();
    expect(reliabilityBar(banned, { entryFee: 0, minReliability: 90 }, T + 1)).toEqual({
      code: 'reliability-too-low',
      required: 90,
      yours: 80,
    });
    expect(reliabilityBar(undefined, { entryFee: 130, minReliability: 95 }, T)).toBeNull();
  });
});
