import { useEffect, useState } from 'react';
import type { PlayerSummary } from '@versus/domain/battles/battle';
import { apiRequest } from './api';
import { SEARCH_DEBOUNCE_MS } from './timings';
import { useDebouncedValue } from './use-debounced-value';

/** GET /suggestUsers (SPEC §7): the type-ahead of the challenge form and of party invites. */
export interface Suggestion {
  id: string;
  source: PlayerSummary & { trophies: number };
}
export const suggestUsers = async (displayName: string) =>
  (await apiRequest<{ hits: Suggestion[] }>('/suggestUsers', { query: { displayName } })).hits;

/**
 * The type-ahead's hits for `text` (debounced; none for an empty text, or when the search fails),
 * and whether a search is under way. The challenge form, party invites and the host's substitute
 * search share it.
 */
export function useUserSuggestions(text: string): { hits: Suggestion[]; searching: boolean } {
  const [hits, setHits] = useState<Suggestion[]>([]);
  const [searching, setSearching] = useState(false);
  const name = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (!name) {
      setHits([]);
      return;
    }
    let current = true;
    setSearching(true);
    suggestUsers(name)
      .then((found) => current && setHits(found))
      .catch(() => current && setHits([]))
      .finally(() => current && setSearching(false));
    return () => {
      current = false;
    };
  }, [name]);
  return { hits, searching };
}
