import { DISPLAY_NAME_MAX, SEARCH_PAGE_SIZE, TOURNAMENT_SEARCH_MAX } from '@versus/domain/platform/constants';
import type { PublicProfile } from '@versus/domain/users/types';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { apiRequest } from '../../lib/api';

export interface UserHit {
  id: string;
  source: Pick<PublicProfile, 'uid' | 'displayName' | 'avatar' | 'avatarPlaceholder' | 'trophies' | 'team'>;
}

type UserHits = { total: { value: number }; hits: UserHit[] };

/** What a search longer than the API takes finds: nothing, without asking (the API would refuse it). */
const none = <T>() => Promise.resolve({ total: { value: 0 }, hits: [] as T[] });

/**
 * GET /searchUsers (SPEC §7): by name from `from`, or random when the text is empty. The random
 * page ("Players to discover") asks for one more than it shows: the page leaves out the signed-in
 * player (`discoverable`), and the answer is the same for everyone (cached) with no next page.
 */
export const searchUsers = (text: string, from: number) => {
  const displayName = text.trim();
  // No player's name is longer than a display name can be.
  if (displayName.length > DISPLAY_NAME_MAX) return none<UserHit>();
  return apiRequest<UserHits>('/searchUsers', {
    query: displayName
      ? { displayName, from, pageSize: SEARCH_PAGE_SIZE }
      : { displayName: '', pageSize: SEARCH_PAGE_SIZE + 1, random: true },
  });
};

/** The random page's players as shown: never the signed-in player, at most a page. */
export const discoverable = (hits: UserHit[], self: string | undefined) =>
  hits.filter((hit) => hit.id !== self).slice(0, SEARCH_PAGE_SIZE);

export interface TournamentHit {
  _id: string;
  _source: Pick<Tournament, 'name' | 'game' | 'startTime' | 'state' | 'participantCount' | 'size' | 'coverImage'>;
}

/**
 * GET /searchTournaments in the search page's two modes (SPEC §7): random (no text: the next to
 * start, 5 of them, no load-more) and query (by name, archived included, 5 at a time after `after`).
 */
export async function searchTournamentsByName(text: string, after?: string) {
  const name = text.trim();
  if (name.length > TOURNAMENT_SEARCH_MAX) return none<TournamentHit>();
  const query = name
    ? { name, pageSize: SEARCH_PAGE_SIZE, showArchived: true, after }
    : { orderBy: 'startTime', orderByType: 'asc', pageSize: SEARCH_PAGE_SIZE };
  return apiRequest<{ total: { value: number }; hits: TournamentHit[] }>('/searchTournaments', { query });
}
