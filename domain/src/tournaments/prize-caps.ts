import * as yup from 'yup';
import { RIOT_GAMES, type Game } from '../games/games';

/**
 * settings/tournaments (issue #58): a platform admin's cap on a tournament's prize pool per game,
 * in coins. A publisher may limit what a community competition pays out (Riot's rules for League
 * of Legends and VALORANT, docs/compliance.md); a game without a cap has none.
 */
export interface TournamentSettings {
  prizeCaps?: Partial<Record<Game, number>>;
  /** The most one host's tournaments of a publisher's games may pay out in a calendar year (UTC). */
  yearlyPrizeCaps?: Partial<Record<Publisher, number>>;
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

/** The highest cap an admin may set, in coins (a game's or a publisher's yearly one). */
export const PRIZE_CAP_MAX = 100_000_000;

/** PUT /admin/tournaments/prizeCaps/{game}: a cap in coins, or null to lift it. */
export const prizeCapSchema = yup
  .object({
    cap: yup
      .number()
      .strict()
      .integer('validation.type')
      .min(0, 'validation.type')
      .max(PRIZE_CAP_MAX, 'validation.type')
      .nullable()
      .defined('validation.required'),
  })
  .noUnknown(true, 'validation.unknown-field');

/**
 * Publishers whose rules limit what one organiser's community competitions pay out in a year
 * (Riot: 10,000 USD a calendar year per organiser in North America, docs/compliance.md), and
 * their games: a host's paid tournaments of these games count towards one yearly total.
 */
export const PUBLISHERS = ['riot'] as const;
export type Publisher = (typeof PUBLISHERS)[number];
export const isPublisher = (value: unknown): value is Publisher =>
  typeof value === 'string' && (PUBLISHERS as readonly string[]).includes(value);
export const publisherOf = (game: string): Publisher | null => (game in RIOT_GAMES ? 'riot' : null);

/** The calendar year (UTC) a tournament's prizes count in: its start's. */
export const prizeYearOf = (startTime: number): number => new Date(startTime).getUTCFullYear();

/**
 * users/{uid}/prize_years/{publisher}_{year}: what the host's paid tournaments of the publisher's
 * games starting that year may pay out, each one's full pool by id as its creation or last edit
 * recorded it. A tournament cancelled since still counts here until a check near the cap reads it
 * (a cancel pays no prizes, and is not made to write this document).
 */
export interface PrizeYear {
  uid: string;
  publisher: Publisher;
  year: number;
  pools: Record<string, number>;
}
export const prizeYearId = (publisher: Publisher, year: number): string => `${publisher}_${year}`;

/** What the year's tournaments may pay out, the one being checked left out. */
export const prizeYearTotal = (pools: Record<string, number>, except?: string): number =>
  Object.entries(pools).reduce((sum, [id, pool]) => (id === except ? sum : sum + pool), 0);

/** The publisher's yearly cap when the year's total with this pool would pass it; null otherwise. */
export function yearlyPrizeOverCap(
  settings: TournamentSettings | undefined,
  publisher: Publisher,
  total: number,
  pool: number,
): { cap: number; total: number; pool: number } | null {
  const cap = settings?.yearlyPrizeCaps?.[publisher];
  return cap !== undefined && total + pool > cap ? { cap, total, pool } : null;
}

/**
 * What a tournament can still pay out, as a check near a yearly cap counts it: nothing once
 * cancelled; every place filled while it is open (more may join); what its entrants paid once it
 * has started.
 */
export const countedPool = (tournament: {
  state: string;
  entryFee: number;
  size: number;
  prizePool: number;
}): number =>
  tournament.state === 'CANCELLED' ? 0 : tournament.state === 'OPEN' ? fullPrizePool(tournament) : tournament.prizePool;
