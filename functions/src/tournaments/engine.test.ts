import { describe, expect, it } from 'vitest';
import { TOURNAMENT_SIZES } from '@versus/domain/tournaments/tournament';
import { applyResult, buildBracket } from './engine';

/** The engine's brackets (DESIGN §9) for every size and entrant count from the minimum. */
const entrants = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `s${index + 1}` }));

describe('buildBracket', () => {
  it.each(
    TOURNAMENT_SIZES.flatMap((size) => [4, 5, 7, 8, 9, 16, 17, 31, 32].filter((n) => n <= size).map((n) => [size, n])),
  )(
    'size %i with %i entrants: every entrant placed once, byes advance, nothing unplayable is ready',
    async (size, count) => {
      const { matches } = await buildBracket(size, entrants(count));
      expect(matches).toHaveLength(size - 1);
      const round1 = matches.filter((match) => match.round === 1);
      const placed = round1.flatMap((match) => match.participants).filter((side) => side !== null);
      expect(placed.sort()).toEqual(
        entrants(count)
          .map((entrant) => entrant.id)
          .sort(),
      );
      for (const match of matches) {
        const sides = match.participants.filter((side) => side !== null).length;
        if (match.state === 'READY') expect(sides).toBe(2);
        if (match.state === 'BYE') expect(match.winner).toBe(match.participants.find((side) => side !== null));
        if (match.state === 'UNPLAYABLE') expect(sides).toBe(0);
      }
      // Something is playable at the start, and only pairs of real entrants are.
      expect(matches.some((match) => match.state === 'READY')).toBe(true);
    },
  );

  it('seeds inner_outer: 1 meets 8 and 2 meets 7 in a full 8', async () => {
    const { matches } = await buildBracket(8, entrants(8));
    const pairs = matches.filter((match) => match.round === 1).map((match) => match.participants.join('-'));
    expect(pairs).toEqual(['s1-s8', 's4-s5', 's2-s7', 's3-s6']);
  });

  it('4 entrants in 16: two rounds of byes and unplayable matches, then the semi-finals', async () => {
    const { matches } = await buildBracket(16, entrants(4));
    expect(matches.filter((match) => match.round === 1).map((match) => match.state)).toEqual(
      Array.from({ length: 8 }, (_, index) => (index % 2 === 0 ? 'BYE' : 'UNPLAYABLE')),
    );
    expect(matches.filter((match) => match.round === 2).every((match) => match.state === 'BYE')).toBe(true);
    expect(matches.filter((match) => match.round === 3).map((match) => match.participants.join('-'))).toEqual([
      's1-s4',
      's2-s3',
    ]);
  });
});

describe('applyResult', () => {
  it('advances the winner, allows a change while the next match has no result, then refuses it', async () => {
    const bracket = await buildBracket(8, entrants(8));
    const [m1, m2] = bracket.matches;
    let state = await applyResult(bracket.data, m1!.id, 's8');
    state = await applyResult(state.data, m2!.id, 's4');
    expect(state.matches.find((match) => match.round === 2 && match.number === 1)).toMatchObject({
      state: 'READY',
      participants: ['s8', 's4'],
    });
    state = await applyResult(state.data, m1!.id, 's1');
    const semi = state.matches.find((match) => match.round === 2 && match.number === 1)!;
    expect(semi.participants).toEqual(['s1', 's4']);
    state = await applyResult(state.data, semi.id, 's4');
    await expect(applyResult(state.data, m1!.id, 's8')).rejects.toThrow(/locked/i);
  });
});
