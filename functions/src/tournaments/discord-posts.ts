import type { Transaction } from 'firebase-admin/firestore';
import { isDoubleForfeit, sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { enqueueDiscord } from '../alerts/discord';
import { roundLabel } from '@versus/domain/tournaments/round-labels';
import { named } from './play-rules';

const over = (match: TournamentMatch) =>
  match.state === 'COMPLETED' || match.state === 'BYE' || match.state === 'UNPLAYABLE';
/** A round of one bracket part (double elimination's group, a round robin's pool). */
const roundKey = (match: TournamentMatch) => `${match.group ?? ''}|${match.pool ?? ''}|${match.round}`;

/**
 * What a play commit posts to the tournament's Discord channel (issue #60): each match decided for
 * the first time, and each round this commit completed. Nothing unless the host gave a webhook.
 */
export function postPlay(
  tx: Transaction,
  tournament: Tournament,
  ours: Map<string, TournamentMatch>,
  firstDecided: Set<string>,
  now: number,
): void {
  if (!tournament.discord || firstDecided.size === 0) return;
  const rounds = new Map<string, TournamentMatch>();
  for (const id of firstDecided) {
    const match = ours.get(id)!;
    const sides = sidesOf(match);
    if (sides.length === 2)
      enqueueDiscord(
        tx,
        tournament,
        {
          event: 'result',
          winner: isDoubleForfeit(match) || !match.winner ? null : named(tournament, match.winner).displayName,
          sides: [named(tournament, sides[0]!).displayName, named(tournament, sides[1]!).displayName],
          score: match.score ?? null,
          outcome: match.outcome ?? null,
        },
        now,
      );
    rounds.set(roundKey(match), match);
  }
  const all = [...ours.values()];
  const bracket = tournament.bracket === 'ELIMINATION' || tournament.bracket === 'DOUBLE_ELIMINATION';
  for (const [key, match] of rounds)
    if (all.filter((item) => roundKey(item) === key).every(over)) {
      // A bracket's round as its page names it (the semi-finals, not the engine's round 2 after byes).
      const label = bracket ? roundLabel(all, match) : null;
      enqueueDiscord(
        tx,
        tournament,
        label ? { event: 'round', round: label.number, stage: label.stage } : { event: 'round', round: match.round },
        now,
      );
    }
}
