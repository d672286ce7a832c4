import { useEffect, useState } from 'react';
import {
  INACTIVITY_WARNING_MS,
  isCheckInOpen,
  playsMatches,
  type PartyInvites,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import type { TournamentMatch } from '@versus/domain/tournaments/play';
import {
  CHECK_IN_CLOCK_GRACE_MS,
  checkInOpen,
  checkInRunOut,
  isPaused,
  matchStage,
} from '@versus/domain/tournaments/match-stage';
import { emptied } from '../../lib/emptied';
import { subscribeWithQueries } from '../../lib/firebase-lazy';

/**
 * SPEC §2 banners: "tournament about to be cancelled" (host), and ours: check in now, party invites,
 * a match's stage, a disputed match the host decides.
 */
export interface TournamentBannerItem {
  kind:
    | 'check-in'
    | 'about-to-be-cancelled'
    | 'party-invite'
    | 'match-check-in'
    | 'opponent-check-in'
    | 'score-submit'
    | 'score-confirm'
    | 'tell-your-side'
    | 'host-dispute';
  tournamentId: string;
  /** The tournament's name, or the team's for an invite. */
  name: string;
  until: number | null;
  /** For an invite: the tournament's name and the party. */
  tournamentName?: string;
  partyId?: string;
  /** For a match: the other side's name (a player's, or a team's). */
  opponent?: string;
  /** For the host's dispute, and a match to check in to: the match (and the dispute's two sides' names). */
  matchId?: string;
  sides?: [string, string];
  /** For a match: the host holds its clock, so no time runs out (`until` is null; a walk's banner counted on). */
  held?: boolean;
}

const TICK_MS = 15_000;
const LISTS = ['activeTournamentsQuery', 'activeHostedQuery', 'myInvitesQuery'] as const;
type ListName = (typeof LISTS)[number];

/**
 * The banners' matches, one small query per key, read live while the keys stay (comma-joined, so an
 * unchanged set keeps its listens): `open`, the matches an entrant (`tournament/entrant`) is to play
 * now; `disputed`, a hosted tournament's disputed ones. A key answers `[]` if its query fails.
 */
function useLiveMatches(kind: 'open' | 'disputed', keys: string): Record<string, TournamentMatch[]> {
  const [found, setFound] = useState<Record<string, TournamentMatch[]>>({});
  useEffect(() => {
    setFound((all) => (Object.keys(all).length === 0 ? all : {}));
    if (!keys) return;
    const stops = keys.split(',').map((key) =>
      subscribeWithQueries(
        () => import('./queries'),
        ({ db, onQueryAnswer }, queries) => {
          const [tournamentId, entrantId] = key.split('/') as [string, string];
          return onQueryAnswer(
            kind === 'open'
              ? queries.myOpenMatchesQuery(db, tournamentId, entrantId)
              : queries.disputedMatchesQuery(db, tournamentId),
            (snapshot) =>
              setFound((all) => ({
                ...all,
                [key]: snapshot.docs.map((item) => ({ ...(item.data() as TournamentMatch), id: item.id })),
              })),
            (error) => {
              console.warn(`${kind} match banners failed`, error);
              setFound((all) => ({ ...all, [key]: [] }));
            },
          );
        },
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [kind, keys]);
  return found;
}

/**
 * The signed-in player's tournaments (as player and as host) and party invites, read live in the
 * always-loaded shell through the lazy SDK, re-evaluated as time passes. `ready` once every list and
 * each tournament's open matches have answered for this player.
 */
export function useTournamentBannerItems(uid: string | undefined): {
  items: TournamentBannerItem[];
  ready: boolean;
} {
  const [playing, setPlaying] = useState<Tournament[]>([]);
  const [hosting, setHosting] = useState<Tournament[]>([]);
  const [invites, setInvites] = useState<PartyInvites[]>([]);
  const [heard, setHeard] = useState<Partial<Record<ListName, string>>>({});
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!uid) {
      setPlaying(emptied);
      setHosting(emptied);
      setInvites(emptied);
      return;
    }
    const answered = (name: ListName) => setHeard((was) => (was[name] === uid ? was : { ...was, [name]: uid }));
    const subscribe = <T>(name: ListName, set: (items: T[]) => void) =>
      subscribeWithQueries(
        () => import('./queries'),
        ({ db, onQueryAnswer }, queries) =>
          onQueryAnswer(
            queries[name](db, uid),
            (snapshot) => {
              set(snapshot.docs.map((item) => ({ ...(item.data() as T), id: item.id })));
              answered(name);
            },
            (error) => {
              console.warn('tournament banners failed', error);
              answered(name);
            },
          ),
      );
    const stops = [
      subscribe<Tournament>('activeTournamentsQuery', setPlaying),
      subscribe<Tournament>('activeHostedQuery', setHosting),
      subscribe<PartyInvites>('myInvitesQuery', setInvites),
    ];
    return () => stops.forEach((stop) => stop());
  }, [uid]);

  // SPEC §2 "tournament score submit": the matches the player's entrant (they, or the party they
  // lead) has to report or argue now, one small query per elimination tournament in play.
  const leading = playing
    .filter((tournament) => tournament.state === 'ONGOING' && playsMatches(tournament.bracket))
    .flatMap((tournament) => {
      const entrant = tournament.participants.find((item) => item.uid === uid);
      return entrant ? [`${tournament.id}/${entrant.id}`] : [];
    })
    .join(',');
  const openMatches = useLiveMatches('open', leading);

  // The disputed matches of the host's tournaments in play, which wait for their decision (record 164).
  const deciding = hosting
    .filter((tournament) => tournament.state === 'ONGOING' && playsMatches(tournament.bracket))
    .map((tournament) => tournament.id)
    .join(',');
  const disputed = useLiveMatches('disputed', deciding);

  useEffect(() => {
    if (playing.length === 0 && hosting.length === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [playing.length, hosting.length]);

  if (!uid) return { items: [], ready: true };
  const ready =
    LISTS.every((name) => heard[name] === uid) &&
    (leading === '' || leading.split(',').every((pair) => pair in openMatches)) &&
    (deciding === '' || deciding.split(',').every((id) => id in disputed));
  const items: TournamentBannerItem[] = [];
  for (const tournament of playing) {
    const entrant = tournament.participants.find((item) => item.uid === uid);
    if (entrant && !entrant.checkedIn && isCheckInOpen(tournament, now))
      items.push({ kind: 'check-in', tournamentId: tournament.id, name: tournament.name, until: tournament.startTime });
  }
  for (const [pair, matches] of Object.entries(openMatches)) {
    const [tournamentId, entrantId] = pair.split('/') as [string, string];
    const tournament = playing.find((item) => item.id === tournamentId);
    if (!tournament || tournament.state !== 'ONGOING') continue;
    for (const match of matches) {
      const stage = matchStage(match, entrantId);
      const other = match.participants.find((side) => side && side !== entrantId);
      const opponent = tournament.participants.find((item) => item.id === other)?.displayName ?? '';
      // Check-in per match (issue #60): until it closes, its close is the match's deadline, which is
      // no deadline to report by (a walk read "report by 10.24" for the opponent's check-in).
      const checkingIn = checkInOpen(match);
      const held = isPaused(match);
      // Past its close, nothing until the sweeper decides the match (within a minute), not "in 00:00".
      if (checkInRunOut(match, now - CHECK_IN_CLOCK_GRACE_MS)) continue;
      if (stage === 'check-in')
        items.push({
          kind: 'match-check-in',
          tournamentId,
          name: tournament.name,
          until: held ? null : (match.checkInCloses ?? null),
          held,
          opponent,
          matchId: match.id,
        });
      if (stage === 'report' && checkingIn)
        items.push({
          kind: 'opponent-check-in',
          tournamentId,
          name: tournament.name,
          until: held ? null : (match.checkInCloses ?? null),
          held,
          opponent,
        });
      // The other side reported first: the banner asks to confirm it (it asked to report, as if
      // nothing had come; record 183).
      if (stage === 'report' && !checkingIn)
        items.push({
          kind: other && match.reports[other] ? 'score-confirm' : 'score-submit',
          tournamentId,
          name: tournament.name,
          until: held ? null : (match.deadline ?? null),
          held,
          opponent,
        });
      if (stage === 'add-story')
        items.push({ kind: 'tell-your-side', tournamentId, name: tournament.name, until: null, opponent });
    }
  }
  for (const tournament of hosting) {
    if (tournament.state === 'ONGOING' && tournament.timesOut - now <= INACTIVITY_WARNING_MS)
      items.push({
        kind: 'about-to-be-cancelled',
        tournamentId: tournament.id,
        name: tournament.name,
        until: tournament.timesOut,
      });
  }
  for (const [tournamentId, matches] of Object.entries(disputed)) {
    const tournament = hosting.find((item) => item.id === tournamentId);
    if (!tournament || tournament.state !== 'ONGOING') continue;
    const side = (id?: string | null) => tournament.participants.find((item) => item.id === id)?.displayName ?? '';
    for (const match of matches)
      items.push({
        kind: 'host-dispute',
        tournamentId,
        name: tournament.name,
        until: null,
        matchId: match.id,
        sides: [side(match.participants[0]), side(match.participants[1])],
      });
  }
  for (const invite of invites) {
    for (const [partyId, party] of Object.entries(invite.parties ?? {})) {
      items.push({
        kind: 'party-invite',
        tournamentId: invite.tournamentId,
        name: party.teamName,
        tournamentName: invite.tournamentName,
        partyId,
        until: null,
      });
    }
  }
  return { items, ready };
}
