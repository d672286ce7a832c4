import type { TournamentMatch } from './play';

/**
 * What a side sees of its match. Its own file, importing no rules: the header's banners read it on
 * every page, and play.ts (which re-exports it) would bring the placings and the clock along.
 */

/** Whether the match still waits for a side to check in. */
export const checkInOpen = (match: Pick<TournamentMatch, 'state' | 'checkInCloses'>) =>
  match.state === 'READY' && match.checkInCloses !== null && match.checkInCloses !== undefined;

/** Whether the host holds the match's clock (its deadline waits: match-clock.ts's pauseClock). */
export const isPaused = (match: Pick<TournamentMatch, 'pausedAt'>) =>
  match.pausedAt !== null && match.pausedAt !== undefined;

/**
 * Whether the match's check-in ran out at `now` and waits for the sweeper to decide it (not while the
 * host holds the clock): too late to check in, or to report for a side that never came.
 */
export const checkInRunOut = (match: Pick<TournamentMatch, 'state' | 'checkInCloses' | 'pausedAt'>, now: number) =>
  checkInOpen(match) && !isPaused(match) && now >= match.checkInCloses!;

/**
 * How long after the close the app calls a check-in over: a device's clock may run a little ahead of
 * the server's, which decides (record 190).
 */
export const CHECK_IN_CLOCK_GRACE_MS = 5_000;

/** What a side sees of its match: to report, waiting for the other, to tell its story, or nothing. */
export type MatchStage = 'check-in' | 'report' | 'wait-opponent' | 'add-story' | 'wait-host' | 'decided' | 'not-ready';
export function matchStage(
  match: Pick<TournamentMatch, 'state' | 'checkInCloses' | 'disputes' | 'reports' | 'checkIns'>,
  entrant: string,
): MatchStage {
  if (match.state === 'COMPLETED' || match.state === 'BYE') return 'decided';
  if (match.state === 'DISPUTED') return match.disputes?.[entrant] ? 'wait-host' : 'add-story';
  if (match.state !== 'READY') return 'not-ready';
  if (match.reports[entrant]) return 'wait-opponent';
  return checkInOpen(match) && !match.checkIns?.[entrant] ? 'check-in' : 'report';
}
