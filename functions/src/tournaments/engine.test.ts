import { describe, expect, it } from 'vitest';
import { TOURNAMENT_SIZES } from '@versus/domain/tournaments/tournament';
import { doubleEliminationPlaces } from '@versus/domain/tournaments/formats';
import { prizeAwards } from '@versus/domain/tournaments/play';
import { applyResult, buildBracket, type EngineMatchView } from './engine';

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

/** Plays a double-elimination bracket to the end through applyResult; `pick` names each winner. */
async function playDouble(
  size: number,
  count: number,
  grandFinalReset: boolean,
  pick: (participants: string[], match: { group?: string; round: number }) => string,
) {
  let state: { data: Record<string, unknown>; matches: EngineMatchView[] } = await buildBracket(size, entrants(count), {
    type: 'double',
    grandFinalReset,
  });
  const played: string[] = [];
  for (let step = 0; step < 4 * size; step += 1) {
    const ready = state.matches.find((match) => match.state === 'READY');
    if (!ready) break;
    const winner = pick(ready.participants as string[], ready);
    played.push(`${ready.group}:${ready.participants.join('-')}>${winner}`);
    state = await applyResult(state.data, ready.id, winner);
  }
  return { ...state, played };
}

const seedNumber = (id: string) => Number(id.slice(1));
const betterSeed = (sides: string[]) =>
  sides.reduce((best, side) => (seedNumber(side) < seedNumber(best) ? side : best));
const worseSeed = (sides: string[]) =>
  sides.reduce((worst, side) => (seedNumber(side) > seedNumber(worst) ? side : worst));

describe('double elimination', () => {
  it.each(
    [4, 8, 16, 32].flatMap((size) =>
      [3, 4, 5, 7, 8, 9, 13, 16, 17, 31, 32]
        .filter((n) => n <= size && n > size / 2)
        .flatMap((n): [number, number, boolean][] => [
          [size, n, true],
          [size, n, false],
        ]),
    ),
  )(
    'size %i with %i entrants (reset %s): byes drop through the losers bracket and the bracket plays to one champion',
    async (size, count, reset) => {
      for (const pick of [betterSeed, worseSeed]) {
        const end = await playDouble(size, count, reset, pick);
        // Nothing left to play or stuck: every match is decided, a bye, or unplayable.
        expect(end.matches.filter((match) => !['COMPLETED', 'BYE', 'UNPLAYABLE'].includes(match.state))).toEqual([]);
        // Nobody lost more than twice, and at most one player never lost.
        const losses = new Map<string, number>();
        for (const match of end.matches)
          if (match.state === 'COMPLETED')
            for (const side of match.participants)
              if (side && side !== match.winner) losses.set(side, (losses.get(side) ?? 0) + 1);
        const unbeaten = entrants(count).filter((entrant) => !losses.has(entrant.id));
        expect(unbeaten.length).toBeLessThanOrEqual(1);
        expect([...losses.values()].every((lost) => lost <= 2)).toBe(true);
        expect(end.matches.some((match) => match.group === 'LOSERS')).toBe(true);
      }
    },
  );

  it.each([
    [4, 4],
    [8, 8],
    [8, 5],
    [8, 4],
    [16, 11],
    [16, 9],
    [16, 5],
    [16, 4],
    [32, 17],
    [32, 5],
  ])(
    'size %i with %i entrants: each winners-bracket loser comes to the losers-bracket side its slot names (record 182)',
    async (size, count) => {
      const built = await buildBracket(size, entrants(count), { type: 'double', grandFinalReset: true });
      // Only the losers bracket names where its sides come from.
      expect(built.matches.filter((match) => match.losersOf && match.group !== 'LOSERS')).toEqual([]);
      const slots = built.matches.flatMap((match) =>
        (match.losersOf ?? []).flatMap((from, side) => (from ? [{ into: match.id, side, from }] : [])),
      );
      for (const pick of [betterSeed, worseSeed]) {
        const end = await playDouble(size, count, true, pick);
        const byId = new Map(end.matches.map((match) => [match.id, match]));
        // Every winners-bracket match played had a loser, named in the slot of a match played (past a
        // losers-bracket bye, which is not drawn, too).
        const played = end.matches.filter((match) => match.group === 'WINNERS' && match.state === 'COMPLETED');
        expect(played.length).toBeGreaterThan(0);
        for (const match of played)
          expect(slots.some((slot) => slot.from === match.id && byId.get(slot.into)!.state === 'COMPLETED')).toBe(true);
        // Each named slot held that match's loser (through a bye too).
        for (const { into, side, from } of slots) {
          const source = byId.get(from)!;
          const loser = source.participants.find((entrant) => entrant !== source.winner);
          expect(loser).toBeTruthy();
          expect(byId.get(into)!.participants[side]).toBe(loser);
        }
      }
    },
  );

  it('the grand final reset: played when the losers-bracket player wins the first final, skipped otherwise', async () => {
    const favourites = await playDouble(4, 4, true, betterSeed);
    const finals = favourites.matches.filter((match) => match.group === 'FINAL');
    expect(finals.map((match) => [match.round, match.state, match.winner])).toEqual([
      [1, 'COMPLETED', 's1'],
      [2, 'UNPLAYABLE', null],
    ]);
    // s1 wins the winners bracket, then loses the first final to the losers-bracket winner: a reset.
    const upset = await playDouble(4, 4, true, (sides, match) =>
      match.group === 'FINAL' && match.round === 1 ? sides.find((side) => side !== 's1')! : betterSeed(sides),
    );
    const upsetFinals = upset.matches.filter((match) => match.group === 'FINAL');
    expect(upsetFinals.map((match) => match.state)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(upset.played.filter((game) => game.startsWith('FINAL'))).toHaveLength(2);
  });

  it('without the reset one grand final decides; the losers bracket final loser is third', async () => {
    const end = await playDouble(8, 8, false, betterSeed);
    const finals = end.matches.filter((match) => match.group === 'FINAL');
    expect(finals).toHaveLength(1);
    expect(finals[0]).toMatchObject({ state: 'COMPLETED', winner: 's1', participants: ['s1', 's2'] });
    const losersFinal = end.matches
      .filter((match) => match.group === 'LOSERS')
      .reduce((last, match) => (match.round > last.round ? match : last));
    expect(losersFinal.participants.find((side) => side !== losersFinal.winner)).toBe('s3');
  });

  it('places: champion, grand-final loser, then by the losers-bracket round lost in; top-3 pays the losers final loser', async () => {
    const undecided = await buildBracket(8, entrants(8), { type: 'double', grandFinalReset: true });
    expect(doubleEliminationPlaces(undecided.matches)).toBeNull();
    const end = await playDouble(8, 8, true, betterSeed);
    const places = doubleEliminationPlaces(end.matches)!;
    expect(Object.fromEntries([...places].map(([entrant, { place, to }]) => [entrant, `${place}-${to}`]))).toEqual({
      s1: '1-1',
      s2: '2-2',
      s3: '3-3',
      s4: '4-4',
      s5: '5-6',
      s6: '5-6',
      s7: '7-8',
      s8: '7-8',
    });
    const ranking = [...places].map(([participant, { place }]) => ({ participant, rank: place }));
    ranking.sort((a, b) => a.rank - b.rank);
    expect(prizeAwards(800, 'top-3', ranking).awards).toEqual([
      { participant: 's1', amount: 360, place: 1 },
      { participant: 's2', amount: 216, place: 2 },
      { participant: 's3', amount: 144, place: 3 },
    ]);
    // With the reset played, the reset's winner is the champion.
    const reset = await playDouble(4, 4, true, (sides, match) =>
      match.group === 'FINAL' ? sides.find((side) => side !== 's1')! : betterSeed(sides),
    );
    expect(doubleEliminationPlaces(reset.matches)!.get('s2')).toEqual({ place: 1, to: 1 });
    expect(doubleEliminationPlaces(reset.matches)!.get('s1')).toEqual({ place: 2, to: 2 });
  });
});

describe('round robin', () => {
  it.each([
    [4, [[1, 2, 3, 4]]],
    [5, [[1, 2, 3, 4, 5]]],
    [
      9,
      [
        [1, 4, 5, 8, 9],
        [2, 3, 6, 7],
      ],
    ],
  ])('%i entrants: our snake groups, every pair once, all ready at the start', async (count, groups) => {
    const { matches } = await buildBracket(8, entrants(count), { type: 'round_robin' });
    const pools = [...new Set(matches.map((match) => match.pool))];
    expect(pools).toEqual(groups.map((_, index) => index + 1));
    for (const [index, members] of groups.entries()) {
      const own = matches.filter((match) => match.pool === index + 1);
      expect(own).toHaveLength((members.length * (members.length - 1)) / 2);
      expect(new Set(own.flatMap((match) => match.participants))).toEqual(new Set(members.map((n) => `s${n}`)));
      expect(new Set(own.map((match) => [...match.participants].sort().join('-'))).size).toBe(own.length);
    }
    expect(matches.every((match) => match.state === 'READY')).toBe(true);
  });

  it('a result decides its match only; it can be changed', async () => {
    const bracket = await buildBracket(8, entrants(4), { type: 'round_robin' });
    const first = bracket.matches[0]!;
    let state = await applyResult(bracket.data, first.id, first.participants[1]!);
    expect(state.matches.filter((match) => match.state === 'COMPLETED').map((match) => match.id)).toEqual([first.id]);
    state = await applyResult(state.data, first.id, first.participants[0]!);
    expect(state.matches.find((match) => match.id === first.id)).toMatchObject({
      state: 'COMPLETED',
      winner: first.participants[0],
    });
  });
});
