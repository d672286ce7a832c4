/**
 * The formats beyond single elimination and points (issue #21, DESIGN §10) as pure rules: Swiss
 * pairings and standings, round-robin schedules, groups and standings, and best-of series. The
 * server stores each round's matches and results; these functions decide who meets whom and who
 * ranks where, from those results alone.
 *
 * Swiss is our own code, not `tournament-pairings` (GPL-3.0, which a closed platform cannot ship).
 */
import {
  POINTS_MAX_ROUNDS,
  eliminationPlaces,
  finalOf,
  isDoubleForfeit,
  sharedPlaceTo,
  type BothAbsent,
  type TournamentMatch,
} from './play';
import { HOUR_MS, MINUTE_MS } from '../platform/constants';
import { eliminates, playsMatches, type BestOf, type Bracket, type MatchBracket, type Tournament } from './tournament';
import { decidedResults, shareRanks, tallies, type FormatResult, type RankedRow } from './standings';
import { roundRobinGroups, roundRobinPlaces } from './round-robin';

// Round robin and the tables' building blocks have files of their own; importers keep this one.
export * from './round-robin';
export type { FormatResult, RankedRow } from './standings';

/** The default number of Swiss rounds: ⌈log2 n⌉, so one unbeaten player is left (2 at least). */
export const swissDefaultRounds = (entrants: number): number =>
  Math.max(2, Math.ceil(Math.log2(Math.max(2, entrants))));

/**
 * The most rounds a host may choose: ⌈log2 n⌉ + 2, and no more than half the entrants (rounded up).
 * Up to half, a pairing without rematches always exists whatever happened before (each player has
 * met fewer than half the others, so the games not yet played form a graph with a Hamiltonian
 * cycle, by Dirac's theorem, and so a perfect matching); beyond it, earlier pairings can leave
 * none (6 players after 3 rounds: two triangles of games not yet played).
 */
export const swissMaxRounds = (entrants: number): number =>
  Math.max(
    swissDefaultRounds(entrants),
    Math.min(Math.ceil(Math.log2(Math.max(2, entrants))) + 2, Math.ceil(entrants / 2)),
  );

export interface SwissRow extends RankedRow {
  /** 1 per win (a bye counts as a win), ½ per draw. */
  score: number;
  /** Sum of the opponents' scores (a bye adds nothing). */
  buchholz: number;
  /** Buchholz without the best and the worst opponent (with three opponents or more). */
  median: number;
  wins: number;
  losses: number;
  byes: number;
}

/**
 * Swiss standings: score, then Buchholz, then the median (Buchholz without the best and the worst
 * opponent). Entrants equal on all three share a rank and are listed by seed (their order in
 * `seeds`).
 */
export function swissStandings(seeds: string[], results: FormatResult[]): SwissRow[] {
  const table = tallies(seeds, results);
  const rows = seeds.map((participant) => {
    const own = table.get(participant)!;
    const scores = own.opponents.map((opponent) => table.get(opponent)!.score).sort((x, y) => x - y);
    const buchholz = scores.reduce((sum, value) => sum + value, 0);
    const median = scores.length >= 3 ? buchholz - scores[0]! - scores[scores.length - 1]! : buchholz;
    return { participant, score: own.score, buchholz, median, wins: own.wins, losses: own.losses, byes: own.byes };
  });
  const seedIndex = new Map(seeds.map((id, index) => [id, index]));
  rows.sort(
    (x, y) =>
      y.score - x.score ||
      y.buchholz - x.buchholz ||
      y.median - x.median ||
      seedIndex.get(x.participant)! - seedIndex.get(y.participant)!,
  );
  const ranks = shareRanks(rows, (x, y) => x.score === y.score && x.buchholz === y.buchholz && x.median === y.median);
  return rows.map((row, index) => ({ ...row, rank: ranks[index]! }));
}

export interface SwissRound {
  /** [higher-placed, lower-placed] entrant of each match, best score group first. */
  pairs: [string, string][];
  /** Who sits out with a win, when the count is odd. */
  bye: string | null;
}

/**
 * The next Swiss round (issue #21): players on equal scores meet, no pair meets twice, and with an
 * odd count the bye goes to the lowest-ranked player who has not had one.
 *
 * Ranking for the pairing is score, then seed (not the tiebreaks: they mean little mid-event, and
 * the FIDE Dutch system pairs the same way). Inside each score group the top half meets the
 * bottom half in order (1 v 1+n/2, 2 v 2+n/2, …); a group of odd size, or one where that would
 * repeat a game, sends its lowest player(s) down to the next group, and pairs are exchanged as
 * little as possible. The search is exhaustive (backtracking), so it finds a pairing without
 * rematches whenever one exists; with none it returns null (more rounds than the entrants allow).
 */
export function swissPairings(seeds: string[], results: FormatResult[]): SwissRound | null {
  const table = tallies(seeds, results);
  const seedIndex = new Map(seeds.map((id, index) => [id, index]));
  const ranked = [...seeds].sort(
    (x, y) => table.get(y)!.score - table.get(x)!.score || seedIndex.get(x)! - seedIndex.get(y)!,
  );
  const met = new Set<string>();
  for (const result of results) if (result.b !== null) met.add(key(result.a, result.b)).add(key(result.b, result.a));

  const byeCandidates =
    ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter((id) => table.get(id)!.byes === 0);
  for (const bye of byeCandidates) {
    const players = ranked.filter((id) => id !== bye);
    const pairs = pairDown(players, (id) => table.get(id)!.score, met);
    if (pairs) return { pairs, bye };
  }
  return null;
}

const key = (a: string, b: string) => `${a}\u0000${b}`;

/**
 * Pairs `players` (ranked best first) group by group: the top score group's preferred pairs first,
 * floating players down when a group cannot be paired within itself.
 */
function pairDown(players: string[], score: (id: string) => number, met: Set<string>): [string, string][] | null {
  if (players.length === 0) return [];
  const first = players[0]!;
  // The score group of the first player (with any floaters already in front of it).
  const groupEnd = players.findIndex((id) => score(id) < score(first));
  const group = groupEnd === -1 ? players : players.slice(0, groupEnd);
  // Dutch order: the first player's preferred opponent is the top of the bottom half of its group.
  const half = Math.floor(group.length / 2);
  const inGroup = group.slice(1);
  const preferred = half > 0 ? [...inGroup.slice(half - 1), ...inGroup.slice(0, half - 1).reverse()] : inGroup;
  const below = players.slice(group.length);
  for (const opponent of [...preferred, ...below]) {
    if (met.has(key(first, opponent))) continue;
    const rest = players.filter((id) => id !== first && id !== opponent);
    const tail = pairDown(rest, score, met);
    if (tail) return [[first, opponent], ...tail];
  }
  return null;
}

// Round robin -------------------------------------------------------------------------------------

// Series ------------------------------------------------------------------------------------------

// The series rules live with the match transitions (./play), which check every reported score.
export { gamesToWin, seriesWinner, isSeriesScore } from './play';
export { BEST_OF, type BestOf } from './tournament';

// Double elimination ------------------------------------------------------------------------------

type PlacedMatch = Pick<TournamentMatch, 'group' | 'round' | 'state' | 'winner' | 'participants'> &
  Partial<Pick<TournamentMatch, 'forfeited'>>;

/**
 * Every entrant's place in a decided double-elimination bracket: the grand final's winner 1 (the
 * reset's when it was played), its loser 2, then by the losers-bracket round lost in, latest
 * first: the losers-bracket final's loser 3 (DESIGN §5 top-3), the round before's 4, and so on;
 * the losers of one round share their places (two losers: 5–6). Null until the final is decided.
 */
export function doubleEliminationPlaces(matches: PlacedMatch[]): Map<string, { place: number; to: number }> | null {
  const finals = matches.filter((match) => match.group === 'FINAL').sort((a, b) => a.round - b.round);
  const decisive = [...finals].reverse().find((match) => match.state === 'COMPLETED' && match.winner);
  if (!decisive?.winner || finals.some((match) => match.state !== 'COMPLETED' && match.state !== 'UNPLAYABLE'))
    return null;
  const places = new Map<string, { place: number; to: number }>();
  places.set(decisive.winner, { place: 1, to: 1 });
  const runnerUp = decisive.participants.find((side) => side !== null && side !== decisive.winner);
  if (runnerUp) places.set(runnerUp, { place: 2, to: 2 });
  // Out in the losers bracket, or both out of the winners bracket by a double forfeit (issue #60):
  // those last, by the round they left in.
  const out = (match: PlacedMatch) => match.state === 'COMPLETED' && (match.winner || isDoubleForfeit(match));
  const losers = matches.filter((match) => match.group === 'LOSERS' && out(match));
  const forfeitedEarly = matches.filter((match) => match.group === 'WINNERS' && out(match) && !match.winner);
  let next = 3;
  for (const list of [losers, forfeitedEarly])
    for (const round of [...new Set(list.map((match) => match.round))].sort((a, b) => b - a)) {
      const leaving = list
        .filter((match) => match.round === round)
        .flatMap((match) =>
          match.participants.filter((side): side is string => side !== null && side !== match.winner),
        );
      for (const entrant of leaving) places.set(entrant, { place: next, to: next + leaving.length - 1 });
      next += leaving.length;
    }
  return places;
}

// Swiss as played ---------------------------------------------------------------------------------

type SwissMatch = Pick<TournamentMatch, 'round' | 'state' | 'winner' | 'participants' | 'score'> &
  Partial<Pick<TournamentMatch, 'forfeited'>>;

/** The Swiss table from the matches so far (byes count as wins). */
export const swissTable = (matches: SwissMatch[], seeds: string[]): SwissRow[] =>
  swissStandings(seeds, decidedResults(matches));

/** The round being played (the highest created), and whether every one of its matches is decided. */
export function swissProgress(matches: SwissMatch[]): { round: number; complete: boolean } {
  const round = Math.max(0, ...matches.map((match) => match.round));
  const current = matches.filter((match) => match.round === round);
  return { round, complete: current.every((match) => match.state === 'COMPLETED' || match.state === 'BYE') };
}

/**
 * What comes after a decided match in a Swiss of `rounds` rounds: nothing while its round is still
 * being played; the next round's pairing once the last match of the round is decided (issue #21:
 * a round starts when the previous one is decided); `finished` after the last round.
 */
export function swissNext(
  matches: SwissMatch[],
  seeds: string[],
  rounds: number,
): { kind: 'wait' } | { kind: 'finished' } | { kind: 'round'; round: number; pairing: SwissRound } {
  const progress = swissProgress(matches);
  if (!progress.complete) return { kind: 'wait' };
  if (progress.round >= rounds) return { kind: 'finished' };
  const pairing = swissPairings(seeds, decidedResults(matches));
  // swissMaxRounds keeps a pairing possible (Dirac); with none left, the standings stand.
  return pairing ? { kind: 'round', round: progress.round + 1, pairing } : { kind: 'finished' };
}

/** Swiss places by the table (score, Buchholz, median); entrants equal on all three share them. */
export function swissPlaces(matches: SwissMatch[], seeds: string[]): Map<string, { place: number; to: number }> {
  const rows = swissTable(matches, seeds);
  return new Map(
    rows.map((row) => [
      row.participant,
      { place: row.rank, to: row.rank + rows.filter((other) => other.rank === row.rank).length - 1 },
    ]),
  );
}

/**
 * The places of a decided bracket played as matches, or null while it is still in play: single
 * elimination once its final has a winner, double once the decisive grand final has, a round robin
 * once every match is decided, a Swiss once its last round is (`swissRounds`).
 */
export function matchesOutcome(
  bracket: MatchBracket,
  matches: TournamentMatch[],
  seeds: string[],
  swissRounds = 0,
): Map<string, { place: number; to: number }> | null {
  if (bracket === 'SWISS')
    return swissNext(matches, seeds, swissRounds).kind === 'finished' ? swissPlaces(matches, seeds) : null;
  if (bracket === 'DOUBLE_ELIMINATION') return doubleEliminationPlaces(matches);
  if (bracket === 'ROUND_ROBIN') {
    const { places, decided } = roundRobinPlaces(matches, seeds);
    return decided ? places : null;
  }
  return finalOf(matches)?.winner ? eliminationPlaces(matches) : null;
}

/**
 * A finished bracket's own place ranges (a quarter-final's losers 5th–8th), read from its matches;
 * null for a points table, or matches not at hand. What finishedPlace takes for a shared place.
 */
export const finishedRanges = (
  tournament: Pick<Tournament, 'bracket' | 'seeds' | 'swissRounds'>,
  matches: TournamentMatch[] | undefined,
): ReadonlyMap<string, { to: number }> | null =>
  matches && playsMatches(tournament.bracket)
    ? matchesOutcome(tournament.bracket, matches, tournament.seeds ?? [], tournament.swissRounds ?? 0)
    : null;

/**
 * The places a finished tournament's entrant covers, as its finish told them (sharedPlaceTo): a
 * shared place to the end of the bracket's own range (`ranges`, finishedRanges), or without one to
 * the last of the tie. Null for an entrant not placed.
 */
export function finishedPlace(
  tournament: Pick<Tournament, 'placings'>,
  ranges: ReadonlyMap<string, { to: number }> | null,
  entrant: string,
): { place: number; to: number } | null {
  const place = tournament.placings?.[entrant];
  if (!place) return null;
  const tied = Object.values(tournament.placings ?? {}).filter((other) => other === place).length;
  return { place, to: sharedPlaceTo(place, tied, ranges?.get(entrant)?.to) };
}

// The wizard's preview ----------------------------------------------------------------------------

/**
 * Rough times for the wizard's estimate only: a round's own time from ready to decided (the sides
 * find each other, report), and one game of its series. A round of best of 1 is 45 minutes.
 */
export const ROUND_OVERHEAD_MS = 15 * MINUTE_MS;
export const GAME_ESTIMATE_MS = 30 * MINUTE_MS;
/** The games a best of `n` usually takes: from a sweep's (n + 1) / 2 to all n, about halfway. */
const expectedGames = (bestOf: number) => (3 * bestOf + 1) / 4;

export interface StructurePreview {
  /** Rounds played one after another (the longest path through the bracket). */
  rounds: number;
  /** Matches at most (byes make fewer); 0 for a points table. */
  matches: number;
  /** Each round's overhead, its series' games (the final's its own) and its check-in, added up. */
  estimateMs: number;
}

/** What the estimate counts besides the bracket: its series and its check-in per match. */
export interface PlayPace {
  bestOf?: number | null;
  finalBestOf?: number | null;
  checkInMinutes?: number | null;
}

/**
 * What a bracket of `size` will be (issue #21, the wizard): single elimination log2(n) rounds and
 * n − 1 matches; double elimination 2n − 2 matches (one more for a reset), and its rounds one after
 * another are the first winners round, the losers bracket's 2(log2(n) − 1), and the grand final
 * (and its reset); a round robin of a full field its largest group's rounds and every group's
 * games; a Swiss its rounds of n/2 matches; a points table POINTS_MAX_ROUNDS rounds. Its time counts
 * the series and the check-in per match (`pace`): a best of 5 with a 30-minute check-in is no
 * evening of best of 1.
 */
export function structurePreview(
  bracket: Bracket,
  size: number,
  grandFinalReset = true,
  swissRounds: number | null = null,
  pace: PlayPace = {},
): StructurePreview {
  const depth = Math.round(Math.log2(size));
  const groups = roundRobinGroups(Array.from({ length: size }, (_, index) => String(index))).map((g) => g.length);
  const [rounds, matches] =
    bracket === 'ELIMINATION'
      ? [depth, size - 1]
      : bracket === 'DOUBLE_ELIMINATION'
        ? [2 * depth - 1 + (grandFinalReset ? 2 : 1), 2 * size - 2 + (grandFinalReset ? 1 : 0)]
        : bracket === 'ROUND_ROBIN'
          ? [
              Math.max(...groups.map((count) => (count % 2 === 0 ? count - 1 : count))),
              groups.reduce((sum, count) => sum + (count * (count - 1)) / 2, 0),
            ]
          : bracket === 'SWISS'
            ? [
                swissRounds ?? swissDefaultRounds(size),
                (swissRounds ?? swissDefaultRounds(size)) * Math.floor(size / 2),
              ]
            : [POINTS_MAX_ROUNDS, 0];
  // The final's rounds play its own series: single elimination's last, double elimination's grand
  // final and its reset (matchBestOf).
  const finalRounds = bracket === 'ELIMINATION' ? 1 : bracket === 'DOUBLE_ELIMINATION' ? (grandFinalReset ? 2 : 1) : 0;
  const bestOf = pace.bestOf ?? 1;
  const round = (games: number) => ROUND_OVERHEAD_MS + expectedGames(games) * GAME_ESTIMATE_MS;
  const checkIn = (pace.checkInMinutes ?? 0) * MINUTE_MS;
  const estimateMs =
    bracket === 'POINTS'
      ? rounds * round(1)
      : (rounds - finalRounds) * (round(bestOf) + checkIn) +
        finalRounds * (round(pace.finalBestOf ?? bestOf) + checkIn);
  return { rounds, matches, estimateMs };
}

// Series per match ------------------------------------------------------------------------------------

/**
 * A match's series length (issue #21): the tournament's `bestOf`, and its `finalBestOf` for the
 * final (single elimination's last round, every match of double elimination's grand final).
 */
export function matchBestOf(
  tournament: Pick<Tournament, 'bracket' | 'bestOf' | 'finalBestOf'>,
  match: Pick<TournamentMatch, 'round' | 'group'>,
  lastRound: number,
): BestOf {
  const bestOf = tournament.bestOf ?? 1;
  const final =
    tournament.bracket === 'DOUBLE_ELIMINATION'
      ? match.group === 'FINAL'
      : tournament.bracket === 'ELIMINATION' && match.round === lastRound;
  return final ? (tournament.finalBestOf ?? bestOf) : bestOf;
}

type SwissRoundMatch = Pick<
  TournamentMatch,
  'id' | 'round' | 'number' | 'state' | 'participants' | 'winner' | 'bestOf' | 'outcome'
>;

/** A Swiss round's matches as stored: one per pair, and the bye as a decided match of one side. */
export function swissRoundMatches(
  round: number,
  pairing: SwissRound,
  firstId: number,
  bestOf: BestOf,
): SwissRoundMatch[] {
  const matches: SwissRoundMatch[] = pairing.pairs.map(([a, b], index) => ({
    id: String(firstId + index),
    round,
    number: index + 1,
    state: 'READY',
    participants: [a, b],
    winner: null,
    bestOf,
    outcome: null,
  }));
  if (pairing.bye)
    matches.push({
      id: String(firstId + matches.length),
      round,
      number: matches.length + 1,
      state: 'BYE',
      participants: [pairing.bye, null],
      winner: pairing.bye,
      bestOf,
      outcome: 'BYE',
    });
  return matches;
}

// The format's settings ---------------------------------------------------------------------------

/** Brackets with a final that may be played over a different series length than the other rounds. */
export const hasFinal = eliminates;

/** The format's own settings as stored: each only where its bracket uses it (issue #21). */
export function formatFields(input: {
  bracket: string;
  grandFinalReset?: boolean | undefined;
  swissRounds?: number | null | undefined;
  bestOf?: number | undefined;
  finalBestOf?: number | undefined;
  checkInMinutes?: number | null | undefined;
  bothAbsent?: string | undefined;
}): Pick<Tournament, 'grandFinalReset' | 'swissRounds' | 'bestOf' | 'finalBestOf' | 'checkInMinutes' | 'bothAbsent'> {
  const bracket = input.bracket as Bracket;
  if (!playsMatches(bracket)) return {};
  const bestOf = (input.bestOf ?? 1) as BestOf;
  return {
    ...(bracket === 'DOUBLE_ELIMINATION' ? { grandFinalReset: input.grandFinalReset ?? true } : {}),
    ...(bracket === 'SWISS' ? { swissRounds: input.swissRounds ?? null } : {}),
    bestOf,
    ...(hasFinal(bracket) ? { finalBestOf: (input.finalBestOf ?? bestOf) as BestOf } : {}),
    // Check-in per match (issue #60): with it, what neither side checking in decides.
    checkInMinutes: input.checkInMinutes ?? null,
    ...(input.checkInMinutes ? { bothAbsent: (input.bothAbsent ?? 'HIGHER_SEED') as BothAbsent } : {}),
  };
}
export const FORMAT_FIELDS = [
  'grandFinalReset',
  'swissRounds',
  'bestOf',
  'finalBestOf',
  'checkInMinutes',
  'bothAbsent',
] as const;

/** The estimate in whole hours, at least one, as the wizard says it ("about 3 hours"). */
export const estimateHours = (estimateMs: number): number => Math.max(1, Math.round(estimateMs / HOUR_MS));
