import { higherSeed, sidesOf } from './placings';
import { isPaused } from './match-stage';
import {
  MATCH_ANSWER_MIN_MS,
  type MatchRefusal,
  decided,
  done,
  gamesToWin,
  reportWindowCloses,
  type MatchEffect,
  type MatchEvent,
  type MatchTransition,
  type SeriesScore,
  type TournamentMatch,
} from './play';

/**
 * A match's clock (issue #60): check-in per match, its close, and the host's pause. Pure, like the
 * other transitions of play.ts, which re-exports this file.
 */

/** The sides that are in: checked in, or reported (a report is as good as a check-in). */
export const presentSides = (match: TournamentMatch): string[] =>
  sidesOf(match).filter((side) => match.checkIns?.[side] !== undefined || match.reports[side] !== undefined);

/**
 * The fields a match takes when it becomes READY at `now`: its report window, and with check-in
 * (`checkInMinutes`, the tournament's) the check-in's close as its first deadline. A match created
 * not `ready` (waiting for its players, or a bye) has no clock yet.
 */
export function readyFields(now: number, checkInMinutes: number | null | undefined, ready = true) {
  if (!ready) return { readyAt: null, deadline: null, checkInCloses: null };
  const checkInCloses = checkInMinutes ? now + checkInMinutes * 60_000 : null;
  return {
    readyAt: now,
    checkIns: {},
    checkInCloses,
    deadline: checkInCloses ?? reportWindowCloses(now),
  };
}

/** Once both sides are in: the report window's deadline (a report waiting for its answer keeps an hour). */
export function afterCheckIn(match: TournamentMatch, now: number): Partial<TournamentMatch> {
  const closes = reportWindowCloses(match.readyAt ?? now);
  const answering = Object.keys(match.reports).length === 1;
  return { checkInCloses: null, deadline: answering ? Math.max(closes, now + MATCH_ANSWER_MIN_MS) : closes };
}

/**
 * The check-in closed: the side that is in wins by no-show; with neither in, the host's choice
 * (both forfeit, or the higher seed by `seeds`). A series' walkover is the games to win to none.
 */
export function closeCheckIn(
  match: TournamentMatch,
  event: Extract<MatchEvent, { type: 'close-window' }>,
  now: number,
): MatchTransition {
  const sides = sidesOf(match);
  const present = presentSides(match);
  if (present.length === sides.length) return done({ ...match, ...afterCheckIn(match, now), updatedAt: now });
  const walkover: SeriesScore = [gamesToWin(match.bestOf ?? 1), 0];
  // Each side hears how it went: won (the other did not come), forfeited, or both absent; with both
  // absent and the higher seed through, which side that was (a walk read "decided by the no-show
  // rule" and could not tell whether it was still in; record 192).
  const howItWent = (side: string, higher: string | undefined) => {
    if (present.length > 0) return present.includes(side) ? 'won' : 'forfeited';
    if (!higher) return 'both';
    return side === higher ? 'both-won' : 'both-lost';
  };
  const told = (to: string[], higher?: string) =>
    to.map((side): MatchEffect => ({
      type: 'notify',
      to: { entrant: side },
      notification: 'TOURNAMENT_MATCH_NO_SHOW',
      reasoning: howItWent(side, higher),
      ...(higher ? { winner: higher } : {}),
    }));
  if (present.length === 1) {
    // The one who came reported the other as the winner: that report stands, as at a report
    // window's close; nobody forfeited.
    const conceded = match.reports[present[0]!];
    if (conceded && conceded.winner !== present[0])
      return done(
        decided(match, conceded.winner, conceded.score ?? [gamesToWin(match.bestOf ?? 1), 0], 'UNANSWERED', now, {
          checkInCloses: null,
        }),
        [{ type: 'result', winner: conceded.winner, changed: false }],
      );
    const winner = present[0]!;
    const absent = sides.filter((side) => side !== winner);
    return done(decided(match, winner, walkover, 'NO_SHOW', now, { forfeited: absent, checkInCloses: null }), [
      { type: 'result', winner, changed: false },
      ...told(sides),
    ]);
  }
  if ((event.bothAbsent ?? 'HIGHER_SEED') === 'HIGHER_SEED') {
    const winner = higherSeed(sides, event.seeds ?? [])!;
    return done(decided(match, winner, walkover, 'NO_SHOW', now, { forfeited: sides, checkInCloses: null }), [
      { type: 'result', winner, changed: false },
      ...told(sides, winner),
    ]);
  }
  return done(
    {
      ...match,
      state: 'COMPLETED',
      winner: null,
      score: [0, 0],
      outcome: 'NO_SHOW',
      forfeited: sides,
      checkInCloses: null,
      deadline: null,
      decidedAt: now,
      updatedAt: now,
      ...(match.gameCheckAt ? { gameCheckAt: null } : {}),
    },
    [{ type: 'result', winner: null, changed: false }, ...told(sides)],
  );
}

// The host's pause -------------------------------------------------------------------------------

const refused = (refusal: MatchRefusal): MatchTransition => ({ ok: false, refusal });

/** The host pauses a READY match's clock: its deadline (check-in or report) waits until resumed. */
export function pauseClock(match: TournamentMatch, now: number): MatchTransition {
  if (match.state !== 'READY') return refused({ code: 'match-not-ready', state: match.state });
  if (isPaused(match)) return done(match);
  return done({ ...match, pausedAt: now, pausedDeadline: match.deadline ?? null, deadline: null, updatedAt: now });
}

/** The clock runs again: the deadlines move on by as long as it was held. */
export function resumeClock(match: TournamentMatch, now: number): MatchTransition {
  if (!isPaused(match)) return done(match);
  const held = Math.max(0, now - match.pausedAt!);
  const waiting = match.pausedDeadline ?? null;
  return done({
    ...match,
    pausedAt: null,
    pausedDeadline: null,
    deadline: match.state === 'READY' && waiting !== null ? waiting + held : null,
    ...(match.checkInCloses ? { checkInCloses: match.checkInCloses + held } : {}),
    updatedAt: now,
  });
}

/**
 * While the clock is held, a transition that leaves the match READY (a check-in, a first report)
 * keeps its new deadline for the resume; one that decides or disputes it ends the pause.
 */
export function keepPaused(before: TournamentMatch, transition: MatchTransition): MatchTransition {
  if (!transition.ok || !isPaused(before) || transition.next === before) return transition;
  const next = transition.next;
  if (next.state !== 'READY') return { ...transition, next: { ...next, pausedAt: null, pausedDeadline: null } };
  return {
    ...transition,
    next: { ...next, pausedDeadline: next.deadline ?? next.pausedDeadline ?? null, deadline: null },
  };
}
