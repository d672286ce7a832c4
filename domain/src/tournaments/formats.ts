/**
 * The formats beyond single elimination and points (issue #21, DESIGN §10) as pure rules: Swiss
 * pairings and standings, round-robin schedules, groups and standings, and best-of series. The
 * server stores each round's matches and results; these functions decide who meets whom and who
 * ranks where, from those results alone.
 *
 * Swiss is our own code, not `tournament-pairings` (GPL-3.0, which a closed platform cannot ship).
 */
import { POINTS_MAX_ROUNDS, eliminationPlaces, finalOf, type TournamentMatch } from './play';
import { playsMatches, type BestOf, type Bracket, type MatchBracket, type Tournament } from './tournament';

/** A decided (or bye) game between two entrants; `b` null is a bye, which `a` wins. */
export interface FormatResult {
  a: string;
  b: string | null;
  /** The entrant who won; null for a draw (never in our matches, kept for the tiebreak tables). */
  winner: string | null;
  /** Games won by `a` and `b` in a series (1–0 for best of one). */
  games?: [number, number];
}

/** A ranked row: tied entrants share `rank` (1-based); the list is in display order. */
export interface RankedRow {
  participant: string;
  rank: number;
}

// Swiss -------------------------------------------------------------------------------------------

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

interface Tally {
  score: number;
  wins: number;
  losses: number;
  byes: number;
  opponents: string[];
}

function tallies(entrants: string[], results: FormatResult[]): Map<string, Tally> {
  const table = new Map(entrants.map((id) => [id, { score: 0, wins: 0, losses: 0, byes: 0, opponents: [] } as Tally]));
  for (const result of results) {
    const a = table.get(result.a);
    if (!a) continue;
    if (result.b === null) {
      a.score += 1;
      a.wins += 1;
      a.byes += 1;
      continue;
    }
    const b = table.get(result.b);
    if (!b) continue;
    a.opponents.push(result.b);
    b.opponents.push(result.a);
    if (result.winner === null) {
      a.score += 0.5;
      b.score += 0.5;
    } else {
      const [won, lost] = result.winner === result.a ? [a, b] : [b, a];
      won.score += 1;
      won.wins += 1;
      lost.losses += 1;
    }
  }
  return table;
}

/** Shared ranks over a list sorted best first: equal `key`s share the first one's rank. */
function shareRanks<T>(sorted: T[], same: (x: T, y: T) => boolean): number[] {
  const ranks: number[] = [];
  sorted.forEach((item, index) => {
    ranks.push(index > 0 && same(sorted[index - 1]!, item) ? ranks[index - 1]! : index + 1);
  });
  return ranks;
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

/** Round-robin groups: everyone in one group up to this many; above it, groups of 3 to 8. */
export const ROUND_ROBIN_GROUP_MAX = 8;
export const ROUND_ROBIN_GROUP_MIN = 3;

/** How many groups `entrants` make: the fewest groups of at most 8 (each then has at least 3). */
export const roundRobinGroupCount = (entrants: number): number =>
  Math.max(1, Math.ceil(entrants / ROUND_ROBIN_GROUP_MAX));

/**
 * Entrants (best seed first) dealt into groups like a snake (1 2 3 3 2 1 …), so each group gets a
 * fair share of the strong seeds.
 */
export function roundRobinGroups(seeds: string[], groupCount = roundRobinGroupCount(seeds.length)): string[][] {
  const groups: string[][] = Array.from({ length: groupCount }, () => []);
  seeds.forEach((id, index) => {
    const lap = Math.floor(index / groupCount);
    const position = index % groupCount;
    groups[lap % 2 === 0 ? position : groupCount - 1 - position]!.push(id);
  });
  return groups;
}

/**
 * Everyone meets everyone once (the circle method): n − 1 rounds for an even count, n for odd (one
 * rests each round). Each round's pairs, first seed's match first.
 */
export function roundRobinRounds(group: string[]): [string, string][][] {
  const slots: (string | null)[] = group.length % 2 === 0 ? [...group] : [...group, null];
  const count = slots.length;
  const rounds: [string, string][][] = [];
  for (let round = 0; round < count - 1; round += 1) {
    const pairs: [string, string][] = [];
    for (let index = 0; index < count / 2; index += 1) {
      const home = slots[index];
      const away = slots[count - 1 - index];
      if (home && away) pairs.push(round % 2 === 0 || index > 0 ? [home, away] : [away, home]);
    }
    rounds.push(pairs);
    // Keep the first slot, rotate the rest clockwise.
    slots.splice(1, 0, slots.pop()!);
  }
  return rounds;
}

export interface RoundRobinRow extends RankedRow {
  played: number;
  wins: number;
  losses: number;
  gamesWon: number;
  gamesLost: number;
  /** Games won minus games lost. */
  difference: number;
}

/**
 * Round-robin standings (issue #21), each step only among the entrants still tied:
 * 1. wins;
 * 2. head to head: wins in the games between the tied entrants only;
 * 3. game difference (all games);
 * 4. still equal: a shared rank, listed by seed.
 */
export function roundRobinStandings(seeds: string[], results: FormatResult[]): RoundRobinRow[] {
  const rows = new Map(
    seeds.map((participant) => [
      participant,
      { participant, played: 0, wins: 0, losses: 0, gamesWon: 0, gamesLost: 0, difference: 0, rank: 0 },
    ]),
  );
  const played = results.filter((result) => result.b !== null && rows.has(result.a) && rows.has(result.b));
  for (const result of played) {
    const a = rows.get(result.a)!;
    const b = rows.get(result.b!)!;
    const [gamesA, gamesB] = result.games ?? (result.winner === result.a ? [1, 0] : result.winner ? [0, 1] : [0, 0]);
    a.played += 1;
    b.played += 1;
    a.gamesWon += gamesA;
    a.gamesLost += gamesB;
    b.gamesWon += gamesB;
    b.gamesLost += gamesA;
    if (result.winner === result.a) {
      a.wins += 1;
      b.losses += 1;
    } else if (result.winner === result.b) {
      b.wins += 1;
      a.losses += 1;
    }
  }
  for (const row of rows.values()) row.difference = row.gamesWon - row.gamesLost;
  const seedIndex = new Map(seeds.map((id, index) => [id, index]));
  const headToHead = (tied: string[]) => {
    const among = new Set(tied);
    const wins = new Map(tied.map((id) => [id, 0]));
    for (const result of played)
      if (among.has(result.a) && among.has(result.b!) && result.winner)
        wins.set(result.winner, wins.get(result.winner)! + 1);
    return wins;
  };

  // Split by wins, then each tied block by head to head, then by game difference.
  const ordered: { id: string; keys: number[] }[] = [];
  const byWins = groupBy([...rows.values()], (row) => row.wins).sort((x, y) => y[0]!.wins - x[0]!.wins);
  for (const block of byWins) {
    const h2h = block.length > 1 ? headToHead(block.map((row) => row.participant)) : new Map<string, number>();
    const sorted = [...block].sort(
      (x, y) =>
        (h2h.get(y.participant) ?? 0) - (h2h.get(x.participant) ?? 0) ||
        y.difference - x.difference ||
        seedIndex.get(x.participant)! - seedIndex.get(y.participant)!,
    );
    for (const row of sorted)
      ordered.push({ id: row.participant, keys: [row.wins, h2h.get(row.participant) ?? 0, row.difference] });
  }
  const ranks = shareRanks(ordered, (x, y) => x.keys.every((value, index) => value === y.keys[index]));
  return ordered.map((item, index) => ({ ...rows.get(item.id)!, rank: ranks[index]! }));
}

function groupBy<T>(items: T[], by: (item: T) => number): T[][] {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(by(item), [...(groups.get(by(item)) ?? []), item]);
  return [...groups.values()];
}

// Series ------------------------------------------------------------------------------------------

// The series rules live with the match transitions (./play), which check every reported score.
export { gamesToWin, seriesWinner, isSeriesScore } from './play';
export { BEST_OF, type BestOf } from './tournament';

// Double elimination ------------------------------------------------------------------------------

type PlacedMatch = Pick<TournamentMatch, 'group' | 'round' | 'state' | 'winner' | 'participants'>;

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
  const losers = matches.filter((match) => match.group === 'LOSERS' && match.state === 'COMPLETED' && match.winner);
  let next = 3;
  for (const round of [...new Set(losers.map((match) => match.round))].sort((a, b) => b - a)) {
    const out = losers
      .filter((match) => match.round === round)
      .flatMap((match) => match.participants.filter((side): side is string => side !== null && side !== match.winner));
    for (const entrant of out) places.set(entrant, { place: next, to: next + out.length - 1 });
    next += out.length;
  }
  return places;
}

// Round robin as played -----------------------------------------------------------------------------

type PoolMatch = Pick<TournamentMatch, 'pool' | 'state' | 'winner' | 'participants' | 'score'>;

/** Decided matches as results, with their series scores; a Swiss bye (one side) as a bye. */
const decidedResults = (
  matches: Pick<TournamentMatch, 'state' | 'winner' | 'participants' | 'score'>[],
): FormatResult[] =>
  matches.flatMap((match): FormatResult[] => {
    const [a, b] = match.participants;
    if (match.state === 'BYE' && a && !b) return [{ a, b: null, winner: a }];
    if (match.state !== 'COMPLETED' || !match.winner || !a || !b) return [];
    return [{ a, b, winner: match.winner, games: match.score ?? (match.winner === a ? [1, 0] : [0, 1]) }];
  });

/** Each group's table as it stands (every match so far), its entrants in seed order. */
export function roundRobinTables(matches: PoolMatch[], seeds: string[]): { pool: number; rows: RoundRobinRow[] }[] {
  const pools = [...new Set(matches.map((match) => match.pool ?? 1))].sort((a, b) => a - b);
  return pools.map((pool) => {
    const own = matches.filter((match) => (match.pool ?? 1) === pool);
    const members = new Set(own.flatMap((match) => match.participants.filter((side): side is string => !!side)));
    return {
      pool,
      rows: roundRobinStandings(
        seeds.filter((id) => members.has(id)),
        decidedResults(own),
      ),
    };
  });
}

/**
 * Everyone's place in a round robin (live while it is played; `decided` once every match is): one
 * group ranks by its table (wins, head to head, game difference); with several groups the tables
 * merge by the share of matches won, then game difference per match (groups of 7 and 6 play 6
 * and 5 matches each: raw wins would favour the larger group; head to head only exists inside a
 * group), still equal sharing a place. Shares are compared as cross products, exactly.
 */
export function roundRobinPlaces(
  matches: PoolMatch[],
  seeds: string[],
): { places: Map<string, { place: number; to: number }>; decided: boolean } {
  const tables = roundRobinTables(matches, seeds);
  const decided = matches.every((match) => ['COMPLETED', 'BYE', 'UNPLAYABLE'].includes(match.state));
  const places = new Map<string, { place: number; to: number }>();
  const seedIndex = new Map(seeds.map((id, index) => [id, index]));
  /** x's share against y's: above 0 when x's is larger (a / played, compared without division). */
  const share = (x: RoundRobinRow, y: RoundRobinRow, of: 'wins' | 'difference') =>
    x[of] * Math.max(1, y.played) - y[of] * Math.max(1, x.played);
  const merged = (x: RoundRobinRow, y: RoundRobinRow) => share(y, x, 'wins') || share(y, x, 'difference');
  const rows =
    tables.length === 1
      ? tables[0]!.rows.map((row) => ({
          id: row.participant,
          row,
          same: (other: RoundRobinRow) => other.rank === row.rank,
        }))
      : tables
          .flatMap((table) => table.rows)
          .sort((x, y) => merged(x, y) || seedIndex.get(x.participant)! - seedIndex.get(y.participant)!)
          .map((row) => ({ id: row.participant, row, same: (other: RoundRobinRow) => merged(row, other) === 0 }));
  const ranks = shareRanks(rows, (x, y) => x.same(y.row));
  rows.forEach((item, index) => {
    const tied = ranks.filter((rank) => rank === ranks[index]).length;
    places.set(item.id, { place: ranks[index]!, to: ranks[index]! + tied - 1 });
  });
  return { places, decided };
}

// Swiss as played ---------------------------------------------------------------------------------

type SwissMatch = Pick<TournamentMatch, 'round' | 'state' | 'winner' | 'participants' | 'score'>;

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

// The wizard's preview ----------------------------------------------------------------------------

/** A rough time for one round of play, from ready to decided: the wizard's estimate only. */
export const ROUND_ESTIMATE_MS = 45 * 60_000;

export interface StructurePreview {
  /** Rounds played one after another (the longest path through the bracket). */
  rounds: number;
  /** Matches at most (byes make fewer); 0 for a points table. */
  matches: number;
  /** rounds × ROUND_ESTIMATE_MS. */
  estimateMs: number;
}

/**
 * What a bracket of `size` will be (issue #21, the wizard): single elimination log2(n) rounds and
 * n − 1 matches; double elimination 2n − 2 matches (one more for a reset), and its rounds one after
 * another are the first winners round, the losers bracket's 2(log2(n) − 1), and the grand final
 * (and its reset); a round robin of a full field its largest group's rounds and every group's
 * games; a Swiss its rounds of n/2 matches; a points table POINTS_MAX_ROUNDS rounds.
 */
export function structurePreview(
  bracket: Bracket,
  size: number,
  grandFinalReset = true,
  swissRounds: number | null = null,
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
  return { rounds, matches, estimateMs: rounds * ROUND_ESTIMATE_MS };
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
export const hasFinal = (bracket: Bracket): boolean => bracket === 'ELIMINATION' || bracket === 'DOUBLE_ELIMINATION';

/** The format's own settings as stored: each only where its bracket uses it (issue #21). */
export function formatFields(input: {
  bracket: string;
  grandFinalReset?: boolean | undefined;
  swissRounds?: number | null | undefined;
  bestOf?: number | undefined;
  finalBestOf?: number | undefined;
}): Pick<Tournament, 'grandFinalReset' | 'swissRounds' | 'bestOf' | 'finalBestOf'> {
  const bracket = input.bracket as Bracket;
  if (!playsMatches(bracket)) return {};
  const bestOf = (input.bestOf ?? 1) as BestOf;
  return {
    ...(bracket === 'DOUBLE_ELIMINATION' ? { grandFinalReset: input.grandFinalReset ?? true } : {}),
    ...(bracket === 'SWISS' ? { swissRounds: input.swissRounds ?? null } : {}),
    bestOf,
    ...(hasFinal(bracket) ? { finalBestOf: (input.finalBestOf ?? bestOf) as BestOf } : {}),
  };
}
export const FORMAT_FIELDS = ['grandFinalReset', 'swissRounds', 'bestOf', 'finalBestOf'] as const;
