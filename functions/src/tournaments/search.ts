import type { Query } from 'firebase-admin/firestore';
import { BROWSE_PAGE_SIZE, PLATFORMS, searchToken, type Tournament } from '@versus/domain/tournaments/tournament';
import type { SearchTournamentsInput } from '@versus/domain/tournaments/schemas';
import { tournamentRef, tournamentsCollection } from './refs';

/**
 * GET /searchTournaments (SPEC §7): the browse page's filters and the search page's modes, on
 * plain Firestore queries. Every filter is an equality (platform through its flag, the name through
 * one word-prefix token), so each combination is served by merging the per-filter composite
 * indexes of firestore.indexes.json with the chosen order. The total is a count aggregation; the
 * next page starts after the last hit shown (`after`), `from` is only a fallback offset.
 */
/** The fields browse filters on; firestore.indexes.json has one index per field and order (a unit test checks). */
export const BROWSE_FILTER_FIELDS = [
  'archived',
  'nameTokens',
  'game',
  'region',
  ...PLATFORMS.map((platform) => `platforms.${platform}`),
  'entryFee',
  'gameFormat',
  'bracket',
] as const;

export interface SearchAnswer {
  total: { value: number };
  hits: { _id: string; _source: Tournament }[];
}

export async function searchTournaments(input: SearchTournamentsInput): Promise<SearchAnswer> {
  let query: Query<Tournament> = tournamentsCollection();
  if (!input.showArchived) query = query.where('archived', '==', false);
  const token = input.name ? searchToken(input.name) : '';
  if (token) query = query.where('nameTokens', 'array-contains', token);
  if (input.game) query = query.where('game', '==', input.game);
  if (input.region) query = query.where('region', '==', input.region);
  if (input.platform) query = query.where(`platforms.${input.platform}`, '==', true);
  if (input.entryFee !== undefined) query = query.where('entryFee', '==', input.entryFee);
  if (input.gameFormat) query = query.where('gameFormat', '==', input.gameFormat);
  if (input.bracket) query = query.where('bracket', '==', input.bracket);

  // The count and the page are read side by side.
  const counted = query.count().get();
  const orderBy = input.orderBy ?? 'startTime';
  const direction: 'asc' | 'desc' =
    input.orderByType === 'desc' || (!input.orderByType && orderBy === 'created') ? 'desc' : 'asc';
  let page = query.orderBy(orderBy, direction);
  if (orderBy !== 'startTime') page = page.orderBy('startTime', 'asc');
  page = page.limit(input.pageSize ?? BROWSE_PAGE_SIZE);
  if (input.after) {
    const last = await tournamentRef(input.after).get();
    page = last.exists ? page.startAfter(last) : page.offset(input.from ?? 0);
  } else if (input.from) {
    page = page.offset(input.from);
  }
  const [count, read] = await Promise.all([counted, page.get()]);
  const hits = read.docs.map((doc) => ({ _id: doc.id, _source: doc.data() }));
  return { total: { value: count.data().count }, hits };
}
