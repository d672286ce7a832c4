import { collection, endAt, getDocs, limit, orderBy, query, startAt, where } from 'firebase/firestore';
import { SEARCH_PAGE_SIZE } from '@versus/domain/platform/constants';
import type { PublicProfile } from '@versus/domain/users/types';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import { apiRequest } from '../../lib/api';
import { db } from '../../lib/firebase';

/** Users whose display name starts with the text, case-insensitively. */
export async function searchUsersByName(text: string): Promise<PublicProfile[]> {
  const prefix = text.trim().toLowerCase();
  if (!prefix) return [];
  const snapshot = await getDocs(
    query(
      collection(db, 'users'),
      where('deactivated', '==', false),
      orderBy('displayNameLower'),
      startAt(prefix),
      endAt(`${prefix}\uf8ff`),
      limit(SEARCH_PAGE_SIZE),
    ),
  );
  return snapshot.docs.map((item) => item.data() as PublicProfile);
}

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
  const query = name
    ? { name, pageSize: SEARCH_PAGE_SIZE, showArchived: true, after }
    : { orderBy: 'startTime', orderByType: 'asc', pageSize: SEARCH_PAGE_SIZE };
  return apiRequest<{ total: { value: number }; hits: TournamentHit[] }>('/searchTournaments', { query });
}
