import { describe, expect, it } from 'vitest';
import { countedPool, prizeOverCap, prizeYearOf, prizeYearTotal, publisherOf, yearlyPrizeOverCap } from './prize-caps';

describe('prizeOverCap', () => {
  const settings = { prizeCaps: { 'league-of-legends': 1000 } };
  it('refuses a full pool over the game’s cap, with both figures', () => {
    expect(prizeOverCap(settings, { game: 'league-of-legends', entryFee: 130, size: 8 })).toEqual({
      cap: 1000,
      pool: 1040,
    });
  });
  it('lets a pool at or under the cap through, and any pool of a game without one', () => {
    expect(prizeOverCap(settings, { game: 'league-of-legends', entryFee: 125, size: 8 })).toBeNull();
    expect(prizeOverCap(settings, { game: 'dota-2', entryFee: 1260, size: 32 })).toBeNull();
    expect(prizeOverCap(undefined, { game: 'league-of-legends', entryFee: 1260, size: 32 })).toBeNull();
  });
  it('a cap of 0 allows free tournaments only', () => {
    const free = { prizeCaps: { valorant: 0 } };
    expect(prizeOverCap(free, { game: 'valorant', entryFee: 0, size: 32 })).toBeNull();
    expect(prizeOverCap(free, { game: 'valorant', entryFee: 130, size: 8 })).toEqual({ cap: 0, pool: 1040 });
  });
});

describe('a host’s yearly prize total per publisher', () => {
  it('counts League of Legends and VALORANT together as Riot’s, and no other game', () => {
    expect(publisherOf('league-of-legends')).toBe('riot');
    expect(publisherOf('valorant')).toBe('riot');
    expect(publisherOf('dota-2')).toBeNull();
  });
  it('counts a tournament in its start’s calendar year, in UTC', () => {
    expect(prizeYearOf(Date.UTC(2027, 11, 31, 23, 30))).toBe(2027);
    expect(prizeYearOf(Date.UTC(2028, 0, 1, 0, 0))).toBe(2028);
  });
  it('sums the year’s pools, the one being edited left out', () => {
    expect(prizeYearTotal({ a: 1040, b: 2160 })).toBe(3200);
    expect(prizeYearTotal({ a: 1040, b: 2160 }, 'b')).toBe(1040);
  });
  it('refuses a pool that takes the year past the cap, with the figures', () => {
    const settings = { yearlyPrizeCaps: { riot: 5000 } };
    expect(yearlyPrizeOverCap(settings, 'riot', 4000, 1000)).toBeNull();
    expect(yearlyPrizeOverCap(settings, 'riot', 4000, 1040)).toEqual({ cap: 5000, total: 4000, pool: 1040 });
    expect(yearlyPrizeOverCap({}, 'riot', 1e9, 1040)).toBeNull();
  });
});

describe('countedPool', () => {
  const tournament = { entryFee: 130, size: 8, prizePool: 520 };
  it('counts an open tournament full, a started one as paid in, a cancelled one not at all', () => {
    expect(countedPool({ ...tournament, state: 'OPEN' })).toBe(1040);
    expect(countedPool({ ...tournament, state: 'ONGOING' })).toBe(520);
    expect(countedPool({ ...tournament, state: 'FINISHED' })).toBe(520);
    expect(countedPool({ ...tournament, state: 'CANCELLED' })).toBe(0);
  });
});
