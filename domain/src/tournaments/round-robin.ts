/**
 * Round robin (issue #21): groups, each group's schedule (the circle method) and table, and the
 * places from the tables as played.
 */
import type { TournamentMatch } from './play';
import { decidedResults, groupBy, shareRanks, type FormatResult, type RankedRow } from './standings';

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
    } else if (result.bothLost) {
      a.losses += 1;
      b.losses += 1;
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

// Round robin as played -----------------------------------------------------------------------------

type PoolMatch = Pick<TournamentMatch, 'pool' | 'state' | 'winner' | 'participants' | 'score'> &
  Partial<Pick<TournamentMatch, 'forfeited'>>;

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
