import type { Transaction } from 'firebase-admin/firestore';
import { matchStage, presentSides, type MatchEvent, type TournamentMatch } from '@versus/domain/tournaments/play';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { matchesCollection } from './refs';

/**
 * A round robin's matches are all ready from its start, each with its own check-in (record 176): a
 * side that comes to one of them (checks in, or reports, which checks it in) has come to each of its
 * matches whose check-in is open, so a player who is there loses none by a no-show while playing
 * the first.
 */

/** A match event as applyMatchEvents (play.ts) takes it. */
export type MatchCommand = { matchId: string; event: MatchEvent; now: number };

/** The side a command brings to its match for the first time while its check-in is open, if any. */
function coming(tournament: Tournament, ours: Map<string, TournamentMatch>, { matchId, event }: MatchCommand) {
  if (tournament.bracket !== 'ROUND_ROBIN' || (event.type !== 'check-in' && event.type !== 'report')) return null;
  const match = ours.get(matchId);
  return match && matchStage(match, event.entrant) === 'check-in' ? event.entrant : null;
}

/**
 * The ready matches of each side that the commit's commands may bring, read side by side before
 * they apply (one call in a row for all of them), into `ours` where the commit does not hold them.
 */
export async function readSidesMatches(
  tx: Transaction,
  tournament: Tournament,
  ours: Map<string, TournamentMatch>,
  commands: MatchCommand[],
): Promise<Map<string, string[]>> {
  const sides = [...new Set(commands.map((command) => coming(tournament, ours, command)))].filter(
    (side): side is string => side !== null,
  );
  const read = await Promise.all(
    sides.map((side) =>
      tx.get(
        matchesCollection(tournament.id).where('participants', 'array-contains', side).where('state', '==', 'READY'),
      ),
    ),
  );
  return new Map(
    sides.map((side, index) => {
      const docs = read[index]!.docs;
      for (const doc of docs) if (!ours.has(doc.id)) ours.set(doc.id, doc.data());
      return [side, docs.map((doc) => doc.id)];
    }),
  );
}

/** The check-ins a command that brought its side adds: its other matches whose check-in is open. */
export function cameToAll(
  sidesMatches: Map<string, string[]>,
  ours: Map<string, TournamentMatch>,
  before: TournamentMatch,
  after: TournamentMatch,
  event: MatchEvent,
  now: number,
): MatchCommand[] {
  if (event.type !== 'check-in' && event.type !== 'report') return [];
  const { entrant, by } = event;
  const others = sidesMatches.get(entrant);
  if (!others || presentSides(before).includes(entrant) || !presentSides(after).includes(entrant)) return [];
  return others
    .map((id) => ours.get(id)!)
    .filter((match) => match.id !== before.id && matchStage(match, entrant) === 'check-in')
    .map((match) => ({ matchId: match.id, event: { type: 'check-in', entrant, by }, now }));
}
