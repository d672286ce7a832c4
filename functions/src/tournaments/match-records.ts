import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import {
  checkInOpen,
  isDoubleForfeit,
  roundLabel,
  sidesOf,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import { notify } from '../notifications/notify';
import { tournamentLink } from './refs';
import type { MatchBracket, Tournament } from '@versus/domain/tournaments/tournament';
import type { PublicProfile } from '@versus/domain/users/types';
import { profileRef } from '../platform/collections';
import { writeHistory } from '../users/statistics';
import { members } from './finish';
import { named } from './play-rules';

/**
 * What matches leave on each player (play.ts, in the deciding commit; start.ts): a line in their
 * history per match, rewritten when the host changes its winner, and their reliability (issue #60):
 * a match more the first time a match is decided, and a no-show for a side that did not come.
 */
export function writeMatchRecords(
  tx: Transaction,
  tournament: Tournament,
  bracketKind: MatchBracket,
  ours: Map<string, TournamentMatch>,
  decided: Map<string, number>,
  firstDecided: Set<string>,
  latest: number,
): void {
  // Each side's history: one line per match, rewritten when the host changes its winner.
  const elimination = bracketKind === 'ELIMINATION' || bracketKind === 'DOUBLE_ELIMINATION';
  for (const [matchId, at] of decided) {
    const match = ours.get(matchId)!;
    const [first, second] = match.participants;
    // A double forfeit (issue #60) is a loss on both sides' histories.
    if ((!match.winner && !isDoubleForfeit(match)) || !first || !second) continue;
    // An elimination round as its bracket names it (the grand final, the losers' round 1…).
    const label = elimination ? roundLabel([...ours.values()], match) : null;
    for (const [side, other] of [
      [first, second],
      [second, first],
    ] as const)
      for (const uid of members(tournament, side))
        writeHistory(tx, uid, {
          kind: 'match',
          at,
          ref: tournament.id,
          match: matchId,
          tournamentName: tournament.name,
          game: tournament.game,
          round: label?.number ?? match.round,
          ...(label ? { stage: label.stage } : {}),
          won: match.winner === side,
          opponent: { id: other, displayName: named(tournament, other).displayName },
        });
  }
  // Each player's reliability (issue #60): a match more, and a no-show for a side that did not come.
  // Increments and a union, so no read: the ban is worked out from the log when they next join.
  for (const matchId of firstDecided) {
    const match = ours.get(matchId)!;
    for (const side of sidesOf(match))
      for (const uid of members(tournament, side))
        tx.set(
          profileRef(uid),
          {
            reliability: {
              matches: FieldValue.increment(1),
              ...(match.outcome === 'NO_SHOW' && match.forfeited?.includes(side)
                ? {
                    noShows: FieldValue.increment(1),
                    noShowLog: FieldValue.arrayUnion({
                      at: match.decidedAt ?? latest,
                      match: `${tournament.id}/${matchId}`,
                    }),
                  }
                : {}),
            },
          } as unknown as Partial<PublicProfile>,
          { merge: true },
        );
  }
}

/**
 * Check-in per match (issue #60): both sides of a match that became ready are asked to check in,
 * every member of a party, when the tournament asks for it (the start, and each match readied in play).
 */
export function askToCheckIn(tx: Transaction, tournament: Tournament, match: TournamentMatch, now: number): void {
  if (!tournament.checkInMinutes || !checkInOpen(match)) return;
  for (const side of sidesOf(match))
    for (const uid of members(tournament, side))
      notify(
        tx,
        uid,
        { type: 'TOURNAMENT_MATCH_CHECK_IN', tournament: tournamentLink(tournament), match: match.id },
        now,
      );
}
