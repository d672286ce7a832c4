import { FieldPath, type Query } from 'firebase-admin/firestore';
import {
  BROWSE_PAGE_SIZE,
  PLATFORMS,
  nameTokens,
  searchToken,
  type Tournament,
} from '@versus/domain/tournaments/tournament';
import { updateIfUnchanged } from '../platform/optimistic';
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

/**
 * Gives every tournament the name tokens nameTokens makes now (npm run migrate, and the seed):
 * tournaments made before phrase search have only their words' prefixes. Paged by id, 300 at a
 * time; each write only over the tournament as read (a rename meanwhile keeps its own tokens).
 */
export async function backfillNameTokens(): Promise<{ updated: number }> {
  let updated = 0;
  let after: string | undefined;
  for (;;) {
    let page = tournamentsCollection().orderBy(FieldPath.documentId()).limit(300);
    if (after) page = page.startAfter(after);
    const { docs } = await page.get();
    if (docs.length === 0) return { updated };
    after = docs[docs.length - 1]!.id;
    const written = await Promise.all(
      docs.map(async (doc) => {
        const tokens = nameTokens(doc.data().name ?? '');
        const stored = doc.data().nameTokens ?? [];
        if (tokens.length === stored.length && tokens.every((token, index) => stored[index] === token)) return false;
        return (await updateIfUnchanged(doc.ref, { nameTokens: tokens }, doc.updateTime)) !== undefined;
      }),
    );
    updated += written.filter(Boolean).length;
  }
}
