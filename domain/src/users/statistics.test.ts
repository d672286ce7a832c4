import { describe, expect, it } from 'vitest';
import {
  badgesCrossed,
  battleDelta,
  countersOf,
  hostDelta,
  progressOf,
  rebuildStatistics,
  tournamentPlayerDelta,
  trophiesForPlace,
} from './statistics';

describe('standing rules', () => {
  it('trophies by place: 10, 6, 3 for the semi-finalists, 1 for the quarter-finalists', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 16].map(trophiesForPlace)).toEqual([10, 6, 3, 3, 1, 1, 0, 0]);
    expect(tournamentPlayerDelta(null, 0)).toMatchObject({ tournamentsPlayed: 1, trophies: 0, tournamentsWon: 0 });
  });

  it('a shared place gets the average of the places it covers, rounded down: a tie makes no trophies', () => {
    // A table's two-way tie for 1st: (10 + 6) / 2 each, and both have won it.
    expect(tournamentPlayerDelta(1, 188, 2)).toMatchObject({ trophies: 8, tournamentsWon: 1 });
    // A five-way tie for 1st gave each the winner's 10 (walk AK): 23 / 5, rounded down.
    expect(tournamentPlayerDelta(1, 117, 5)).toMatchObject({ trophies: 4, tournamentsWon: 1 });
    expect(tournamentPlayerDelta(2, 98, 4)).toMatchObject({ trophies: 4, tournamentsWon: 0 });
    // A bracket's shared places, alike within, are what they were.
    expect([tournamentPlayerDelta(3, 0, 4).trophies, tournamentPlayerDelta(5, 0, 8).trophies]).toEqual([3, 1]);
    expect(tournamentPlayerDelta(9, 0, 16).trophies).toBe(0);
    expect(tournamentPlayerDelta(1, 0).trophies).toBe(10);
  });

  it('badges are earned when a change crosses their threshold, once', () => {
    const zero = countersOf(null);
    expect(badgesCrossed(zero, { ...zero, battleVictories: 1 })).toEqual(['first-win']);
    expect(badgesCrossed({ ...zero, battleVictories: 1 }, { ...zero, battleVictories: 2 })).toEqual([]);
    // Tournament wins count as wins, and a champion's first win is also their first win.
    expect(badgesCrossed({ ...zero, battleVictories: 9 }, { ...zero, battleVictories: 9, tournamentsWon: 1 })).toEqual([
      'ten-wins',
      'champion',
    ]);
    expect(badgesCrossed({ ...zero, tournamentsHosted: 4 }, { ...zero, tournamentsHosted: 5 })).toEqual(['host-five']);
  });

  it('progress: the class from activity and the points to the next', () => {
    expect(progressOf(countersOf(null))).toEqual({
      class: 'rookie',
      activity: 0,
      next: { class: 'regular', needed: 5 },
    });
    expect(progressOf(countersOf({ battlesPlayed: 2, tournamentsPlayed: 1 }))).toMatchObject({
      class: 'regular',
      activity: 5,
      next: { class: 'contender', needed: 15 },
    });
    expect(progressOf(countersOf({ battlesPlayed: 400 })).next).toBeNull();
  });

  it('the rebuild replays events in time order, per month, dating badges by the event that earned them', () => {
    const nov = Date.UTC(2026, 10, 20);
    const dec = Date.UTC(2026, 11, 2);
    const { allTime, months } = rebuildStatistics([
      { uid: 'a', at: dec, delta: tournamentPlayerDelta(1, 300) },
      { uid: 'a', at: nov, delta: battleDelta(true, 260) },
      { uid: 'h', at: dec, delta: hostDelta(40) },
    ]);
    expect(allTime.get('a')).toEqual({
      counters: expect.objectContaining({
        battleVictories: 1,
        tournamentsWon: 1,
        trophies: 10,
        tournamentCoinsWon: 300,
      }),
      badges: { 'first-win': nov, champion: dec },
    });
    expect(months.get('2026-11/a')).toMatchObject({ battleCoinsWon: 260, trophies: 0 });
    expect(months.get('2026-12/a')).toMatchObject({ trophies: 10 });
    expect(months.get('2026-12/h')).toMatchObject({ tournamentsHosted: 1, hostCoinsEarned: 40 });
  });
});
