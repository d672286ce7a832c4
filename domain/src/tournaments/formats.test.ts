import { describe, expect, it } from 'vitest';
import {
  roundRobinGroupCount,
  roundRobinGroups,
  roundRobinPlaces,
  roundRobinRounds,
  roundRobinStandings,
  seriesWinner,
  structurePreview,
  swissDefaultRounds,
  swissMaxRounds,
  swissPairings,
  swissNext,
  swissPlaces,
  swissRoundMatches,
  swissStandings,
  matchBestOf,
  type FormatResult,
} from './formats';
import { prizeAwards } from './play';

const players = (count: number) => Array.from({ length: count }, (_, index) => `p${index + 1}`);
const win = (a: string, b: string, games?: [number, number]): FormatResult => ({ a, b, winner: a, games });
const bye = (a: string): FormatResult => ({ a, b: null, winner: a });

/** Plays a Swiss event where the better seed always wins; checks every round's invariants. */
function playSwiss(count: number, rounds: number, winner: (a: string, b: string) => string) {
  const seeds = players(count);
  const results: FormatResult[] = [];
  const byes: string[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const next = swissPairings(seeds, results);
    expect(next, `round ${round + 1} of ${count}`).not.toBeNull();
    const seen = next!.pairs.flat();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length + (next!.bye ? 1 : 0)).toBe(count);
    for (const [a, b] of next!.pairs) {
      expect(results.some((r) => (r.a === a && r.b === b) || (r.a === b && r.b === a))).toBe(false);
      results.push({ a, b, winner: winner(a, b) });
    }
    if (next!.bye) {
      expect(byes).not.toContain(next!.bye);
      byes.push(next!.bye);
      results.push(bye(next!.bye));
    }
  }
  return { seeds, results, byes };
}

const better = (a: string, b: string) => (Number(a.slice(1)) < Number(b.slice(1)) ? a : b);

describe('Swiss pairings', () => {
  it('round 1 pairs the top half against the bottom half (FIDE Dutch: 1–5, 2–6, 3–7, 4–8)', () => {
    expect(swissPairings(players(8), [])).toEqual({
      pairs: [
        ['p1', 'p5'],
        ['p2', 'p6'],
        ['p3', 'p7'],
        ['p4', 'p8'],
      ],
      bye: null,
    });
  });

  it('round 2 pairs inside score groups: winners 1–3, 2–4 and losers 5–7, 6–8', () => {
    const round1 = [win('p1', 'p5'), win('p2', 'p6'), win('p3', 'p7'), win('p4', 'p8')];
    expect(swissPairings(players(8), round1)?.pairs).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
      ['p5', 'p7'],
      ['p6', 'p8'],
    ]);
  });

  it('an upset moves players between groups, and a rematch is avoided by exchanging within the group', () => {
    // Round 1: p5 beat p1. Winners: p2, p3, p4, p5 (by seed); losers p1, p6, p7, p8.
    const round1 = [win('p5', 'p1'), win('p2', 'p6'), win('p3', 'p7'), win('p4', 'p8')];
    expect(swissPairings(players(8), round1)?.pairs).toEqual([
      ['p2', 'p4'],
      ['p3', 'p5'],
      ['p1', 'p7'],
      ['p6', 'p8'],
    ]);
    // Rematch in the way: in the 1-point group (p2, p4, p5, p7) p2's first choice, p5, already met
    // p2, so p2 takes the next of the bottom half and the rest follow.
    const twoRounds = [
      ...[win('p1', 'p6'), win('p2', 'p5'), win('p3', 'p8'), win('p4', 'p7')],
      ...[win('p1', 'p2'), win('p3', 'p4'), win('p5', 'p6'), win('p7', 'p8')],
    ];
    expect(swissPairings(players(8), twoRounds)?.pairs).toEqual([
      ['p1', 'p3'],
      ['p2', 'p7'],
      ['p4', 'p5'],
      ['p6', 'p8'],
    ]);
  });

  it('an odd count: the bye goes to the lowest-ranked player without one, never twice', () => {
    const first = swissPairings(players(5), []);
    expect(first?.bye).toBe('p5');
    expect(first?.pairs).toEqual([
      ['p1', 'p3'],
      ['p2', 'p4'],
    ]);
    // p5 had the bye (a win): the lowest-ranked without one now is p4 or p3 (the losers, by seed).
    const second = swissPairings(players(5), [win('p1', 'p3'), win('p2', 'p4'), bye('p5')]);
    expect(second?.bye).toBe('p4');
  });

  it.each([
    [4, 2],
    [5, 3],
    [7, 3],
    [8, 3],
    [9, 4],
    [13, 4],
    [16, 4],
    [31, 5],
    [32, 5],
  ])('%i players play the default %i rounds with no rematch and at most one bye each', (count, rounds) => {
    expect(swissDefaultRounds(count)).toBe(rounds);
    playSwiss(count, rounds, better);
    playSwiss(count, rounds, (a, b) => ((a.length + b.length) % 2 === 0 ? a : b));
  });

  it('pairs every round up to the most a host may choose, whatever the results (10 seeded events per size)', () => {
    // mulberry32: a small seeded generator, so every run plays the same events.
    let state = 2026;
    const random = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    for (let count = 4; count <= 32; count += 1)
      for (let event = 0; event < 10; event += 1)
        playSwiss(count, swissMaxRounds(count), (a, b) => (random() < 0.5 ? a : b));
    expect([4, 6, 8, 16, 32].map(swissMaxRounds)).toEqual([2, 3, 4, 6, 7]);
  });

  it('runs to n − 1 rounds (everyone met everyone) for 8, and answers null when no pairing is left', () => {
    const { seeds, results } = playSwiss(8, 7, better);
    expect(swissPairings(seeds, results)).toBeNull();
  });
});

describe('Swiss standings', () => {
  it('score, then Buchholz, then the median; equal on all three share a rank', () => {
    // 4 players, 2 rounds: p1 beats p3 and p2; p2 beats p4; p3 beats p4... p4 lost both.
    const results = [win('p1', 'p3'), win('p2', 'p4'), win('p1', 'p2'), win('p3', 'p4')];
    const rows = swissStandings(players(4), results);
    expect(rows.map((row) => [row.participant, row.score, row.buchholz, row.rank])).toEqual([
      ['p1', 2, 2, 1],
      // p2 and p3 both 1 point; p2 met p4 (0) and p1 (2) = 2; p3 met p1 (2) and p4 (0) = 2: shared.
      ['p2', 1, 2, 2],
      ['p3', 1, 2, 2],
      ['p4', 0, 2, 4],
    ]);
  });

  it('Buchholz breaks a tie, and the median (best and worst opponent left out) breaks the next', () => {
    const seeds = players(6);
    const results = [
      win('p1', 'p4'),
      win('p2', 'p5'),
      win('p3', 'p6'),
      win('p1', 'p2'),
      win('p3', 'p4'),
      win('p5', 'p6'),
      win('p2', 'p3'),
      win('p4', 'p5'),
      win('p6', 'p1'),
    ];
    const rows = swissStandings(seeds, results);
    const row = (id: string) => rows.find((item) => item.participant === id)!;
    // p1, p2 on 2 points: p1 met p4 (1), p2 (2), p6 (1) = 4; p2 met p5 (1), p1 (2), p3 (2) = 5.
    expect([row('p1').buchholz, row('p2').buchholz]).toEqual([4, 5]);
    expect(rows.findIndex((item) => item.participant === 'p2')).toBeLessThan(
      rows.findIndex((item) => item.participant === 'p1'),
    );
    expect(row('p2').median).toBe(2);
    expect(row('p1').median).toBe(1);
  });

  it('a bye scores a win and adds nothing to Buchholz', () => {
    const rows = swissStandings(players(3), [win('p1', 'p2'), bye('p3')]);
    expect(rows.map((row) => [row.participant, row.score, row.buchholz])).toEqual([
      ['p1', 1, 0],
      ['p3', 1, 0],
      ['p2', 0, 1],
    ]);
  });

  it('pays by the standings with ties shared exactly (DESIGN §5: the pool to the coin)', () => {
    const rows = swissStandings(players(4), [win('p1', 'p3'), win('p2', 'p4'), win('p1', 'p2'), win('p3', 'p4')]);
    const { host, awards } = prizeAwards(1000, 'top-3', rows);
    // 900 after the host: 50/30/20 = 450, 270, 180; p2 and p3 share places 2–3: 225 each.
    expect(host).toBe(100);
    expect(awards).toEqual([
      { participant: 'p1', amount: 450, place: 1 },
      { participant: 'p2', amount: 225, place: 2 },
      { participant: 'p3', amount: 225, place: 2 },
    ]);
  });
});

describe('round robin', () => {
  it.each([3, 4, 5, 6, 7, 8])('%i entrants: everyone meets everyone exactly once, once a round', (count) => {
    const group = players(count);
    const rounds = roundRobinRounds(group);
    expect(rounds).toHaveLength(count % 2 === 0 ? count - 1 : count);
    const games = rounds.flat().map(([a, b]) => [a, b].sort().join('-'));
    expect(new Set(games).size).toBe((count * (count - 1)) / 2);
    expect(games).toHaveLength((count * (count - 1)) / 2);
    for (const round of rounds) expect(new Set(round.flat()).size).toBe(round.length * 2);
  });

  it.each([
    [8, 1, [8]],
    [9, 2, [5, 4]],
    [16, 2, [8, 8]],
    [17, 3, [5, 6, 6]],
    [32, 4, [8, 8, 8, 8]],
  ])('%i entrants make %i groups of 3–8, dealt like a snake', (count, groups, sizes) => {
    expect(roundRobinGroupCount(count)).toBe(groups);
    const dealt = roundRobinGroups(players(count));
    expect(dealt.map((group) => group.length)).toEqual(sizes);
    if (groups > 1) {
      // Seeds 1 and 2 are apart; the last group gets the first group's second-round partner.
      expect(dealt[0]![0]).toBe('p1');
      expect(dealt[1]![0]).toBe('p2');
      expect(dealt[groups - 1]![1]).toBe(`p${groups + 1}`);
    }
  });

  it('standings: wins first', () => {
    const rows = roundRobinStandings(players(3), [win('p2', 'p1'), win('p2', 'p3'), win('p1', 'p3')]);
    expect(rows.map((row) => [row.participant, row.wins, row.rank])).toEqual([
      ['p2', 2, 1],
      ['p1', 1, 2],
      ['p3', 0, 3],
    ]);
  });

  it('standings: equal wins go by the game between the tied, before game difference', () => {
    // p1 and p2 on 2 wins; p2 beat p1 though p1 has the better game difference.
    const results = [
      win('p2', 'p1', [2, 1]),
      win('p1', 'p3', [2, 0]),
      win('p1', 'p4', [2, 0]),
      win('p2', 'p3', [2, 1]),
      win('p4', 'p2', [2, 1]),
      win('p3', 'p4', [2, 1]),
    ];
    const rows = roundRobinStandings(players(4), results);
    expect(rows.slice(0, 2).map((row) => [row.participant, row.wins, row.difference])).toEqual([
      ['p2', 2, 1],
      ['p1', 2, 3],
    ]);
  });

  it('standings: a three-way tie the games between them cannot split goes by game difference, then shares', () => {
    // p1 > p2 > p3 > p1, all 2–1 except p1's 2–0 over p2; everyone beat p4 2–0.
    const results = [
      win('p1', 'p2', [2, 0]),
      win('p2', 'p3', [2, 1]),
      win('p3', 'p1', [2, 1]),
      win('p1', 'p4', [2, 0]),
      win('p2', 'p4', [2, 0]),
      win('p3', 'p4', [2, 0]),
    ];
    const rows = roundRobinStandings(players(4), results);
    expect(rows.map((row) => [row.participant, row.difference, row.rank])).toEqual([
      ['p1', 3, 1],
      ['p3', 2, 2],
      ['p2', 1, 3],
      ['p4', -6, 4],
    ]);
    // Nothing separates p2 and p3 here: both share second and are listed by seed.
    const level = [
      win('p1', 'p2'),
      win('p1', 'p3'),
      win('p2', 'p4'),
      win('p3', 'p4'),
      win('p1', 'p4'),
      win('p2', 'p3'),
    ];
    const shared = roundRobinStandings(players(4), [...level.slice(0, 5), { a: 'p2', b: 'p3', winner: null }]);
    expect(shared.map((row) => [row.participant, row.rank])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p3', 2],
      ['p4', 4],
    ]);
  });
});

describe('series', () => {
  it.each([
    [[1, 0], 1, 0],
    [[0, 1], 1, 1],
    [[2, 1], 3, 0],
    [[0, 2], 3, 1],
    [[3, 2], 5, 0],
    [[1, 3], 5, 1],
    [[1, 1], 3, null],
    [[2, 2], 3, null],
    [[3, 0], 3, null],
    [[2, 1], 5, null],
    [[1, 0], 3, null],
    [[-1, 2], 3, null],
    [[1.5, 2], 3, null],
  ] as const)('%j in a best of %i: winner side %s', (score, bestOf, winner) => {
    expect(seriesWinner(score, bestOf)).toBe(winner);
  });
});

describe('the wizard preview', () => {
  it.each([
    ['ELIMINATION', 8, true, 3, 7],
    ['ELIMINATION', 32, true, 5, 31],
    ['DOUBLE_ELIMINATION', 8, true, 7, 15],
    ['DOUBLE_ELIMINATION', 8, false, 6, 14],
    ['DOUBLE_ELIMINATION', 32, true, 11, 63],
    ['ROUND_ROBIN', 8, true, 7, 28],
    ['ROUND_ROBIN', 16, true, 7, 56],
    ['ROUND_ROBIN', 32, true, 7, 112],
    ['SWISS', 8, true, 3, 12],
    ['SWISS', 32, true, 5, 80],
    ['POINTS', 16, true, 5, 0],
  ] as const)(
    '%s of %i (reset %s): %i rounds one after another, %i matches at most',
    (bracket, size, reset, rounds, matches) => {
      expect(structurePreview(bracket, size, reset)).toEqual({ rounds, matches, estimateMs: rounds * 45 * 60_000 });
    },
  );

  it("counts a round's series and check-in in the time, the final's own series too", () => {
    const hours = (pace: Parameters<typeof structurePreview>[4]) =>
      structurePreview('ELIMINATION', 8, true, null, pace).estimateMs / 3_600_000;
    // Three rounds of best of 1: 45 minutes each.
    expect(hours({})).toBe(2.25);
    // Best of 3 (about 2.5 games of 30 minutes) with a best of 5 final (about 4) and 10 minutes to check in.
    expect(hours({ bestOf: 3, finalBestOf: 5, checkInMinutes: 10 })).toBe((2 * (15 + 75 + 10) + (15 + 120 + 10)) / 60);
    // Double elimination's grand final and reset both play the final's series.
    const double = structurePreview('DOUBLE_ELIMINATION', 8, true, null, { bestOf: 1, finalBestOf: 3 });
    expect(double.estimateMs).toBe((double.rounds - 2) * 45 * 60_000 + 2 * 90 * 60_000);
  });
});

describe('a round robin as played', () => {
  type M = { pool?: number; state: 'COMPLETED' | 'READY'; winner: string | null; participants: string[] };
  const played = (pool: number, a: string, b: string, winner: string | null = a): M => ({
    pool,
    state: winner ? 'COMPLETED' : 'READY',
    winner,
    participants: [a, b],
  });

  it('one group: its table decides, live while played and decided at the last match', () => {
    const matches = [
      played(1, 'p1', 'p2'),
      played(1, 'p1', 'p3'),
      played(1, 'p2', 'p3'),
      played(1, 'p3', 'p4'),
      played(1, 'p4', 'p1'),
      played(1, 'p2', 'p4', null),
    ];
    const live = roundRobinPlaces(matches, players(4));
    expect(live.decided).toBe(false);
    expect(live.places.get('p1')).toEqual({ place: 1, to: 1 });
    const done = roundRobinPlaces([...matches.slice(0, 5), played(1, 'p2', 'p4')], players(4));
    expect(done.decided).toBe(true);
    // p1 and p2 both 2 wins: p1 beat p2 (head to head). p3 and p4 1 win: p3 beat p4.
    expect(Object.fromEntries([...done.places].map(([id, { place }]) => [id, place]))).toEqual({
      p1: 1,
      p2: 2,
      p3: 3,
      p4: 4,
    });
  });

  it('groups of unequal size merge by the share of matches won, not raw wins', () => {
    // Group 1 of three: p1 wins both. Group 2 of four: p2, p4 and p6 win two of three each.
    const matches = [
      played(1, 'p1', 'p3'),
      played(1, 'p1', 'p5'),
      played(1, 'p3', 'p5'),
      played(2, 'p2', 'p4'),
      played(2, 'p6', 'p2'),
      played(2, 'p2', 'p7'),
      played(2, 'p4', 'p6'),
      played(2, 'p4', 'p7'),
      played(2, 'p6', 'p7'),
    ];
    const { places } = roundRobinPlaces(matches, players(7));
    // p1: 2 of 2 (100 %) alone at the top; raw wins (2 each) would have tied four players.
    expect(places.get('p1')).toEqual({ place: 1, to: 1 });
    expect(places.get('p2')).toEqual({ place: 2, to: 4 });
  });

  it('several groups merge by wins, then game difference; equal on both share the place', () => {
    const matches = [
      played(1, 'p1', 'p3'),
      played(1, 'p1', 'p5'),
      played(1, 'p3', 'p5'),
      played(2, 'p2', 'p4'),
      played(2, 'p2', 'p6'),
      played(2, 'p4', 'p6'),
    ];
    const { places, decided } = roundRobinPlaces(matches, players(6));
    expect(decided).toBe(true);
    expect(Object.fromEntries([...places].map(([id, { place, to }]) => [id, `${place}-${to}`]))).toEqual({
      p1: '1-2',
      p2: '1-2',
      p3: '3-4',
      p4: '3-4',
      p5: '5-6',
      p6: '5-6',
    });
    // The pool shared to the coin: 1000 with top-3 → 900 after the host; places 1–2 share 450 + 270.
    const ranking = [...places].map(([participant, { place }]) => ({ participant, rank: place }));
    expect(prizeAwards(1000, 'top-3', ranking).awards).toEqual([
      { participant: 'p1', amount: 360, place: 1 },
      { participant: 'p2', amount: 360, place: 1 },
      { participant: 'p3', amount: 90, place: 3 },
      { participant: 'p4', amount: 90, place: 3 },
    ]);
  });
});

describe('a Swiss as played', () => {
  type M = Parameters<typeof swissNext>[0][number];
  const seeds = players(5);
  const asPlayed = (round: number, pairs: [string, string][], bye: string | null, decided = true): M[] =>
    swissRoundMatches(round, { pairs, bye }, 0, 1).map((match) =>
      match.state === 'READY' && decided
        ? { ...match, state: 'COMPLETED' as const, winner: better(match.participants[0]!, match.participants[1]!) }
        : match,
    );

  it('starts with round 1 and pairs the next round only when every match of the last one is decided', () => {
    const first = swissNext([], seeds, 3);
    expect(first).toEqual({
      kind: 'round',
      round: 1,
      pairing: {
        pairs: [
          ['p1', 'p3'],
          ['p2', 'p4'],
        ],
        bye: 'p5',
      },
    });
    const open = asPlayed(
      1,
      [
        ['p1', 'p3'],
        ['p2', 'p4'],
      ],
      'p5',
      false,
    );
    expect(swissNext(open, seeds, 3)).toEqual({ kind: 'wait' });
    const round1 = asPlayed(
      1,
      [
        ['p1', 'p3'],
        ['p2', 'p4'],
      ],
      'p5',
    );
    // Winners p1, p2 and the bye's p5 on 1: p1–p2, and p5 floats down to meet p3; p4 is the
    // lowest without a bye.
    expect(swissNext(round1, seeds, 3)).toEqual({
      kind: 'round',
      round: 2,
      pairing: {
        pairs: [
          ['p1', 'p2'],
          ['p5', 'p3'],
        ],
        bye: 'p4',
      },
    });
    expect(swissNext(round1, seeds, 1)).toEqual({ kind: 'finished' });
  });

  it('places by the table; a bye is a win; equal on score, Buchholz and median share', () => {
    const round1 = asPlayed(
      1,
      [
        ['p1', 'p3'],
        ['p2', 'p4'],
      ],
      'p5',
    );
    const places = swissPlaces(round1, seeds);
    // p1, p2, p5 on 1 point: p1 and p2 beat a 0-point player (Buchholz 0) like p5's bye: all share 1–3.
    expect(places.get('p1')).toEqual({ place: 1, to: 3 });
    expect(places.get('p5')).toEqual({ place: 1, to: 3 });
    expect(places.get('p3')).toEqual({ place: 4, to: 5 });
  });

  it('the final of a bracket is played over finalBestOf; Swiss and round robin have none', () => {
    const settings = { bestOf: 3 as const, finalBestOf: 5 as const };
    expect(matchBestOf({ bracket: 'ELIMINATION', ...settings }, { round: 3 }, 3)).toBe(5);
    expect(matchBestOf({ bracket: 'ELIMINATION', ...settings }, { round: 2 }, 3)).toBe(3);
    expect(matchBestOf({ bracket: 'DOUBLE_ELIMINATION', ...settings }, { round: 2, group: 'FINAL' }, 5)).toBe(5);
    expect(matchBestOf({ bracket: 'DOUBLE_ELIMINATION', ...settings }, { round: 5, group: 'LOSERS' }, 5)).toBe(3);
    expect(matchBestOf({ bracket: 'SWISS', ...settings }, { round: 3 }, 3)).toBe(3);
    expect(matchBestOf({ bracket: 'ELIMINATION' }, { round: 3 }, 3)).toBe(1);
  });
});
