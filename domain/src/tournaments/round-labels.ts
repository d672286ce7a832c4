import type { TournamentMatch } from './play';
import { eliminates, type Bracket } from './tournament';

/**
 * How an elimination match's round is named, as its bracket draws it and a player's history tells
 * it. Rounds of byes only are not drawn, so `number` counts the drawn rounds of its bracket (4
 * entrants in a bracket of 8 start at round 1, not at the engine's round 2). Single elimination
 * names its last two rounds the final and the semi-finals; double elimination its brackets' last
 * rounds the winners and losers finals, and the grand final's two the grand final and its reset.
 */
export type RoundStage =
  | 'round'
  | 'semi-final'
  | 'final'
  | 'winners-round'
  | 'winners-final'
  | 'losers-round'
  | 'losers-final'
  | 'grand-final'
  | 'reset';
export interface RoundLabel {
  stage: RoundStage;
  number: number;
}

/** A drawn round: one with a match that is more than a bye (or a bye's dead end). */
export const isPlayableRound = (round: Pick<TournamentMatch, 'state'>[]) =>
  round.some((match) => match.state !== 'BYE' && match.state !== 'UNPLAYABLE');

/** `match`'s round among `matches`, the elimination bracket's whole list (its group's are picked). */
export function roundLabel(
  matches: Pick<TournamentMatch, 'round' | 'group' | 'state'>[],
  match: Pick<TournamentMatch, 'round' | 'group'>,
): RoundLabel {
  const rounds = new Map<number, Pick<TournamentMatch, 'state'>[]>();
  for (const item of matches)
    if (item.group === match.group) rounds.set(item.round, [...(rounds.get(item.round) ?? []), item]);
  const drawn = [...rounds.entries()]
    .filter(([, round]) => isPlayableRound(round))
    .map(([round]) => round)
    .sort((a, b) => a - b);
  const number = drawn.indexOf(match.round) + 1 || match.round;
  const last = drawn.at(-1) ?? match.round;
  switch (match.group) {
    case 'FINAL':
      return { stage: match.round === 1 ? 'grand-final' : 'reset', number };
    case 'WINNERS':
      return { stage: match.round === last ? 'winners-final' : 'winners-round', number };
    case 'LOSERS':
      return { stage: match.round === last ? 'losers-final' : 'losers-round', number };
    default:
      return {
        stage: match.round === last ? 'final' : match.round === last - 1 ? 'semi-final' : 'round',
        number,
      };
  }
}

/**
 * A match's round as its notices and the resolve page name it (record 172): an elimination match's
 * `label`, written at the start; one from before has none, and is named from its bracket when
 * `all` (the tournament's matches) was read, else not at all. A round robin's or Swiss's round by
 * its number.
 */
export function roundOfMatch(
  bracket: Bracket,
  all: Pick<TournamentMatch, 'round' | 'group' | 'state'>[] | null,
  match: Pick<TournamentMatch, 'round' | 'group' | 'label'>,
): RoundLabel | null {
  if (!eliminates(bracket)) return { stage: 'round', number: match.round };
  return match.label ?? (all ? roundLabel(all, match) : null);
}
