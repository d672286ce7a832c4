import { describe, expect, it } from 'vitest';
import { browseFilters, firstBrowsePage } from './browse';

/** A page address's query, read as the page reads it (URLSearchParams#get; the domain has no DOM). */
const query = (text: string) => {
  const pairs = new Map(
    text
      .split('&')
      .filter(Boolean)
      .map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
  );
  return { get: (name: string) => pairs.get(name) ?? null };
};

describe("the browse page's first search", () => {
  it('is the same address for the same filters, whatever order the page address has them in', () => {
    const one = firstBrowsePage(browseFilters(query('game=fifa&name=Cup&sort=entryFee:desc')));
    const two = firstBrowsePage(browseFilters(query('sort=entryFee:desc&name=Cup&game=fifa')));
    expect(one).toBe(two);
    expect(one).toBe('/api/searchTournaments?name=Cup&game=fifa&orderBy=entryFee&orderByType=desc&pageSize=8');
  });

  it('leaves out what is not chosen, and asks for archived tournaments only when shown', () => {
    expect(firstBrowsePage(browseFilters(query('')))).toBe(
      '/api/searchTournaments?orderBy=startTime&orderByType=asc&pageSize=8',
    );
    expect(firstBrowsePage(browseFilters(query('showArchived=true&region=')))).toBe(
      '/api/searchTournaments?showArchived=true&orderBy=startTime&orderByType=asc&pageSize=8',
    );
  });

  it('encodes what a visitor typed', () => {
    expect(firstBrowsePage(browseFilters(query('name=R%26D%20%22cup%22')))).toBe(
      '/api/searchTournaments?name=R%26D%20%22cup%22&orderBy=startTime&orderByType=asc&pageSize=8',
    );
  });
});
