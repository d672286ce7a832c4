import type { BestOf } from './tournament';

// A best-of-n series' arithmetic, for matches (play.ts) and the forms that tell a score.

/** Games needed to take a best-of-n series. */
export const gamesToWin = (bestOf: BestOf): number => Math.ceil(bestOf / 2);

/**
 * A series score in match order, as [games of side a, games of side b]: finished (one side reached
 * the games to win, the other fewer). Answers the winning side's index, or null for a score that is
 * not a finished series.
 */
export function seriesWinner(score: readonly [number, number], bestOf: BestOf): 0 | 1 | null {
  const [a, b] = score;
  const needed = gamesToWin(bestOf);
  if (![a, b].every((games) => Number.isInteger(games) && games >= 0)) return null;
  if (a === needed && b < needed) return 0;
  if (b === needed && a < needed) return 1;
  return null;
}

/** A told score (winner's games first) that finishes a best-of-n series. */
export const isSeriesScore = (score: readonly [number, number], bestOf: BestOf): boolean =>
  seriesWinner(score, bestOf) === 0;
