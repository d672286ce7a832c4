import type { Transaction } from 'firebase-admin/firestore';
import { gamesToWin, type MatchRefusal, type MatchState } from '@versus/domain/tournaments/play';
import { entrantOf, playsMatches, type Participant, type Tournament } from '@versus/domain/tournaments/tournament';
import { HttpError, conflict } from '../errors/http-error';
import { readTournament } from './tournaments';

/**
 * What playing a tournament refuses and who acts for whom, shared by the bracket's commands
 * (play.ts) and a points tournament's (points-play.ts).
 */

/** Why a match that is not ready refuses a command, by its state (a bye said "waiting for its players"). */
const NOT_READY: Partial<Record<MatchState, string>> = {
  WAITING: 'This match cannot be played yet: it is waiting for its players.',
  COMPLETED: 'This match is already decided.',
  BYE: 'This match is a bye: its player goes through without playing.',
  UNPLAYABLE: 'This match has nobody to play it.',
};

export const notOngoing = () =>
  conflict(
    'This tournament is not in play: it has not started, or it has finished or been cancelled.',
    'tournament-not-ongoing',
  );
export const wrongBracket = (bracket: Tournament['bracket']) =>
  conflict(
    playsMatches(bracket) ? 'This tournament is played as matches.' : 'This is a points tournament.',
    'wrong-bracket',
  );

/** The tournament in play, played as matches (single or double elimination) or as points. */
export function ongoing(tournament: Tournament, kind: 'matches' | 'points'): Tournament {
  if (tournament.state !== 'ONGOING') throw notOngoing();
  if (playsMatches(tournament.bracket) !== (kind === 'matches')) throw wrongBracket(tournament.bracket);
  return tournament;
}

export async function readOngoing(tx: Transaction, id: string, kind: 'matches' | 'points') {
  return ongoing(await readTournament(tx, id), kind);
}

/** The entrant a player acts for: themselves, or their party (whose leader acts for it). */
export function actingEntrant(tournament: Tournament, uid: string): Participant {
  const entrant = entrantOf(tournament, uid);
  if (!entrant) throw new HttpError(403, 'You are not playing in this tournament.', 'not-a-participant');
  if (entrant.uid !== uid) throw new HttpError(403, 'Your party leader acts for the party.', 'not-party-leader');
  if (tournament.disqualified?.[entrant.id])
    throw new HttpError(403, 'The host has disqualified you from this tournament.', 'disqualified');
  return entrant;
}

export const refusalError = (refusal: MatchRefusal): HttpError => {
  switch (refusal.code) {
    case 'not-in-match':
      return new HttpError(403, 'You are not playing in this match.', 'not-in-match');
    case 'invalid-winner':
      return new HttpError(400, 'The winner must be one of the two sides of this match.', 'invalid-input', {
        winnerUid: 'tournaments.errors.pick-winner',
      });
    case 'invalid-score':
      return new HttpError(
        400,
        refusal.bestOf === 1
          ? 'A best of one ends 1–0.'
          : `Give the series score, the winner's games first: the winner of a best of ${refusal.bestOf} took ${gamesToWin(refusal.bestOf)}.`,
        'invalid-input',
        { score: 'tournaments.errors.series-score' },
      );
    case 'match-not-ready':
      return conflict(NOT_READY[refusal.state] ?? NOT_READY.WAITING!, 'match-not-ready');
    case 'already-reported':
      return conflict('You have already reported this match; the other side answers now.', 'already-reported');
    case 'no-dispute':
      return conflict('This match has no dispute to tell your side of.', 'no-dispute');
    case 'already-disputed':
      return conflict('You have already told your side of this dispute.', 'already-disputed');
    case 'check-in-closed':
      return conflict(
        'Check-in is not open on this match: it is not asked for, it has closed, or both sides are in.',
        'match-check-in-closed',
      );
    case 'host-is-player':
      return hostIsPlayer();
    case 'reasoning-required':
      return new HttpError(400, 'Give a reasoning for resolving the dispute.', 'invalid-input', {
        reasoning: 'validation.required',
      });
  }
};

export const nextMatchPlayed = () =>
  conflict('The winner can no longer be changed: the next match already has a result.', 'next-match-played');

export const hostIsPlayer = () =>
  conflict('You play in this paid tournament: its results and points are not yours to decide.', 'host-is-player');
/** The host's own entrant in a paid tournament (they may not decide for it), else null. */
export const hostEntrantIn = (tournament: Tournament) =>
  tournament.entryFee > 0 ? (entrantOf(tournament, tournament.uid)?.id ?? null) : null;

export const named = (tournament: Tournament, entrantId: string) => {
  const entrant = tournament.participants.find((item) => item.id === entrantId);
  return { uid: entrantId, displayName: entrant?.displayName ?? '?' };
};
