import { apiPath, type ApiQuery } from '../platform/api-path';
import { BROWSE_PAGE_SIZE } from './tournament';

/**
 * The browse page's address and its first API call, shared by the page (web) and the `api`
 * function that serves its HTML (issue #24): the function preloads exactly the address the page
 * then requests, and paints the covers of the results it will show.
 */
export interface SearchFilters {
  name?: string;
  game?: string;
  region?: string;
  platform?: string;
  entryFee?: string;
  gameFormat?: string;
  bracket?: string;
  showArchived?: boolean;
  orderBy?: string;
  orderByType?: string;
}

/** The browse page's filters from its address (every one kept in the URL). */
export function browseFilters(read: { get(name: string): string | null }): SearchFilters {
  const [orderBy, orderByType] = (read.get('sort') ?? 'startTime:asc').split(':');
  return {
    name: read.get('name') ?? undefined,
    game: read.get('game') ?? undefined,
    region: read.get('region') ?? undefined,
    platform: read.get('platform') ?? undefined,
    entryFee: read.get('entryFee') ?? undefined,
    gameFormat: read.get('gameFormat') ?? undefined,
    bracket: read.get('bracket') ?? undefined,
    showArchived: read.get('showArchived') === 'true',
    orderBy,
    orderByType,
  };
}

/** GET /searchTournaments's query for one page of these filters; `after` is the last hit shown. */
export const searchQuery = (filters: SearchFilters, pageSize: number, after?: string): ApiQuery => ({
  ...filters,
  showArchived: filters.showArchived ? true : undefined,
  pageSize,
  after,
});

/** The address of the first page the browse page shows for these filters. */
export const firstBrowsePage = (filters: SearchFilters) =>
  apiPath('/searchTournaments', searchQuery(filters, BROWSE_PAGE_SIZE));
