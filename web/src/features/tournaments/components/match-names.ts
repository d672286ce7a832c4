import type { TournamentMatch } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';

/* How a match's sides and score read, wherever a match is shown. */

export const entrantName = (tournament: Pick<Tournament, 'participants'>, id: string | null | undefined) =>
  tournament.participants.find((entrant) => entrant.id === id)?.displayName ?? '?';

/** A told score as text, " 2–1" (nothing in a best of 1). */
export const scoreText = (match: Pick<TournamentMatch, 'bestOf'>, score: [number, number] | undefined | null) =>
  (match.bestOf ?? 1) > 1 && score ? ` ${score.join('–')}` : '';
/** A decided match's score the winner's games first (stored in the order of its sides). */
export const winnerFirst = (match: Pick<TournamentMatch, 'score' | 'winner' | 'participants'>) =>
  match.score && match.winner
    ? ((match.participants[0] === match.winner ? match.score : [match.score[1], match.score[0]]) as [number, number])
    : null;
