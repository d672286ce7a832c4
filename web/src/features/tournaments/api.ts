import { useMemo } from 'react';
import type { Locale } from '@versus/domain/platform/constants';
import type { ChatMessage } from '@versus/domain/rooms/room';
import { liveKeys } from '@versus/domain/platform/served-data';
import type { PublicProfile } from '@versus/domain/users/types';
import type { TournamentMatch } from '@versus/domain/tournaments/play';
import {
  MY_TOURNAMENTS_PAGE_SIZE,
  type Party,
  type PartyInvites,
  type PointsEntry,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { searchQuery, type SearchFilters } from '@versus/domain/tournaments/browse';
import type { FreeDayClaim } from '@versus/domain/tournaments/free-days';
import { apiRequest } from '../../lib/api';
import { db } from '../../lib/firebase';
import { useLiveDocument } from '../../lib/use-live-document';
import { useGrowingLiveQuery, useLiveQuery, type GrowingLiveQuery } from '../../lib/use-live-query';
import { profilesQuery } from '../../lib/profiles-query';
import {
  activeHostedQuery,
  activeTournamentsQuery,
  matchesQuery,
  pastTournamentsQuery,
  pointsQuery,
  myFreeStartsQuery,
  myInvitesDoc,
  myInvitesQuery,
  partiesQuery,
  tournamentDoc,
  tournamentsByIdQuery,
} from './queries';

// ——— commands (docs/api.md) ———

export interface TournamentForm {
  game: string;
  region: string;
  platform: string[];
  gameFormat: string;
  teamSize: number;
  size: number;
  bracket: string;
  grandFinalReset?: boolean;
  swissRounds?: number | null;
  verifiedOnly?: boolean;
  bestOf?: number;
  finalBestOf?: number;
  entryFee: number;
  riotLicence?: string | null;
  riotLicenceCountries?: string[] | null;
  payoutStructure: string;
  name: string;
  description: string;
  rules: string;
  /** null until chosen: the schema then answers "required", not "too soon". */
  startTime: number | null;
  timeZone: string;
  coverImage: { name: string; x: number; y: number } | null;
  terms: boolean;
}
export type TournamentEditForm = Partial<Omit<TournamentForm, 'terms'>>;

const at = (id: string, action: string) => `/tournaments/${encodeURIComponent(id)}/${action}`;

/** With an Idempotency-Key: Create pressed again after a lost answer gives the tournament made (walk AH). */
export const createTournament = (form: TournamentForm, idempotencyKey?: string) =>
  apiRequest<Tournament>('/tournaments/create', { body: form, idempotencyKey });
export const editTournament = (id: string, edit: TournamentEditForm) =>
  apiRequest<Tournament>(at(id, 'edit'), { body: edit });
/** With the host's word to the players (record 162; only spaces is none). */
export const cancelTournament = (id: string, reasoning: string) =>
  apiRequest<Tournament>(at(id, 'cancel'), { method: 'POST', body: { reasoning } });
export const extendTournament = (id: string) => apiRequest<Tournament>(at(id, 'extend'), { method: 'POST' });
export const joinTournament = (id: string, idempotencyKey?: string) =>
  apiRequest<Tournament>(at(id, 'join'), { method: 'POST', idempotencyKey });
export const leaveTournament = (id: string) => apiRequest<Tournament>(at(id, 'leave'), { method: 'POST' });
export const checkIn = (id: string) => apiRequest<Tournament>(at(id, 'checkIn'), { method: 'POST' });
export const createParty = (id: string, teamName: string) =>
  apiRequest<Party>(at(id, 'createParty'), { body: { teamName } });
export const inviteToParty = (id: string, uid: string) =>
  apiRequest<Party>(at(id, `inviteToParty/${encodeURIComponent(uid)}`), { method: 'POST' });
export const joinParty = (id: string, partyId: string) =>
  apiRequest<Party>(at(id, `joinParty/${encodeURIComponent(partyId)}`), { method: 'POST' });
export const ignoreInvite = (id: string, partyId: string) =>
  apiRequest(at(id, `ignoreInvite/${encodeURIComponent(partyId)}`), { method: 'POST' });
export const partyReady = (id: string) => apiRequest<Tournament>(at(id, 'partyReady'), { method: 'POST' });
export const removeParty = (id: string) => apiRequest(at(id, 'removeParty'), { method: 'POST' });
export const leaveParty = (id: string) => apiRequest<Party>(at(id, 'leaveParty'), { method: 'POST' });
export const removeFromParty = (id: string, uid: string) =>
  apiRequest<Party>(at(id, `removeFromParty/${encodeURIComponent(uid)}`), { method: 'POST' });
export const withdrawInvite = (id: string, uid: string) =>
  apiRequest<Party>(at(id, `withdrawInvite/${encodeURIComponent(uid)}`), { method: 'POST' });
export const uploadCover = (file: Blob) =>
  apiRequest<{ path: string; url: string; width: number; height: number }>('/uploads/cover', { file });

// Play (docs/api.md "Tournaments: play")
const matchAt = (id: string, match: string, action: string) =>
  `/tournaments/elimination/${encodeURIComponent(id)}/match/${encodeURIComponent(match)}/${action}`;
/** A series' score goes with the winner, the winner's games first (issue #21); a best of 1 sends none. */
export const reportMatch = (id: string, match: string, winnerUid: string, score?: [number, number]) =>
  apiRequest<TournamentMatch>(matchAt(id, match, 'report'), { body: { winnerUid, ...(score ? { score } : {}) } });
/** POST …/match/{matchUid}/checkIn (issue #60): a side checks in to its ready match. */
export const checkInToMatch = (id: string, match: string) =>
  apiRequest<TournamentMatch>(matchAt(id, match, 'checkIn'), { method: 'POST' });
/** POST /tournaments/{id}/disqualify/{entrantId} (issue #60): the host disqualifies an entrant in play. */
export const disqualifyEntrant = (id: string, entrant: string, reasoning: string) =>
  apiRequest<Tournament>(`/tournaments/${encodeURIComponent(id)}/disqualify/${encodeURIComponent(entrant)}`, {
    body: { reasoning },
  });
/** POST /tournaments/{id}/remove/{entrantId} (record 115): before the start the host removes an entrant. */
export const removeEntrant = (id: string, entrant: string, reasoning: string) =>
  apiRequest<Tournament>(`/tournaments/${encodeURIComponent(id)}/remove/${encodeURIComponent(entrant)}`, {
    body: { reasoning },
  });
/** POST /tournaments/{id}/allowBack/{uid} (record 115): the host lets a player they removed join again. */
export const allowBack = (id: string, uid: string) =>
  apiRequest<Tournament>(`/tournaments/${encodeURIComponent(id)}/allowBack/${encodeURIComponent(uid)}`, {
    method: 'POST',
  });
/** POST /tournaments/{id}/substitute/{partyId} (issue #60): the host swaps a substitute in for a party member. */
export const substituteMember = (id: string, party: string, out: string, substitute: string) =>
  apiRequest<Tournament>(`/tournaments/${encodeURIComponent(id)}/substitute/${encodeURIComponent(party)}`, {
    body: { out, substitute },
  });
/** POST …/match/{matchUid}/pause (issue #60): the host holds or releases one match's clock. */
export const pauseMatchClock = (id: string, match: string, paused: boolean) =>
  apiRequest<TournamentMatch>(matchAt(id, match, 'pause'), { body: { paused } });
/** POST …/match/{matchUid}/checkGame (issue #22): ask the game for the match's result now. */
export const checkMatchGame = (id: string, match: string) =>
  apiRequest<{
    found: boolean;
    reason?: 'not-verified' | 'series' | 'not-linked' | 'no-game' | 'unavailable' | 'over';
    match: TournamentMatch;
  }>(matchAt(id, match, 'checkGame'), { method: 'POST' });
export const disputeMatch = (id: string, match: string, story: string, proof: string) =>
  apiRequest<TournamentMatch>(matchAt(id, match, 'dispute'), { body: { story, proof } });
export const setMatchWinner = (
  id: string,
  match: string,
  winnerUid: string,
  reasoning?: string,
  score?: [number, number],
) =>
  apiRequest<TournamentMatch>(matchAt(id, match, 'setWinner'), {
    body: { winnerUid, ...(reasoning ? { reasoning } : {}), ...(score ? { score } : {}) },
  });
export const submitPoints = (id: string, input: { points: number; attachment: string; description?: string }) =>
  apiRequest<PointsEntry>(`/tournaments/points/${encodeURIComponent(id)}/submitPoints`, { body: input });
export const setParticipantPoints = (
  id: string,
  input: { participant: string; points: number; description?: string; round?: number },
) => apiRequest<PointsEntry>(`/tournaments/points/${encodeURIComponent(id)}/setParticipantPoints`, { body: input });
export const finishTournament = (id: string) => apiRequest<Tournament>(at(id, 'finish'), { method: 'POST' });

// Chat (docs/api.md "rooms"): a tournament's room has its id.
const roomAt = (id: string, action: string) => `/rooms/${encodeURIComponent(id)}/${action}`;
export const sendRoomMessage = (id: string, message: string, attachment?: string) =>
  apiRequest<ChatMessage>(roomAt(id, 'sendMessage'), { body: attachment ? { message, attachment } : { message } });
export const sendTyped = (id: string) => apiRequest(roomAt(id, 'typed'), { method: 'POST' });
/**
 * My last open of the room, read up to `seen`, the `sent` of the newest message shown
 * (docs/decisions/0102); `closing` when it closes, which the 5-s throttle does not drop, or
 * `leaving` as the tab closes (sent at once, to its end).
 */
export const markRoomOpen = (id: string, seen: number, closing: 'closing' | 'leaving' | false = false) =>
  apiRequest<{ lastOpen: number; throttled: boolean }>(
    roomAt(id, 'lastOpen'),
    closing ? { body: { closing: true, seen }, keepalive: closing === 'leaving' } : { body: { seen } },
  );
export const deleteRoomMessage = (id: string, messageId: string) =>
  apiRequest<ChatMessage>(roomAt(id, `messages/${encodeURIComponent(messageId)}/delete`), { method: 'POST' });

export interface SearchAnswer {
  total: { value: number };
  hits: { _id: string; _source: Tournament }[];
}

/** GET /searchTournaments (SPEC §7): one page; `after` is the last hit already shown. Open to all. */
export const searchTournaments = (filters: SearchFilters, pageSize: number, after?: string) =>
  apiRequest<SearchAnswer>('/searchTournaments', { query: searchQuery(filters, pageSize, after), open: true });

// ——— live reads ———

export const useTournament = (id: string | undefined) => useLiveDocument<Tournament>(id ? tournamentDoc(db, id) : null);
export const useParties = (id: string | undefined) =>
  useLiveQuery<Party>(id ? `parties:${id}` : null, () => partiesQuery(db, id!));
export const useMatches = (id: string | undefined) =>
  useLiveQuery<TournamentMatch>(id ? liveKeys.matches(id) : null, () => matchesQuery(db, id!));
export const usePoints = (id: string | undefined) =>
  useLiveQuery<PointsEntry>(id ? `points:${id}` : null, () => pointsQuery(db, id!));
export const useMyInvites = (id: string | undefined, uid: string | undefined) =>
  useLiveDocument<PartyInvites>(id && uid ? myInvitesDoc(db, id, uid) : null);
/** The public profiles of a party's invitees (at most a team's size), for their names. */
export const useInvitedPlayers = (uids: string[]) =>
  useLiveQuery<PublicProfile>(uids.length > 0 ? `invited:${uids.join(',')}` : null, () => profilesQuery(db, uids));
export const useAllMyInvites = (uid: string | undefined) =>
  useLiveQuery<PartyInvites>(uid ? `invites:${uid}` : null, () => myInvitesQuery(db, uid!));
export const useMyFreeStarts = (uid: string | undefined) =>
  useLiveQuery<FreeDayClaim>(uid ? `free-starts:${uid}` : null, () => myFreeStartsQuery(db, uid!));

/**
 * /my-tournaments' lists of the tournaments I host or play in: the active ones whole (the banners
 * read the same queries), and the ended ones MY_TOURNAMENTS_PAGE_SIZE more at a time, latest first.
 * Read whole on every visit, a player's every tournament would grow with each month played
 * (docs/decisions/0092).
 */
function useMyTournaments(uid: string | undefined, role: 'host' | 'player'): GrowingLiveQuery<Tournament> {
  const now = useLiveQuery<Tournament>(uid ? `active-${role}:${uid}` : null, () =>
    role === 'host' ? activeHostedQuery(db, uid!) : activeTournamentsQuery(db, uid!),
  );
  const ended = useGrowingLiveQuery<Tournament>(
    uid ? `past-${role}:${uid}` : null,
    (count) => pastTournamentsQuery(db, uid!, role, count),
    MY_TOURNAMENTS_PAGE_SIZE,
  );
  const current = now.status === 'ready' ? now.items : null;
  const items = useMemo(
    () => [...[...(current ?? [])].sort((a, b) => b.startTime - a.startTime), ...ended.items],
    [current, ended.items],
  );
  return {
    status: now.status === 'ready' ? ended.status : now.status,
    items,
    more: ended.more,
    showMore: ended.showMore,
  };
}
export const useHostedTournaments = (uid: string | undefined) => useMyTournaments(uid, 'host');
export const useJoinedTournaments = (uid: string | undefined) => useMyTournaments(uid, 'player');
export const useActiveTournaments = (uid: string | undefined) =>
  useLiveQuery<Tournament>(uid ? `active-tournaments:${uid}` : null, () => activeTournamentsQuery(db, uid!));
export const useActiveHosted = (uid: string | undefined) =>
  useLiveQuery<Tournament>(uid ? `active-hosted:${uid}` : null, () => activeHostedQuery(db, uid!));

/** The shown tournaments, read live so counts and states move without a reload. */
export const useLiveTournaments = (ids: string[]) =>
  useLiveQuery<Tournament>(ids.length > 0 ? `by-id:${ids.slice(0, 30).join(',')}` : null, () =>
    tournamentsByIdQuery(db, ids),
  );

/** PUT /admin/tournaments/prizeCaps/{game} (issue #58): a platform admin's cap, or null to lift it. */
export const setPrizeCap = (game: string, cap: number | null) =>
  apiRequest<{ game: string; cap: number | null }>(`/admin/tournaments/prizeCaps/${game}`, {
    method: 'PUT',
    body: { cap },
  });

/** PUT /admin/tournaments/yearlyPrizeCaps/{publisher} (issue #58): a publisher's cap per host and year, or null. */
export const setYearlyPrizeCap = (publisher: string, cap: number | null) =>
  apiRequest<{ publisher: string; cap: number | null }>(`/admin/tournaments/yearlyPrizeCaps/${publisher}`, {
    method: 'PUT',
    body: { cap },
  });

/** A tournament's Discord channel as its host sees it (issue #60): on, or off and why; the address's end. */
export interface DiscordState {
  on: boolean;
  offReason: string | null;
  ending: string | null;
  language: Locale | null;
}
export const discordChannel = (tournament: string) =>
  apiRequest<DiscordState>(`/discord/tournaments/${encodeURIComponent(tournament)}`);
export const setDiscordChannel = (tournament: string, url: string, language: Locale) =>
  apiRequest<DiscordState>(`/discord/tournaments/${encodeURIComponent(tournament)}`, {
    method: 'PUT',
    body: { url, language },
  });
export const removeDiscordChannel = (tournament: string) =>
  apiRequest<DiscordState>(`/discord/tournaments/${encodeURIComponent(tournament)}`, { method: 'DELETE' });
