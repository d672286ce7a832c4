import { describe, expect, it } from 'vitest';
import { prizeOverCap } from './prize-caps';

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
