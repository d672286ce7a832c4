import { sidesOf } from './placings';
import type { SeriesScore, TournamentMatch } from './play';

/**
 * What a side's report would meet from the other side: no report yet ('first'), the same winner and
 * score ('agrees': the match is decided), or another ('conflicts': a dispute the host resolves).
 * Agreement is on the winner and the score: a series' dispute can be about the score alone; a best
 * of 1 told without a score is 1–0. Both scores are valid ones (the reducer refuses another before
 * it asks). The reducer decides by it, and the report's question says it before the report goes.
 */
export function reportMeets(
  match: Pick<TournamentMatch, 'bestOf' | 'reports' | 'participants'>,
  entrant: string,
  winner: string,
  score: SeriesScore | undefined,
): 'first' | 'agrees' | 'conflicts' {
  const other = sidesOf(match).find((side) => side !== entrant);
  const answer = other ? match.reports[other] : undefined;
  if (!answer) return 'first';
  const told = (games: SeriesScore | undefined) => (games ?? ((match.bestOf ?? 1) === 1 ? [1, 0] : [])).join();
  return answer.winner === winner && told(answer.score) === told(score) ? 'agrees' : 'conflicts';
}
