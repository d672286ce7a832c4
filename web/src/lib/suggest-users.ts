import { type KeyboardEvent, useEffect, useState } from 'react';
import type { PlayerSummary } from '@versus/domain/battles/battle';
import { apiRequest } from './api';
import { SEARCH_DEBOUNCE_MS } from './timings';
import { useDebouncedValue } from './use-debounced-value';

/** GET /suggestUsers (SPEC §7): the type-ahead of the challenge form and of party invites. */
export interface Suggestion {
  id: string;
  source: PlayerSummary & { trophies: number };
}
export const suggestUsers = (displayName: string) =>
  apiRequest<{ hits: Suggestion[]; more: boolean }>('/suggestUsers', { query: { displayName } });

/**
 * The type-ahead's hits for `text` (debounced; none for an empty text, or when the search fails),
 * whether more names start so than it shows, and whether a search is under way. The challenge
 * form, party invites and the host's substitute search share it.
 */
export function useUserSuggestions(text: string): { hits: Suggestion[]; more: boolean; searching: boolean } {
  const [{ hits, more }, setFound] = useState<{ hits: Suggestion[]; more: boolean }>(NONE);
  const [searching, setSearching] = useState(false);
  const name = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (!name) {
      setFound(NONE);
      setSearching(false);
      return;
    }
    let current = true;
    setSearching(true);
    suggestUsers(name)
      .then((found) => current && setFound(found))
      .catch(() => current && setFound(NONE))
      .finally(() => current && setSearching(false));
    return () => {
      current = false;
    };
  }, [name]);
  // A text typed but not yet searched (the debounce's wait) counts as searching: its answer is to come.
  return { hits, more, searching: searching || text.trim() !== name };
}
const NONE = { hits: [], more: false };

/**
 * A search field and the suggestions under it (the challenge's opponent, a party invite, a
 * substitute): Arrow Down goes from the field to the first suggestion and on down the list, Arrow Up
 * back up to the field. Given to the field and to the list, both inside the same `.field`; the
 * field and each suggestion's button are the stops, a disabled suggestion is passed over.
 */
export function suggestionKeys(event: KeyboardEvent<HTMLElement>) {
  const step = ({ ArrowDown: 1, ArrowUp: -1 } as Record<string, number>)[event.key];
  const field = event.currentTarget.closest('.field');
  if (!step || !field) return;
  const stops = [...field.querySelectorAll<HTMLElement>('input[type=search], .suggestions button:not(:disabled)')];
  const next = stops[stops.indexOf(document.activeElement as HTMLElement) + step];
  if (!next || !stops.includes(document.activeElement as HTMLElement)) return;
  event.preventDefault();
  next.focus();
}
