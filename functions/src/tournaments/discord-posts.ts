import type { DiscordEvent } from '@versus/domain/alerts/outbox';
import { isDoubleForfeit, sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import { roundLabel } from '@versus/domain/tournaments/round-labels';
import { eliminates, playsMatches, type Tournament } from '@versus/domain/tournaments/tournament';
import { named } from './play-rules';

const over = (match: TournamentMatch) =>
  match.state === 'COMPLETED' || match.state === 'BYE' || match.state === 'UNPLAYABLE';
/** A round of one bracket part (double elimination's group, a round robin's pool). */
const roundKey = (match: TournamentMatch) => `${match.group ?? ''}|${match.pool ?? ''}|${match.round}`;

/**
 * What a play commit tells the tournament's Discord channel (issue #60), in order: each match decided
 * for the first time, then each round this commit completed (a bracket's by the name its page gives
 * it: the semi-finals, not the engine's round 2 after a round of byes). The commit sends them as one
 * message with the standings after them when it finished the tournament (enqueueDiscord).
 */
export function playPosts(
  tournament: Tournament,
  ours: Map<string, TournamentMatch>,
  firstDecided: Set<string>,
): DiscordEvent[] {
  if (!tournament.discord || firstDecided.size === 0) return [];
  const posts: DiscordEvent[] = [];
  const rounds = new Map<string, TournamentMatch>();
  for (const id of firstDecided) {
    const match = ours.get(id)!;
    const sides = sidesOf(match);
    if (sides.length === 2)
      posts.push({
        event: 'result',
        winner: isDoubleForfeit(match) || !match.winner ? null : named(tournament, match.winner).displayName,
        sides: [named(tournament, sides[0]!).displayName, named(tournament, sides[1]!).displayName],
        score: match.score ?? null,
        outcome: match.outcome ?? null,
        // Neither side came and the higher seed went through: not a win over one who stayed away.
        ...(match.outcome === 'NO_SHOW' && (match.forfeited?.length ?? 0) === 2 && match.winner
          ? { seeded: true }
          : {}),
      });
    rounds.set(roundKey(match), match);
  }
  const all = [...ours.values()];
  for (const [key, match] of rounds)
    if (all.filter((item) => roundKey(item) === key).every(over)) {
      const label = eliminates(tournament.bracket) ? roundLabel(all, match) : null;
      posts.push(
        label ? { event: 'round', round: label.number, stage: label.stage } : { event: 'round', round: match.round },
      );
    }
  return posts;
}

/** A points table's Discord events say so (`points`, record 170): it has no rounds or results to post. */
export const tableMark = (tournament: Pick<Tournament, 'bracket'>) =>
  playsMatches(tournament.bracket) ? {} : { points: true as const };

/** The start's post: a bracket names its first round as its page does (the semi-finals of 4 in 8). */
export function startPost(tournament: Tournament, entrants: number, matches: TournamentMatch[] | null): DiscordEvent {
  if (!playsMatches(tournament.bracket)) return { event: 'start', entrants, points: true };
  const ready = eliminates(tournament.bracket) ? (matches ?? []).filter((match) => match.state === 'READY') : [];
  const first = ready.sort((a, b) => a.round - b.round)[0];
  const label = first ? roundLabel(matches!, first) : null;
  return { event: 'start', entrants, ...(label ? { round: label.number, stage: label.stage } : {}) };
}
