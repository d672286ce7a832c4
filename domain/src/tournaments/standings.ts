/**
 * What every format's table is built from (formats.ts, round-robin.ts): results, ranked rows, each
 * entrant's tally, and ranks shared by entrants equal on every key.
 */
import type { TournamentMatch } from './play';
import { isDoubleForfeit } from './placings';

/** A decided (or bye) game between two entrants; `b` null is a bye, which `a` wins. */
export interface FormatResult {
  a: string;
  b: string | null;
  /** The entrant who won; null for a draw (never in our matches, kept for the tiebreak tables). */
  winner: string | null;
  /** Games won by `a` and `b` in a series (1–0 for best of one). */
  games?: [number, number];
  /** A double forfeit (issue #60: neither side checked in): a loss for both, no winner. */
  bothLost?: boolean;
}

/** A ranked row: tied entrants share `rank` (1-based); the list is in display order. */
export interface RankedRow {
  participant: string;
  rank: number;
}

// Swiss -------------------------------------------------------------------------------------------

export interface Tally {
  score: number;
  wins: number;
  losses: number;
  byes: number;
  opponents: string[];
}

export function tallies(entrants: string[], results: FormatResult[]): Map<string, Tally> {
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
    if (result.bothLost) {
      a.losses += 1;
      b.losses += 1;
    } else if (result.winner === null) {
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
export function shareRanks<T>(sorted: T[], same: (x: T, y: T) => boolean): number[] {
  const ranks: number[] = [];
  sorted.forEach((item, index) => {
    ranks.push(index > 0 && same(sorted[index - 1]!, item) ? ranks[index - 1]! : index + 1);
  });
  return ranks;
}

export function groupBy<T>(items: T[], by: (item: T) => number): T[][] {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(by(item), [...(groups.get(by(item)) ?? []), item]);
  return [...groups.values()];
}

/** Decided matches as results, with their series scores; a Swiss bye (one side) as a bye. */
export const decidedResults = (
  matches: (Pick<TournamentMatch, 'state' | 'winner' | 'participants' | 'score'> &
    Partial<Pick<TournamentMatch, 'forfeited'>>)[],
): FormatResult[] =>
  matches.flatMap((match): FormatResult[] => {
    const [a, b] = match.participants;
    if (match.state === 'BYE' && a && !b) return [{ a, b: null, winner: a }];
    if (match.state === 'COMPLETED' && !match.winner && a && b && isDoubleForfeit(match))
      return [{ a, b, winner: null, games: [0, 0], bothLost: true }];
    if (match.state !== 'COMPLETED' || !match.winner || !a || !b) return [];
    return [{ a, b, winner: match.winner, games: match.score ?? (match.winner === a ? [1, 0] : [0, 1]) }];
  });
