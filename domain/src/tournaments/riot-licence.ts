import { riotEsportsOf } from '../games/games';

/**
 * Riot's European community competitions need a licence per competition (issue #58,
 * riot.eurcommunitycompetition.com: "you must apply for and receive a license for your
 * competition"; small ones are granted automatically). A paid tournament of a Riot game in the EU
 * region carries the host's licence reference, shown on its page. docs/decisions/0066.
 */
export const RIOT_LICENCE_MIN = 3;
export const RIOT_LICENCE_MAX = 60;
export const RIOT_LICENCE_SITE = 'https://riot.eurcommunitycompetition.com/';

export const needsRiotLicence = (tournament: { game?: unknown; region?: unknown; entryFee?: unknown }): boolean =>
  typeof tournament.game === 'string' &&
  riotEsportsOf(tournament.game) !== undefined &&
  tournament.region === 'EU' &&
  typeof tournament.entryFee === 'number' &&
  tournament.entryFee > 0;
