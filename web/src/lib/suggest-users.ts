import type { PlayerSummary } from '@versus/domain/battles/battle';
import { apiRequest } from './api';

/** GET /suggestUsers (SPEC §7): the type-ahead of the challenge form and of party invites. */
export interface Suggestion {
  id: string;
  source: PlayerSummary & { trophies: number };
}
export const suggestUsers = async (displayName: string) =>
  (await apiRequest<{ hits: Suggestion[] }>('/suggestUsers', { query: { displayName } })).hits;
