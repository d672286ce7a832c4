import { isVerifiedGame } from '@versus/domain/games/game-accounts';
import { isPlayable, sidesOf, type TournamentMatch } from '@versus/domain/tournaments/play';
import { leadersOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { LRUCache } from 'lru-cache';
import { gameRecordsFor } from '../platform/game-records';

type Entrants = Pick<Tournament, 'id' | 'participants' | 'game' | 'gameAccounts'>;

/**
 * The two sides' leaders of the matches this process last wrote (the start, a result that fills
 * the next match) or read, while they are to be played (READY or DISPUTED), in a single game of a
 * game whose records are read (the check reads no profile for any other): a match's report or game
 * check starts the leaders' profile reads beside its read of the match instead of after it, one
 * Firestore call fewer in a row, as battles/seen does for a battle's check (docs/decisions/0072). The check still decides from what it reads: a stale or
 * missing guess costs the call it would have saved, never a wrong answer. At most 20,000 matches
 * (two uids each, a couple of MB).
 */
const seenLeaders = new LRUCache<string, string[]>({ max: 20_000 });
const path = (tournamentId: string, matchId: string) => `${tournamentId}/${matchId}`;

/** A match as this process now sees it: its leaders remembered once both sides are known. */
export function sawMatch(
  tournament: Entrants,
  match: Pick<TournamentMatch, 'id' | 'participants' | 'bestOf' | 'state'>,
): void {
  const sides = sidesOf(match);
  // A tournament that recorded its entrants' accounts at its start reads no profile to check.
  const checked =
    !tournament.gameAccounts &&
    isPlayable(match) &&
    isVerifiedGame(tournament.game) &&
    gameRecordsFor(tournament.game) &&
    (match.bestOf ?? 1) === 1;
  if (checked && sides.length === 2) seenLeaders.set(path(tournament.id, match.id), leadersOf(tournament, sides));
  else seenLeaders.delete(path(tournament.id, match.id));
}

/** The leaders of a match as this process last saw it, if it did. */
export const guessLeaders = (tournamentId: string, matchId: string): readonly string[] | undefined =>
  seenLeaders.get(path(tournamentId, matchId));
