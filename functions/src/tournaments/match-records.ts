import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import {
  byRoundAndNumber,
  checkInOpen,
  isDoubleForfeit,
  matchStage,
  presentSides,
  roundLabel,
  seriesWinner,
  sidesOf,
  type TournamentMatch,
} from '@versus/domain/tournaments/play';
import { roundOfMatch } from '@versus/domain/tournaments/round-labels';
import { notify, type NotificationContent } from '../notifications/notify';
import { tournamentLink } from './refs';
import { eliminates, leadersOf, type MatchBracket, type Tournament } from '@versus/domain/tournaments/tournament';
import type { MatchNotification } from '@versus/domain/tournaments/play';
import type { PublicProfile } from '@versus/domain/users/types';
import { profileRef } from '../platform/collections';
import { writeHistory } from '../users/statistics';
import { members } from './finish';
import { named } from './play-rules';

/** A series decided by its games: a score that finishes it, not a walkover or a double forfeit. */
const playedSeries = (match: TournamentMatch) =>
  (match.bestOf ?? 1) > 1 &&
  match.score != null &&
  match.outcome !== 'NO_SHOW' &&
  match.outcome !== 'DISQUALIFIED' &&
  seriesWinner(match.score, match.bestOf ?? 1) !== null;

/** Who did not check in, as `side`'s history line says it: a no-show's walkover or both absent. */
function absentOf(match: TournamentMatch, side: string): { absent?: 'self' | 'opponent' | 'both' } {
  const absent = match.outcome === 'NO_SHOW' ? (match.forfeited ?? []) : [];
  if (absent.length === 0) return {};
  return { absent: absent.length > 1 ? 'both' : absent.includes(side) ? 'self' : 'opponent' };
}

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
  const elimination = eliminates(bracketKind);
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
          // A series' score, this side's games first: only one played (a best of 1's 1–0 says no more
          // than "Won"; a no-show's or disqualification's walkover and a double forfeit's 0–0 were not).
          ...(playedSeries(match)
            ? { score: side === first ? [match.score![0], match.score![1]] : [match.score![1], match.score![0]] }
            : {}),
          ...absentOf(match, side),
          opponent: { id: other, displayName: named(tournament, other).displayName },
        });
  }
  // Each player's reliability (issue #60): a match more, and a no-show for a side that did not come.
  // Increments and a union, so no read: the ban is worked out from the log when they next join.
  // `noShows` is written with every match (an increment of 0 makes it 0 the first time): a record
  // without it read as NaN % and refused every host's least reliability.
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
                : { noShows: FieldValue.increment(0) }),
            },
          } as unknown as Partial<PublicProfile>,
          { merge: true },
        );
  }
}

/** A notice's `matchRound`, when the match's round has a name (domain's roundOfMatch, record 172). */
export function matchRoundOf(
  tournament: Pick<Tournament, 'bracket'>,
  all: TournamentMatch[] | null,
  match: TournamentMatch,
) {
  const matchRound = roundOfMatch(tournament.bracket, all, match);
  return matchRound ? { matchRound } : {};
}

/**
 * The matches a commit made ready (the start, and each match readied in play) tell their sides,
 * every member of a party: check in now when the tournament asks for it (issue #60), else play it;
 * a party's leader checks in for it, and its other members hear that their match is ready.
 * One notice a player per commit: a round robin's start readies every match of a group at once, and
 * its players hear of the first (the page lists the rest); `only`, the sides to tell (all by default).
 */
export function announceReady(
  tx: Transaction,
  tournament: Tournament,
  all: Iterable<TournamentMatch> | null,
  matches: Iterable<TournamentMatch>,
  now: number,
  told = new Set<string>(),
  only?: ReadonlySet<string>,
): void {
  const every = all ? [...all] : null;
  const ready = [...matches]
    .filter((match) => match.state === 'READY' && sidesOf(match).length === 2)
    .sort(byRoundAndNumber);
  for (const match of ready) {
    for (const side of sidesOf(match)) {
      if (only && !only.has(side)) continue;
      // A side already in (a round robin's check-in counts for all its matches) is told to play it.
      const checkIn = !!tournament.checkInMinutes && checkInOpen(match) && !presentSides(match).includes(side);
      // In a round robin that check-in also counts for the side's other matches still open for one
      // (record 176): the notice says so, as the match's panel does.
      const forAll =
        checkIn &&
        tournament.bracket === 'ROUND_ROBIN' &&
        !!every?.some(
          (item) =>
            item.id !== match.id &&
            item.state === 'READY' &&
            sidesOf(item).includes(side) &&
            matchStage(item, side) === 'check-in',
        );
      const [leader] = leadersOf(tournament, [side]);
      // The other side by name: a player (whose name a deleted account blanks), or a party by its team's.
      const other = tournament.participants.find(
        (entrant) => entrant.id !== side && match.participants.includes(entrant.id),
      );
      const opponent = other
        ? { uid: other.kind === 'PARTY' ? other.id : other.uid, displayName: other.displayName }
        : null;
      for (const uid of members(tournament, side)) {
        if (told.has(uid)) continue;
        told.add(uid);
        // The side's player or party leader checks in and reports; a party's other members hear that
        // the match is theirs to play, not that they must check in (record 128).
        const member = uid !== leader;
        notify(
          tx,
          uid,
          {
            type: checkIn && !member ? 'TOURNAMENT_MATCH_CHECK_IN' : 'TOURNAMENT_MATCH_READY',
            tournament: tournamentLink(tournament),
            match: match.id,
            ...matchRoundOf(tournament, every, match),
            ...(checkIn ? { minutes: tournament.checkInMinutes! } : {}),
            ...(member ? { reasoning: 'member' } : forAll ? { reasoning: 'all' } : {}),
            ...(opponent ? { opponent } : {}),
          },
          now,
        );
      }
    }
  }
}

/**
 * After a commit: the matches it made ready tell their sides (announceReady), and a side whose match
 * was played to a result (agreed, unanswered, by the host or the game; not a no-show or a
 * disqualification) hears of its next match that waits on it, if one is already open and its
 * other side has come: a round robin's matches are all open from the start, and its players heard
 * only of the first (record 176).
 */
export function announcePlayed(
  tx: Transaction,
  tournament: Tournament,
  all: Map<string, TournamentMatch>,
  whole: boolean,
  readied: Iterable<string>,
  played: Iterable<string>,
  now: number,
): void {
  const told = new Set<string>();
  const every = whole ? [...all.values()] : null;
  announceReady(
    tx,
    tournament,
    every,
    [...readied].map((id) => all.get(id)!),
    now,
    told,
  );
  if (!every) return;
  const sides = new Set(
    [...played]
      .map((id) => all.get(id)!)
      .filter((match) => ['AGREED', 'UNANSWERED', 'HOST', 'GAME_API'].includes(match.outcome ?? ''))
      .flatMap(sidesOf),
  );
  for (const side of sides) {
    const next = every
      .filter((match) => match.state === 'READY' && sidesOf(match).includes(side))
      .filter((match) => ['check-in', 'report'].includes(matchStage(match, side)))
      // Not one against a side that has not come while its check-in is open: it may never be played.
      .filter((match) => !checkInOpen(match) || sidesOf(match).every((other) => presentSides(match).includes(other)))
      .sort(byRoundAndNumber)[0];
    if (next) announceReady(tx, tournament, every, [next], now, told, new Set([side]));
  }
}

/** What asks a side to answer: a report to confirm or dispute, a dispute to tell its side of. */
const ANSWERED_BY_THE_LEADER: readonly MatchNotification[] = [
  'TOURNAMENT_OPPONENT_REPORTED',
  'OPPONENT_TOURNAMENT_CONFLICT',
];

/**
 * Who hears a side's notice: what asks the side to answer goes to whoever answers for it, the
 * player or a party's leader (the other members cannot); what tells it goes to every member (record 128).
 */
export const sideAudience = (tournament: Tournament, entrant: string, notification: MatchNotification): string[] =>
  ANSWERED_BY_THE_LEADER.includes(notification) ? leadersOf(tournament, [entrant]) : members(tournament, entrant);

/**
 * "You are next" (issue #60): in a single elimination, the side already waiting in the match that
 * a newly ready match feeds hears that its opponent is being decided now.
 */
export function announceNext(
  tx: Transaction,
  tournament: Tournament,
  matches: Iterable<TournamentMatch>,
  match: TournamentMatch,
  now: number,
): void {
  if (tournament.bracket !== 'ELIMINATION' || match.group || match.state !== 'READY') return;
  const next = [...matches].find(
    (item) => item.round === match.round + 1 && item.number === Math.ceil(match.number / 2) && !item.group,
  );
  if (!next || next.state === 'COMPLETED') return;
  const waiting = next.participants.filter((side): side is string => !!side);
  if (waiting.length !== 1) return;
  for (const uid of members(tournament, waiting[0]!))
    notify(tx, uid, { type: 'TOURNAMENT_YOU_ARE_NEXT', tournament: tournamentLink(tournament), match: next.id }, now);
}

/**
 * What a commit of match events tells once it has applied: the matches it readied and the next
 * ones of the sides it played (announcePlayed), "you are next" (announceNext), and the events' own
 * notices, a check-in's close gathered per player (gatherNoShows).
 */
export function announceCommit(
  tx: Transaction,
  tournament: Tournament,
  all: Map<string, TournamentMatch>,
  whole: boolean,
  readied: ReadonlySet<string>,
  played: Iterable<string>,
  notices: readonly Notice[],
  now: number,
): void {
  announcePlayed(tx, tournament, all, whole, readied, played, now);
  for (const id of readied) announceNext(tx, tournament, all.values(), all.get(id)!, now);
  for (const notice of gatherNoShows(notices)) notify(tx, notice.uid, notice.content, notice.now);
}

/** A notice a commit sends once it has applied: to whom, what, and when. */
export type Notice = { uid: string; content: NotificationContent; now: number };

/**
 * One notice a player for the matches that one check-in's close decided alike (a round robin's
 * side that never came lost three at once, and heard of it in three e-mails in the same second):
 * the first match's notice, with how many (`matches`) and without the round, which differ. Won,
 * forfeited and both absent stay apart, so each line stays true of every match it counts.
 */
export function gatherNoShows(notices: readonly Notice[]): Notice[] {
  const key = ({ uid, content }: Notice) =>
    content.type === 'TOURNAMENT_MATCH_NO_SHOW' && !content.isAdmin ? `${uid} ${content.reasoning ?? 'both'}` : null;
  const counts = new Map<string, number>();
  for (const notice of notices) {
    const alike = key(notice);
    if (alike) counts.set(alike, (counts.get(alike) ?? 0) + 1);
  }
  const sent = new Set<string>();
  return notices.flatMap((notice) => {
    const alike = key(notice);
    const count = alike ? counts.get(alike)! : 1;
    if (!alike || count === 1) return [notice];
    if (sent.has(alike)) return [];
    sent.add(alike);
    const { matchRound: _round, ...content } = notice.content;
    return [{ ...notice, content: { ...content, matches: count } }];
  });
}
