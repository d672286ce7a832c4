import type { TournamentMatch } from '@versus/domain/tournaments/play';
import type { BothAbsent } from '@versus/domain/tournaments/play';
import type { Bracket, Tournament } from '@versus/domain/tournaments/tournament';

/* How a match's sides and score read, wherever a match is shown. */

export const entrantName = (tournament: Pick<Tournament, 'participants'>, id: string | null | undefined) =>
  tournament.participants.find((entrant) => entrant.id === id)?.displayName ?? '?';

/** A table's header for its entrants: "Team" in a team tournament, else the table's own word. */
export const entrantHeaderKey = <Key extends string>(tournament: Pick<Tournament, 'gameFormat'>, solo: Key) =>
  tournament.gameFormat === 'TEAM' ? ('tournaments.standings.team' as const) : solo;

/** A told score as text, " 2–1" (nothing in a best of 1). */
export const scoreText = (match: Pick<TournamentMatch, 'bestOf'>, score: [number, number] | undefined | null) =>
  (match.bestOf ?? 1) > 1 && score ? ` ${score.join('–')}` : '';
/** A decided match's score the winner's games first (stored in the order of its sides). */
export const winnerFirst = (match: Pick<TournamentMatch, 'score' | 'winner' | 'participants'>) =>
  match.score && match.winner
    ? ((match.participants[0] === match.winner ? match.score : [match.score[1], match.score[0]]) as [number, number])
    : null;

/** What a match's winner picker still lacks before it can be sent: the winner, a series' score, or both. */
export const missingChoiceKey = (series: boolean, winner: string | null, score: [number, number] | null) =>
  !winner
    ? series
      ? ('tournaments.match.report-missing.score' as const)
      : ('tournaments.match.report-missing.winner' as const)
    : series && !score
      ? ('tournaments.match.report-missing.score-only' as const)
      : null;

/**
 * The words for a match neither side checked in to, as the bracket plays the host's choice
 * (functions' play.ts): a table's match has no one to advance, and a double elimination bracket
 * never drops both sides (the higher seed goes on).
 */
export const bothAbsentKey = (bracket: Bracket, choice: BothAbsent | null | undefined) => {
  const chosen = choice ?? 'HIGHER_SEED';
  if (bracket === 'ROUND_ROBIN' || bracket === 'SWISS')
    return `tournaments.facts.deadline-both-absent.${chosen}_table` as const;
  if (bracket === 'DOUBLE_ELIMINATION' && chosen === 'BOTH_FORFEIT')
    return 'tournaments.facts.deadline-both-absent.BOTH_FORFEIT_double' as const;
  return `tournaments.facts.deadline-both-absent.${chosen}` as const;
};
