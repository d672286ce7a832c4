import type { GameEvidence, ProofImage } from '../battles/battle';
import { HOUR_MS } from '../platform/constants';
import { type BestOf, type PointsRound } from './tournament';
import { higherSeed, isPlayable, sidesOf } from './placings';
import { afterCheckIn, closeCheckIn, keepPaused, pauseClock, presentSides, resumeClock } from './match-clock';
import { checkInOpen, checkInRunOut } from './match-stage';
import type { RoundLabel } from './round-labels';
import { reportMeets } from './report-meets';
import { gamesToWin, isSeriesScore } from './series';

/**
 * Playing a tournament (DESIGN §6, §9) as pure rules: a match's reports, disputes and host
 * decisions as a transition `(match, event, now) → {next, effects}`; the places, the points
 * standings and the prize split with ties are placings.ts, re-exported here. The server reads, transitions and writes in one transaction; the
 * engine (brackets-manager) only ever receives final results.
 */

/** DESIGN §9: a READY match has a report window; one side's report unanswered when it closes stands. */
export const MATCH_REPORT_WINDOW_MS = 24 * HOUR_MS;
/** A report made just before the window closes still leaves the other side this long to answer. */
export const MATCH_ANSWER_MIN_MS = HOUR_MS;
/** DESIGN §6: up to 5 rounds of points per participant. */
export const POINTS_MAX_ROUNDS = 5;
export const POINTS_MAX = 1_000_000;
export const POINTS_DESCRIPTION_MAX = 450;
/** SPEC §5 / §9: a tournament dispute's story is 20 to 450 characters. */
export const TOURNAMENT_DISPUTE_MIN = 20;
export const TOURNAMENT_DISPUTE_MAX = 450;
export const DECISION_REASONING_MAX = 450;
/** Issue #60: check-in per match. The host picks the minutes each side has once a match is ready. */
export const CHECK_IN_MINUTES_MIN = 5;
export const CHECK_IN_MINUTES_MAX = 30;
export const CHECK_IN_MINUTES_DEFAULT = 10;
/** The wizard's choices of minutes (the API takes any whole number from the least to the most). */
export const CHECK_IN_MINUTES_CHOICES = [CHECK_IN_MINUTES_MIN, 10, 15, 20, CHECK_IN_MINUTES_MAX] as const;
/** When neither side checks in: both forfeit, or the higher seed advances (the host's choice). */
export const BOTH_ABSENT = ['BOTH_FORFEIT', 'HIGHER_SEED'] as const;
export type BothAbsent = (typeof BOTH_ABSENT)[number];

export type MatchState = 'LOCKED' | 'WAITING' | 'READY' | 'DISPUTED' | 'COMPLETED' | 'BYE' | 'UNPLAYABLE';

/** Double elimination's three groups, in the engine's order: winners, losers, grand final. */
export const ELIMINATION_GROUPS = ['WINNERS', 'LOSERS', 'FINAL'] as const;
export type EliminationGroup = (typeof ELIMINATION_GROUPS)[number];
/**
 * GAME_API: decided by the game's own record (issue #22). NO_SHOW: a side did not check in in time
 * (issue #60); with neither there, the higher seed's win or a double forfeit (winner null).
 */
export type MatchOutcome = 'AGREED' | 'UNANSWERED' | 'HOST' | 'BYE' | 'GAME_API' | 'NO_SHOW' | 'DISQUALIFIED';

/** A series score as told: [the winner's games, the loser's games] (2–1 in a best of 3). */
export type SeriesScore = [number, number];

export interface MatchReport {
  /** The entrant id the side named as winner. */
  winner: string;
  /** The games, winner's first (a series; absent in a best of 1 reported without one). */
  score?: SeriesScore;
  /** Who reported: the player, or the party's leader. */
  by: string;
  at: number;
}

export interface MatchDispute {
  story: string;
  proof: ProofImage;
  by: string;
  at: number;
}

// How an elimination match's round is named: its own file, kept importable from here.
export * from './round-labels';

/** tournaments/{id}/matches/{matchId}: reports, disputes and deadlines of one match (DESIGN §9). */
export interface TournamentMatch {
  id: string;
  /** Double elimination only: its bracket; `round` counts within it (the grand final's 2 is its reset). */
  group?: EliminationGroup;
  /** Round robin only: the group (1, 2, …) the match is played in; `round` counts within it. */
  pool?: number;
  /** A losers-bracket match's sides' winners-bracket matches whose loser comes there (record 182). */
  losersOf?: (string | null)[];
  round: number;
  number: number;
  /**
   * An elimination match's round as its bracket names it (a semi-final, the losers final), fixed at
   * the start with the byes: its notices name it without reading the whole bracket (record 172).
   */
  label?: RoundLabel;
  /** Best of 1, 3 or 5 (issue #21 series); absent is 1. */
  bestOf?: BestOf;
  state: MatchState;
  /** The two entrant ids (player uid or party id); null while unknown or a bye. */
  participants: (string | null)[];
  winner: string | null;
  /** Once decided: each side's games, in the order of `participants` (1–0 for a best of 1). */
  score?: [number, number] | null;
  /** Entrant id → that side's report. */
  reports: Record<string, MatchReport>;
  /** Entrant id → that side's story and proof, once the reports conflict. */
  disputes?: Record<string, MatchDispute>;
  /** The dispute (SPEC §3 Tournament disputes): OPEN until the host decides. */
  dispute?: { state: 'OPEN' | 'RESOLVED'; openedAt: number; resolvedAt: number | null } | null;
  readyAt?: number | null;
  /** When an unanswered report stands, or (no report) when the host is asked. */
  deadline?: number | null;
  /** When ADMIN_SELECT_MATCH_WINNER asked the host to decide a silent match. */
  hostAskedAt?: number | null;
  outcome?: MatchOutcome | null;
  reasoning?: string | null;
  decidedBy?: string | null;
  decidedAt?: number | null;
  updatedAt: number;
  /** The last time a person acted on the match (not the sweeper): the inactivity rule reads it. */
  activityAt?: number;
  /** Set when the tournament was cancelled with the match still open. */
  closedAt?: number | null;
  /** Decided by the game (outcome GAME_API): the record it was decided on (issue #22). */
  evidence?: GameEvidence | null;
  /** League of Legends and Dota 2, best of 1, while in play: when the sweeper next asks the game. */
  gameCheckAt?: number | null;
  /** Check-in per match (issue #60): entrant id → when that side checked in (a report counts too). */
  checkIns?: Record<string, number>;
  /** While check-in is open: when it closes (the match's `deadline` until both sides are in); else null. */
  checkInCloses?: number | null;
  /** Outcome NO_SHOW: the sides that did not check in (both in a double forfeit, or when the higher seed advanced). */
  forfeited?: string[] | null;
  /** The host paused the match's clock (issue #60): since when; its deadline waits in `pausedDeadline`. */
  pausedAt?: number | null;
  pausedDeadline?: number | null;
}

export type MatchEvent =
  | { type: 'report'; entrant: string; by: string; winner: string; score?: SeriesScore }
  | { type: 'dispute'; entrant: string; by: string; story: string; proof: ProofImage }
  /** The host sets (or, `change`, changes) the winner, with a reasoning when resolving a dispute. */
  | {
      type: 'decide';
      host: string;
      winner: string;
      /** The games, winner's first; required in a series. */
      score?: SeriesScore;
      reasoning: string | null;
      /** The host's own entrant when they play in a paid tournament: they may not decide its matches. */
      hostEntrant?: string | null;
    }
  /** A side checks in to its ready match (issue #60). */
  | { type: 'check-in'; entrant: string; by: string }
  /**
   * Issue #60: the host disqualified `entrants` (all so far): a match in play with one of them goes
   * to the other side; with both, to the higher seed by `seeds`. Nothing happens to other matches.
   */
  | { type: 'disqualified'; entrants: string[]; seeds: string[] }
  /** The host pauses or resumes the clock of one ready match (issue #60). */
  | { type: 'pause'; host: string; hostEntrant?: string | null }
  | { type: 'resume'; host: string; hostEntrant?: string | null }
  /**
   * The sweeper: the match's deadline has passed (its check-in, or its report window). `bothAbsent`
   * says what a check-in that neither side made decides, with the seeds (best first) for the
   * higher seed; the server gives HIGHER_SEED where a double forfeit would leave no champion.
   */
  | { type: 'close-window'; bothAbsent?: BothAbsent; seeds?: string[] }
  /** The game's record names the winner (issue #22): decided as agreeing reports would be. */
  | {
      type: 'game-result';
      winner: string;
      evidence: GameEvidence;
      /** The pair and READY time the game was looked up for: a match changed since is not its match. */
      sides: string[];
      readyAt: number | null;
      /**
       * The player (uid) who asked the game and saw its answer: their "Check with the game", or their
       * report that the game agreed with. Not told; the rest of their party is.
       */
      askedBy?: string | null;
    };

/** Who hears of a change: one side (every member of it), the other side, or the host. */
export type MatchAudience = { entrant: string } | { host: true };
export type MatchNotification =
  | 'ADMIN_TOURNAMENT_CONFLICT'
  | 'OPPONENT_TOURNAMENT_CONFLICT'
  | 'TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD'
  | 'ADMIN_SELECT_MATCH_WINNER'
  | 'ADMIN_CHANGE_MATCH_WINNER'
  /**
   * Issue #60: the match's check-in closed without a side; `reasoning` is won, forfeited or both, and
   * with both away and the higher seed through, both-won or both-lost with its `winner` (record 192).
   */
  | 'TOURNAMENT_MATCH_NO_SHOW'
  /** Issue #60: the other side reported first (`winner` whom they named: `reasoning` you or they). */
  | 'TOURNAMENT_OPPONENT_REPORTED'
  /** Record 181: the game's record decided the match (to a side that had not named its winner; not the asker). */
  | 'TOURNAMENT_MATCH_GAME_DECIDED';

export type MatchEffect =
  /**
   * The result goes to the engine: the winner advances (or, after a change, is replaced); null is a
   * double forfeit (issue #60), in which neither side advances.
   */
  | { type: 'result'; winner: string | null; changed: boolean }
  | {
      type: 'notify';
      to: MatchAudience;
      notification: MatchNotification;
      winner?: string;
      reasoning?: string;
      /** A player of the audience not told: the one who saw it happen (record 181). */
      except?: string;
    };

export type MatchRefusal =
  | { code: 'not-in-match' }
  | { code: 'invalid-winner' }
  /** A series needs a finished score (best of 3: 2–0 or 2–1), winner's games first. */
  | { code: 'invalid-score'; bestOf: BestOf }
  | { code: 'match-not-ready'; state: MatchState }
  | { code: 'already-reported' }
  | { code: 'no-dispute' }
  | { code: 'already-disputed' }
  /** Check-in is not open on this match: not asked for, over, or both sides are in. */
  | { code: 'check-in-closed' }
  | { code: 'reasoning-required' }
  | { code: 'host-is-player' };

export type MatchTransition =
  { ok: true; next: TournamentMatch; effects: MatchEffect[] } | { ok: false; refusal: MatchRefusal };

const refuse = (refusal: MatchRefusal): MatchTransition => ({ ok: false, refusal });
/** @internal A transition that happened (match-clock.ts builds its own with it). */
export const done = (next: TournamentMatch, effects: MatchEffect[] = []): MatchTransition => ({
  ok: true,
  next,
  effects,
});

const otherSide = (match: TournamentMatch, entrant: string) => sidesOf(match).find((side) => side !== entrant)!;

// A series' arithmetic: its own file, kept importable from here.
export * from './series';

/**
 * The score a report or decision gives: its own when valid for the match's series; in a best of 1
 * none means 1–0. Undefined when the series needs a score it lacks or the score is not a finished one.
 */
function toldScore(match: Pick<TournamentMatch, 'bestOf'>, score: SeriesScore | undefined): SeriesScore | undefined {
  const bestOf = match.bestOf ?? 1;
  if (!score) return bestOf === 1 ? [1, 0] : undefined;
  return isSeriesScore(score, bestOf) ? [score[0], score[1]] : undefined;
}

/** A told score in the match's order (participants[0]'s games first). */
const inMatchOrder = (match: TournamentMatch, winner: string, score: SeriesScore): [number, number] =>
  match.participants[0] === winner ? [score[0], score[1]] : [score[1], score[0]];

/** When the report window of a match that became READY at `readyAt` closes. */
export const reportWindowCloses = (readyAt: number) => readyAt + MATCH_REPORT_WINDOW_MS;

// Check-in per match and the host's pause (issue #60), and what a side sees of its match: their own
// files, kept importable from here (match-stage.ts imports no rules: the header's banners read it).
export * from './match-clock';
export * from './match-stage';
export * from './report-meets';

/** @internal A decided match (match-clock.ts decides no-shows with it). */
export function decided(
  match: TournamentMatch,
  winner: string,
  score: SeriesScore,
  outcome: MatchOutcome,
  now: number,
  extra = {},
) {
  return {
    ...match,
    state: 'COMPLETED' as const,
    winner,
    score: inMatchOrder(match, winner, score),
    outcome,
    deadline: null,
    decidedAt: now,
    updatedAt: now,
    ...(match.gameCheckAt ? { gameCheckAt: null } : {}),
    ...(match.checkInCloses ? { checkInCloses: null } : {}),
    ...extra,
  };
}

export function transitionMatch(match: TournamentMatch, event: MatchEvent, now: number): MatchTransition {
  if (event.type === 'pause' || event.type === 'resume') {
    if (event.hostEntrant && sidesOf(match).includes(event.hostEntrant)) return refuse({ code: 'host-is-player' });
    return event.type === 'pause' ? pauseClock(match, now) : resumeClock(match, now);
  }
  // While the host holds the clock, whatever happens keeps its new deadline for the resume.
  return keepPaused(match, transitionOf(match, event, now));
}

function transitionOf(
  match: TournamentMatch,
  event: Exclude<MatchEvent, { type: 'pause' | 'resume' }>,
  now: number,
): MatchTransition {
  switch (event.type) {
    case 'report': {
      const sides = sidesOf(match);
      if (!sides.includes(event.entrant)) return refuse({ code: 'not-in-match' });
      if (match.state !== 'READY') return refuse({ code: 'match-not-ready', state: match.state });
      if (!sides.includes(event.winner)) return refuse({ code: 'invalid-winner' });
      if (match.reports[event.entrant]) return refuse({ code: 'already-reported' });
      // Check-in has closed on a side that never came: too late to report; the sweeper decides.
      if (checkInRunOut(match, now) && !match.checkIns?.[event.entrant]) return refuse({ code: 'check-in-closed' });
      const score = toldScore(match, event.score);
      if (!score) return refuse({ code: 'invalid-score', bestOf: match.bestOf ?? 1 });
      const report: MatchReport = { winner: event.winner, by: event.by, at: now };
      if (event.score) report.score = score;
      const reports = { ...match.reports, [event.entrant]: report };
      const other = otherSide(match, event.entrant);
      const answer = match.reports[other];
      if (!answer) {
        const closes = reportWindowCloses(match.readyAt ?? now);
        // During check-in a report checks its side in; the match waits on the other's check-in.
        const checking = checkInOpen(match) && !match.checkIns?.[other];
        return done(
          {
            ...match,
            reports,
            ...(checkInOpen(match) && !checking ? { checkInCloses: null } : {}),
            deadline: checking ? match.checkInCloses! : Math.max(closes, now + MATCH_ANSWER_MIN_MS),
            // A report answers the host's call to decide a silent match: the other side answers now.
            hostAskedAt: null,
            updatedAt: now,
          },
          // The other side is told, to confirm or dispute (issue #60); one still to check in has
          // the check-in's own alert.
          checking
            ? []
            : [
                {
                  type: 'notify',
                  to: { entrant: other },
                  notification: 'TOURNAMENT_OPPONENT_REPORTED',
                  winner: event.winner,
                  reasoning: event.winner === other ? 'you' : 'they',
                },
              ],
        );
      }
      if (reportMeets(match, event.entrant, event.winner, event.score) === 'agrees') {
        return done(decided({ ...match, reports }, event.winner, score, 'AGREED', now), [
          { type: 'result', winner: event.winner, changed: false },
        ]);
      }
      // The reports conflict: a dispute, which the host resolves (DESIGN §6).
      return done(
        {
          ...match,
          reports,
          state: 'DISPUTED',
          disputes: {},
          dispute: { state: 'OPEN', openedAt: now, resolvedAt: null },
          deadline: null,
          updatedAt: now,
        },
        [
          { type: 'notify', to: { host: true }, notification: 'ADMIN_TOURNAMENT_CONFLICT' },
          { type: 'notify', to: { entrant: other }, notification: 'OPPONENT_TOURNAMENT_CONFLICT' },
        ],
      );
    }
    case 'dispute': {
      if (!sidesOf(match).includes(event.entrant)) return refuse({ code: 'not-in-match' });
      if (match.state !== 'DISPUTED') return refuse({ code: 'no-dispute' });
      if (match.disputes?.[event.entrant]) return refuse({ code: 'already-disputed' });
      const disputes = {
        ...match.disputes,
        [event.entrant]: { story: event.story, proof: event.proof, by: event.by, at: now },
      };
      const heard = sidesOf(match).every((side) => disputes[side]);
      return done(
        { ...match, disputes, updatedAt: now },
        heard ? [{ type: 'notify', to: { host: true }, notification: 'TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD' }] : [],
      );
    }
    case 'decide': {
      const sides = sidesOf(match);
      if (sides.length < 2 || !(isPlayable(match) || match.state === 'COMPLETED'))
        return refuse({ code: 'match-not-ready', state: match.state });
      if (!sides.includes(event.winner)) return refuse({ code: 'invalid-winner' });
      if (event.hostEntrant && sides.includes(event.hostEntrant)) return refuse({ code: 'host-is-player' });
      if (match.state === 'DISPUTED' && !event.reasoning) return refuse({ code: 'reasoning-required' });
      const score = toldScore(match, event.score);
      if (!score) return refuse({ code: 'invalid-score', bestOf: match.bestOf ?? 1 });
      const changed = match.state === 'COMPLETED';
      const sameScore = (match.score ?? [1, 0]).join() === inMatchOrder(match, event.winner, score).join();
      if (changed && match.winner === event.winner && (sameScore || !event.score)) return done(match);
      const next = decided(match, event.winner, score, 'HOST', now, {
        reasoning: event.reasoning,
        decidedBy: event.host,
        // The host overturns a no-show: nobody forfeited this match any more (the record keeps it).
        ...(match.forfeited ? { forfeited: null } : {}),
        ...(match.dispute ? { dispute: { ...match.dispute, state: 'RESOLVED' as const, resolvedAt: now } } : {}),
      });
      // Only the score changed: the bracket stays as it is (standings read the score from the match).
      const effects: MatchEffect[] =
        changed && match.winner === event.winner ? [] : [{ type: 'result', winner: event.winner, changed }];
      // Both sides hear every decision of the host's: a dispute's, a change, and a match the host set
      // while it was in play (a walk's loser of one heard nothing; record 181).
      for (const side of sides)
        effects.push({
          type: 'notify',
          to: { entrant: side },
          notification: 'ADMIN_CHANGE_MATCH_WINNER',
          winner: event.winner,
          ...(event.reasoning ? { reasoning: event.reasoning } : {}),
        });
      return done(next, effects);
    }
    case 'game-result': {
      const sides = sidesOf(match);
      if (sides.length < 2 || !isPlayable(match)) return refuse({ code: 'match-not-ready', state: match.state });
      if (sides.join() !== event.sides.join() || (match.readyAt ?? null) !== event.readyAt)
        return refuse({ code: 'match-not-ready', state: match.state });
      if (!sides.includes(event.winner)) return refuse({ code: 'invalid-winner' });
      // An open dispute is settled by the record as well: both sides hear who the game says won.
      const next = decided(match, event.winner, [1, 0], 'GAME_API', now, {
        evidence: event.evidence,
        ...(match.dispute ? { dispute: { ...match.dispute, state: 'RESOLVED' as const, resolvedAt: now } } : {}),
      });
      const effects: MatchEffect[] = [{ type: 'result', winner: event.winner, changed: false }];
      // Who the game says won is told to a side that had not reported that winner, and to both sides
      // of a dispute it settles: a report the record overruled, a side away (record 181). The player
      // who asked saw the answer and is not told; the rest of their party is.
      // The host of a dispute, asked to decide it, hears that nothing is left to decide.
      const disputed = match.state === 'DISPUTED';
      const told: MatchAudience[] = [
        ...sides
          .filter((side) => disputed || match.reports[side]?.winner !== event.winner)
          .map((entrant) => ({ entrant })),
        ...(disputed ? [{ host: true as const }] : []),
      ];
      for (const to of told)
        effects.push({
          type: 'notify',
          to,
          notification: 'TOURNAMENT_MATCH_GAME_DECIDED',
          winner: event.winner,
          ...(event.askedBy ? { except: event.askedBy } : {}),
        });
      return done(next, effects);
    }
    case 'disqualified': {
      const out = sidesOf(match).filter((side) => event.entrants.includes(side));
      if (!isPlayable(match) || sidesOf(match).length < 2 || out.length === 0) return done(match);
      const winner = out.length === 1 ? sidesOf(match).find((side) => side !== out[0])! : higherSeed(out, event.seeds)!;
      const next = decided(match, winner, [gamesToWin(match.bestOf ?? 1), 0], 'DISQUALIFIED', now, {
        forfeited: out,
        checkInCloses: null,
        pausedAt: null,
        pausedDeadline: null,
        ...(match.dispute ? { dispute: { ...match.dispute, state: 'RESOLVED' as const, resolvedAt: now } } : {}),
      });
      return done(next, [{ type: 'result', winner, changed: false }]);
    }
    case 'check-in': {
      if (!sidesOf(match).includes(event.entrant)) return refuse({ code: 'not-in-match' });
      if (match.state !== 'READY') return refuse({ code: 'match-not-ready', state: match.state });
      // Checking in twice (two tabs, a retry, a round robin's check-in that counted here) is the first
      // check-in, also once both sides are in and the check-in is over.
      if (presentSides(match).includes(event.entrant)) return done(match);
      // A paused clock does not run: check-in stays open until it runs again and closes.
      if (!checkInOpen(match) || checkInRunOut(match, now)) return refuse({ code: 'check-in-closed' });
      const next = { ...match, checkIns: { ...match.checkIns, [event.entrant]: now }, updatedAt: now };
      const all = presentSides(next).length === sidesOf(match).length;
      return done(all ? { ...next, ...afterCheckIn(next, now) } : next);
    }
    case 'close-window': {
      if (match.state !== 'READY' || match.deadline === null || match.deadline === undefined || now < match.deadline)
        return done(match);
      if (checkInOpen(match) && now >= match.checkInCloses!) return closeCheckIn(match, event, now);
      const reports = Object.values(match.reports);
      if (reports.length === 1) {
        const winner = reports[0]!.winner;
        return done(decided(match, winner, toldScore(match, reports[0]!.score) ?? [1, 0], 'UNANSWERED', now), [
          { type: 'result', winner, changed: false },
        ]);
      }
      if (match.hostAskedAt) return done(match);
      return done({ ...match, hostAskedAt: now, deadline: null, updatedAt: now }, [
        { type: 'notify', to: { host: true }, notification: 'ADMIN_SELECT_MATCH_WINNER' },
      ]);
    }
  }
}

// PointsRound lives with PointsEntry in ./tournament: play imports tournament, never the reverse.
export type { PointsRound };

// Who stands where and what they win: their own file, kept importable from here.
export * from './placings';
