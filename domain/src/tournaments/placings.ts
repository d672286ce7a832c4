import {
  PAYOUT_SPLITS,
  prizeSplit,
  type PayoutStructure,
  type PointsRound,
  type Tournament,
  type TournamentResult,
} from './tournament';
import type { TournamentMatch } from './play';

/**
 * Who stands where in a tournament and what they win (DESIGN §5, §9): the current match of an
 * entrant, an elimination bracket's ranking and places, the points standings, and the prize split
 * with ties. Pure; play.ts re-exports it.
 */

/** Of `sides`, the best seed by `seeds` (best first); a side without a seed comes last. */
export function higherSeed(sides: string[], seeds: readonly string[]): string | undefined {
  const rank = (side: string) => (seeds.includes(side) ? seeds.indexOf(side) : Number.MAX_SAFE_INTEGER);
  return [...sides].sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * The last place a finish gives an entrant who shares `place` with `holders − 1` others: the
 * bracket's own range end where it has one (`bracketTo`: a double forfeit's extra quarter-final
 * loser shares 5th–8th, not 5th–9th), else the places the tie covers; `place` itself when held
 * alone. The finish writes it, and a finished tournament's status reads it (formats' finishedPlace).
 */
export const sharedPlaceTo = (place: number, holders: number, bracketTo?: number): number =>
  holders > 1 ? (bracketTo ?? place + holders - 1) : place;

/** A decided match that neither side checked in to, forfeited by both (issue #60). */
export const isDoubleForfeit = (
  match: Pick<TournamentMatch, 'state' | 'winner'> & Partial<Pick<TournamentMatch, 'forfeited'>>,
) => match.state === 'COMPLETED' && match.winner === null && (match.forfeited?.length ?? 0) === 2;

/** The entrants in a match (a bye's missing side left out). */
export const sidesOf = (match: Pick<TournamentMatch, 'participants'>): string[] =>
  match.participants.filter((side): side is string => side !== null);

/** A match still to be played: ready, or disputed and waiting for the host. */
export const isPlayable = (match: Pick<TournamentMatch, 'state'>) =>
  match.state === 'READY' || match.state === 'DISPUTED';

/** SPEC §4: a user's current match is the READY (or disputed) match containing their entrant. */
export const currentMatchOf = <M extends Pick<TournamentMatch, 'participants' | 'state'>>(
  matches: M[],
  entrant: string,
): M | undefined => openMatchesOf(matches, entrant)[0];

/** Matches in the bracket's order: by round, then by number within it. */
export const byRoundAndNumber = (
  a: Pick<TournamentMatch, 'round' | 'number'>,
  b: Pick<TournamentMatch, 'round' | 'number'>,
) => a.round - b.round || a.number - b.number;

/** Every match of the entrant in play (READY or DISPUTED): several at once in a round robin. */
export const openMatchesOf = <M extends Pick<TournamentMatch, 'participants' | 'state'>>(
  matches: M[],
  entrant: string,
): M[] => matches.filter((match) => isPlayable(match) && match.participants.includes(entrant));

/** The final of a single-elimination bracket: the one match of the last round. */
export const finalOf = <M extends Pick<TournamentMatch, 'round'>>(matches: M[]): M | undefined =>
  matches.reduce<M | undefined>((last, match) => (!last || match.round > last.round ? match : last), undefined);

/** Elimination places: the final's winner first, its loser second (DESIGN §5 top-2). */
export function eliminationRanking(matches: TournamentMatch[]): string[] {
  const final = finalOf(matches);
  if (!final?.winner) return [];
  const loser = sidesOf(final).find((side) => side !== final.winner);
  return loser ? [final.winner, loser] : [final.winner];
}

/**
 * Every entrant's place in a decided bracket: the winner 1, the final's loser 2, below them by the
 * round lost in, shared (both semi-final losers 3, to 4; the quarter-final losers 5, to 8).
 */
export function eliminationPlaces(matches: TournamentMatch[]): Map<string, { place: number; to: number }> {
  const places = new Map<string, { place: number; to: number }>();
  const finalRound = Math.max(0, ...matches.map((match) => match.round));
  for (const match of matches) {
    // A double forfeit (issue #60) knocks both sides out in its round.
    if (match.state !== 'COMPLETED' || (!match.winner && !isDoubleForfeit(match))) continue;
    for (const side of sidesOf(match)) {
      if (side === match.winner) continue;
      const place = 2 ** (finalRound - match.round) + 1;
      places.set(side, { place, to: 2 ** (finalRound - match.round + 1) });
    }
  }
  const [winner] = eliminationRanking(matches);
  if (winner) places.set(winner, { place: 1, to: 1 });
  return places;
}

// Points ------------------------------------------------------------------------------------------

export interface Standing {
  participant: string;
  total: number;
  /** 1-based; tied participants share a rank. */
  rank: number;
}

/**
 * Standings (SPEC §4 POINTS): ACCEPTED rounds summed, highest first; equal totals share a rank and
 * are listed by seed (the order given in `seeds`).
 */
export function pointsStandings(
  entries: { participant: string; rounds: Pick<PointsRound, 'state' | 'points'>[] }[],
  seeds: string[],
): Standing[] {
  const seedIndex = (id: string) => {
    const index = seeds.indexOf(id);
    return index === -1 ? seeds.length : index;
  };
  const totals = entries
    .map((entry) => ({
      participant: entry.participant,
      total: entry.rounds.filter((round) => round.state === 'ACCEPTED').reduce((sum, round) => sum + round.points, 0),
    }))
    .sort((a, b) => b.total - a.total || seedIndex(a.participant) - seedIndex(b.participant));
  return totals.map((item) => ({ ...item, rank: totals.findIndex((other) => other.total === item.total) + 1 }));
}

/**
 * Who is placed in a points tournament: entrants with accepted points (DESIGN §9). Nobody with no
 * accepted points wins a place or a prize; if nobody scored, nobody is placed.
 */
export const pointsRanking = (...args: Parameters<typeof pointsStandings>): Standing[] =>
  pointsStandings(...args).filter((standing) => standing.total > 0);

/**
 * The pool shared by a ranking (DESIGN §5, §9): the host takes 10 %, places split the rest by the
 * payout structure; participants tied on a rank share the combined shares of the places they
 * cover, in whole coins, the remainder to the better seed (earlier in `ranking`). The awards and
 * the host's share always sum to the pool exactly.
 */
export function prizeAwards(
  pool: number,
  structure: PayoutStructure,
  ranking: { participant: string; rank: number }[],
): { host: number; awards: { participant: string; amount: number; place: number }[] } {
  const { host, places } = prizeSplit(pool, structure);
  const awards: { participant: string; amount: number; place: number }[] = [];
  let position = 0;
  while (position < ranking.length && position < PAYOUT_SPLITS[structure].length) {
    const rank = ranking[position]!.rank;
    const group = ranking.filter((item) => item.rank === rank);
    const share = places.slice(position, position + group.length).reduce((sum, amount) => sum + amount, 0);
    const each = Math.floor(share / group.length);
    group.forEach((item, index) =>
      awards.push({
        participant: item.participant,
        amount: each + (index === 0 ? share - each * group.length : 0),
        place: rank,
      }),
    );
    position += group.length;
  }
  // Fewer ranked participants than places (cannot happen with ≥ 4 entrants): the rest to first.
  const unpaid = pool - host - awards.reduce((sum, award) => sum + award.amount, 0);
  if (unpaid > 0 && awards[0]) awards[0].amount += unpaid;
  return { host, awards: awards.filter((award) => award.amount > 0) };
}

/**
 * What a finished tournament paid per place, for its facts (record 182): a place several share
 * (a points table's tie, a bracket's 3rd–4th) is one line, `to` its last place, with what they
 * shared together (a tie's odd coin makes their own amounts differ). Places that paid nothing are left out.
 */
export function paidPlaces(results: Pick<TournamentResult, 'place' | 'amount'>[]) {
  return [...new Set(results.map((result) => result.place))]
    .sort((a, b) => a - b)
    .map((place) => {
      const sharing = results.filter((result) => result.place === place);
      return { place, to: place + sharing.length - 1, amount: sharing.reduce((sum, result) => sum + result.amount, 0) };
    })
    .filter((line) => line.amount > 0);
}

/** How far into a bracket a group is: the grand final after the losers bracket after the winners'. */
const GROUP_ORDER: Record<string, number> = { WINNERS: 0, LOSERS: 1, FINAL: 2 };

/** The entrant's matches decided against them (a double forfeit is a loss for both sides). */
const lossesOf = <M extends Pick<TournamentMatch, 'state' | 'participants' | 'winner'>>(
  matches: M[],
  entrant: string,
) =>
  matches.filter(
    (match) => match.state === 'COMPLETED' && match.participants.includes(entrant) && match.winner !== entrant,
  );

/**
 * An entrant's last lost match: once they are out of an elimination bracket, the one that put
 * them out. Latest by the bracket's order, not by when it was decided (a host's correction of an
 * earlier match's score decides it again).
 */
export const lastLossOf = <M extends Pick<TournamentMatch, 'state' | 'participants' | 'winner' | 'group' | 'round'>>(
  matches: M[],
  entrant: string,
): M | undefined =>
  lossesOf(matches, entrant).sort(
    (a, b) => (GROUP_ORDER[b.group ?? ''] ?? 0) - (GROUP_ORDER[a.group ?? ''] ?? 0) || b.round - a.round,
  )[0];

/**
 * Whether an entrant plays no more in a tournament under way: disqualified, or beaten in an
 * elimination bracket (twice in a double one). A Swiss or a round robin plays every round to its
 * end, and a points table every round it allows: no one is out of those but by the host.
 */
export function isOut(
  tournament: Pick<Tournament, 'bracket' | 'disqualified'>,
  matches: Pick<TournamentMatch, 'state' | 'participants' | 'winner'>[],
  entrant: string,
): boolean {
  if (tournament.disqualified?.[entrant]) return true;
  if (tournament.bracket !== 'ELIMINATION' && tournament.bracket !== 'DOUBLE_ELIMINATION') return false;
  return lossesOf(matches, entrant).length >= (tournament.bracket === 'DOUBLE_ELIMINATION' ? 2 : 1);
}

/**
 * Why an entrant is out, when it was not by losing a match played (issue #60): the host
 * disqualified them (whether or not a match of theirs has been decided since), or `loss`, the loss
 * that put them out, was a no-show (they did not check in). Null for a match lost as played.
 */
export function howOut(
  disqualified: Readonly<Record<string, unknown>> | undefined,
  loss: Pick<TournamentMatch, 'outcome' | 'forfeited'> | undefined,
  entrant: string,
): 'disqualified' | 'no-show' | null {
  if (disqualified?.[entrant]) return 'disqualified';
  return loss?.outcome === 'NO_SHOW' && loss.forfeited?.includes(entrant) ? 'no-show' : null;
}
