import { riotEsportsOf } from '../games/games';

/**
 * Riot's European community competitions need a licence per competition (issue #58,
 * riot.eurcommunitycompetition.com: "you must apply for and receive a license for your
 * competition"; small ones are granted automatically). A paid tournament of a Riot game in the EU
 * region carries the host's licence reference, shown on its page. docs/decisions/0066.
 *
 * A licence covers one country or one sub-region of Europe, never Europe as a whole; the host names
 * its countries, and only players whose account is in one of them may enter.
 */
export const RIOT_LICENCE_MIN = 3;
export const RIOT_LICENCE_MAX = 60;
export const RIOT_LICENCE_SITE = 'https://riot.eurcommunitycompetition.com/';
/** A sub-region is a handful of countries; 60 is more than Europe has. */
export const RIOT_LICENCE_COUNTRIES_MAX = 60;

/** Whether a tournament's licence lets a player whose account is in `country` enter (no territory: anyone). */
export const licenceCovers = (
  countries: readonly string[] | null | undefined,
  country: string | null | undefined,
): boolean => !countries || countries.length === 0 || (typeof country === 'string' && countries.includes(country));

/** A territory as stored: each country once, in order. */
export const licenceTerritory = (countries: readonly string[]): string[] => [...new Set(countries)].sort();

export const needsRiotLicence = (tournament: { game?: unknown; region?: unknown; entryFee?: unknown }): boolean =>
  typeof tournament.game === 'string' &&
  riotEsportsOf(tournament.game) !== undefined &&
  tournament.region === 'EU' &&
  typeof tournament.entryFee === 'number' &&
  tournament.entryFee > 0;
