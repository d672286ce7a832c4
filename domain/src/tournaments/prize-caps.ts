import * as yup from 'yup';
import type { Game } from '../games/games';

/**
 * settings/tournaments (issue #58): a platform admin's cap on a tournament's prize pool per game,
 * in coins. A publisher may limit what a community competition pays out (Riot's rules for League
 * of Legends and VALORANT, docs/compliance.md); a game without a cap has none.
 */
export interface TournamentSettings {
  prizeCaps?: Partial<Record<Game, number>>;
  updatedBy?: string;
  updatedAt?: number;
}

/** The most a tournament can pay out: every place filled, each entrant paying the fee. */
export const fullPrizePool = (tournament: { entryFee: number; size: number }): number =>
  tournament.entryFee * tournament.size;

/** The game's cap when the tournament's full pool would pass it; null within it or without one. */
export function prizeOverCap(
  settings: TournamentSettings | undefined,
  tournament: { game: string; entryFee: number; size: number },
): { cap: number; pool: number } | null {
  const cap = settings?.prizeCaps?.[tournament.game as Game];
  const pool = fullPrizePool(tournament);
  return cap !== undefined && pool > cap ? { cap, pool } : null;
}

/** PUT /admin/tournaments/prizeCaps/{game}: a cap in coins, or null to lift it. */
export const prizeCapSchema = yup
  .object({
    cap: yup
      .number()
      .strict()
      .integer('validation.type')
      .min(0, 'validation.type')
      .max(100_000_000, 'validation.type')
      .nullable()
      .defined('validation.required'),
  })
  .noUnknown(true, 'validation.unknown-field');
