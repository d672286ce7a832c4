import * as yup from 'yup';
import { ENTRY_FEES, GAMES, allowsEntryFee, isGame } from '../games/games';
import { visibleText } from '../platform/text-schema';
import { TOURNAMENT_SEARCH_MAX } from '../platform/constants';
import { swissMaxRounds } from './formats';
import { BOTH_ABSENT, CHECK_IN_MINUTES_MAX, CHECK_IN_MINUTES_MIN } from './play';
import { MIN_RELIABILITY_CHOICES } from '../users/reliability';
import { isVerifiedGame } from '../games/game-accounts';
import { RIOT_LICENCE_COUNTRIES_MAX, RIOT_LICENCE_MAX, RIOT_LICENCE_MIN, needsRiotLicence } from './riot-licence';
import { countryCodes } from '../users/countries';
import {
  BEST_OF,
  BRACKETS,
  BROWSE_ORDERS,
  BROWSE_PAGE_SIZE,
  BROWSE_REGIONS,
  GAME_FORMATS,
  PAYOUT_STRUCTURES,
  PLATFORMS,
  REGIONS,
  TEAM_NAME_MAX,
  TEAM_NAME_MIN,
  TEAM_SIZE_MAX,
  TEAM_SIZE_MIN,
  TOURNAMENT_DESCRIPTION_MAX,
  TOURNAMENT_DESCRIPTION_MIN,
  TOURNAMENT_NAME_MAX,
  TOURNAMENT_NAME_MIN,
  TOURNAMENT_RULES_MAX,
  TOURNAMENT_SIZES,
  TOURNAMENT_START_MAX_AHEAD_MS,
  TOURNAMENT_START_MIN_AHEAD_MS,
  isTimeZone,
  payoutStructuresFor,
  type Bracket,
} from './tournament';

/**
 * The tournament form and the server share these (SPEC §5 "Tournament creation"). Time-dependent
 * rules read `now` from the validation context: `schema.validate(value, {context: {now}})`.
 */

const required = 'validation.required';
const integer = () => yup.number().strict().typeError(required).required(required).integer(required);

const nowOf = (context: unknown): number => {
  const now = (context as { now?: unknown } | undefined)?.now;
  if (typeof now !== 'number') throw new Error('tournament schemas validate with context {now}');
  return now;
};

export const coverImageSchema = yup
  .object({
    name: yup.string().trim().required(required).max(300, required),
    x: yup.number().strict().typeError(required).required(required).min(0, required).max(100, required),
    y: yup.number().strict().typeError(required).required(required).min(0, required).max(100, required),
  })
  .noUnknown(true, 'validation.unknown-field')
  .default(undefined);

const tournamentFields = {
  game: yup.string().required('tournaments.errors.pick-game').oneOf(GAMES, 'tournaments.errors.pick-game'),
  region: yup.string().required(required).oneOf(REGIONS, 'tournaments.errors.unknown-option'),
  platform: yup
    .array(yup.string().required(required).oneOf(PLATFORMS, 'tournaments.errors.unknown-option'))
    .required(required)
    .min(1, 'tournaments.errors.pick-platform')
    .max(PLATFORMS.length, 'tournaments.errors.pick-platform')
    .test('unique', 'tournaments.errors.pick-platform', (list) => !list || new Set(list).size === list.length),
  gameFormat: yup.string().required(required).oneOf(GAME_FORMATS, 'tournaments.errors.unknown-option'),
  teamSize: integer()
    .min(1, 'tournaments.errors.team-size')
    .max(TEAM_SIZE_MAX, 'tournaments.errors.team-size')
    .test('team-size', 'tournaments.errors.team-size', function check(size) {
      return this.parent.gameFormat === 'TEAM' ? size >= TEAM_SIZE_MIN : size === 1;
    }),
  size: integer().oneOf(TOURNAMENT_SIZES, 'tournaments.errors.unknown-option'),
  bracket: yup.string().required(required).oneOf(BRACKETS, 'tournaments.errors.unknown-option'),
  /** Double elimination: the grand final can be reset (default). Ignored for other brackets. */
  grandFinalReset: yup.boolean().strict(),
  /** Swiss: the rounds (2 to swissMaxRounds(size)); null or absent: ⌈log2 n⌉ of the entrants. Ignored for other brackets. */
  swissRounds: yup
    .number()
    .strict()
    .typeError('tournaments.errors.swiss-rounds')
    .integer('tournaments.errors.swiss-rounds')
    .nullable()
    .test('swiss-rounds', 'tournaments.errors.swiss-rounds', function check(rounds) {
      const size = this.parent.size as number;
      return rounds === null || rounds === undefined || (rounds >= 2 && rounds <= swissMaxRounds(size));
    }),
  /** Issue #22: only players with a linked game account may join (League of Legends and Dota 2). */
  verifiedOnly: yup
    .boolean()
    .strict()
    .test('verified-game', 'tournaments.errors.verified-only-game', function check(value) {
      return !value || isVerifiedGame(String(this.parent.game));
    }),
  /** Issue #60: the least reliability to join (a percentage); null or absent, none. */
  minReliability: yup
    .number()
    .strict()
    .nullable()
    .oneOf([...MIN_RELIABILITY_CHOICES, null, undefined], 'tournaments.errors.unknown-option'),
  /** Series (issue #21): best of 1, 3 or 5 per match; the final may differ. */
  bestOf: yup.number().strict().oneOf(BEST_OF, 'tournaments.errors.unknown-option'),
  finalBestOf: yup.number().strict().oneOf(BEST_OF, 'tournaments.errors.unknown-option'),
  /** Issue #60: check-in per match, 5–30 minutes; null or absent is none. Ignored for points. */
  checkInMinutes: yup
    .number()
    .strict()
    .typeError('tournaments.errors.check-in-minutes')
    .integer('tournaments.errors.check-in-minutes')
    .min(CHECK_IN_MINUTES_MIN, 'tournaments.errors.check-in-minutes')
    .max(CHECK_IN_MINUTES_MAX, 'tournaments.errors.check-in-minutes')
    .nullable(),
  bothAbsent: yup.string().strict().oneOf(BOTH_ABSENT, 'tournaments.errors.unknown-option'),
  entryFee: integer()
    .oneOf(ENTRY_FEES, 'tournaments.errors.unknown-option')
    .test('free-only-game', 'tournaments.errors.free-only-game', function check(fee) {
      const game: unknown = this.parent.game;
      return fee === 0 || !isGame(game) || allowsEntryFee(game);
    })
    .test('team-free', 'tournaments.errors.team-free-only', function check(fee) {
      return fee === 0 || this.parent.gameFormat !== 'TEAM';
    }),
  /** A paid Riot game's tournament in the EU: the host's Riot licence reference (riot-licence.ts); ignored otherwise. */
  riotLicence: visibleText(yup.string().trim().max(RIOT_LICENCE_MAX, 'tournaments.errors.riot-licence'))
    .nullable()
    .test('riot-licence', 'tournaments.errors.riot-licence', function check(value) {
      return !needsRiotLicence(this.parent) || (typeof value === 'string' && value.trim().length >= RIOT_LICENCE_MIN);
    }),
  /** The countries that licence covers (ISO 3166 alpha-2); ignored where no licence is needed. */
  riotLicenceCountries: yup
    .array(yup.string().strict().required())
    .nullable()
    .test('riot-licence-countries', 'tournaments.errors.riot-licence-countries', function check(value) {
      if (value === null || value === undefined) return !needsRiotLicence(this.parent);
      const known = new Set(countryCodes());
      return (
        value.length <= RIOT_LICENCE_COUNTRIES_MAX &&
        (value.length > 0 || !needsRiotLicence(this.parent)) &&
        value.every((code) => known.has(code as string))
      );
    }),
  payoutStructure: yup
    .string()
    .required(required)
    .oneOf(PAYOUT_STRUCTURES, 'tournaments.errors.unknown-option')
    .test('fits-bracket', 'tournaments.errors.payout-structure', function check(structure) {
      const bracket = this.parent.bracket as Bracket;
      return (
        !(BRACKETS as readonly string[]).includes(bracket) || payoutStructuresFor(bracket).includes(structure as never)
      );
    }),
  name: visibleText(
    yup
      .string()
      .trim()
      .required(required)
      .min(TOURNAMENT_NAME_MIN, 'tournaments.errors.name-length')
      .max(TOURNAMENT_NAME_MAX, 'tournaments.errors.name-length'),
  ),
  description: visibleText(
    yup
      .string()
      .trim()
      .required(required)
      .min(TOURNAMENT_DESCRIPTION_MIN, 'tournaments.errors.description-length')
      .max(TOURNAMENT_DESCRIPTION_MAX, 'tournaments.errors.description-length'),
  ),
  rules: visibleText(
    yup.string().trim().required(required).max(TOURNAMENT_RULES_MAX, 'tournaments.errors.rules-length'),
  ),
  startTime: integer()
    .test('future', 'tournaments.errors.start-in-past', function check(time) {
      return time >= nowOf(this.options.context) + TOURNAMENT_START_MIN_AHEAD_MS;
    })
    .test('not-too-far', 'tournaments.errors.start-too-far', function check(time) {
      return time <= nowOf(this.options.context) + TOURNAMENT_START_MAX_AHEAD_MS;
    }),
  /** The host's IANA time zone: the free-tournament day is their local day (SPEC §5). */
  timeZone: yup.string().required(required).test('time-zone', 'tournaments.errors.time-zone', isTimeZone),
  coverImage: coverImageSchema.nullable(),
};

/** POST /tournaments/create */
export const createTournamentSchema = yup
  .object({
    ...tournamentFields,
    terms: yup.boolean().strict().required('validation.terms').oneOf([true], 'validation.terms'),
  })
  .noUnknown(true, 'validation.unknown-field');
export type CreateTournamentInput = yup.InferType<typeof createTournamentSchema>;

/** A tournament's texts, as the host's settings check them before an edit goes (the API checks all). */
export const tournamentTextsSchema = yup.object({
  name: tournamentFields.name,
  description: tournamentFields.description,
  rules: tournamentFields.rules,
});

/** The fields of a tournament as stored after creation, checked again whole on every edit. */
export const tournamentSettingsSchema = yup.object(tournamentFields).noUnknown(true, 'validation.unknown-field');
export type TournamentSettingsInput = yup.InferType<typeof tournamentSettingsSchema>;

/**
 * POST /tournaments/{id}/edit: any of the creation fields; the server merges them into the
 * tournament and checks the whole again. Fee, size, format and bracket are fixed once someone joined.
 */
export const editTournamentSchema = yup
  .object({
    game: yup.string(),
    region: yup.string(),
    platform: yup.array(yup.string().required(required)),
    gameFormat: yup.string(),
    teamSize: yup.number(),
    size: yup.number(),
    bracket: yup.string(),
    grandFinalReset: yup.boolean(),
    swissRounds: yup.number().nullable(),
    verifiedOnly: yup.boolean(),
    minReliability: yup.number().nullable(),
    bestOf: yup.number(),
    finalBestOf: yup.number(),
    checkInMinutes: yup.number().nullable(),
    bothAbsent: yup.string(),
    entryFee: yup.number(),
    riotLicence: yup.string().nullable(),
    riotLicenceCountries: yup.array(yup.string()).nullable(),
    payoutStructure: yup.string(),
    name: yup.string(),
    description: yup.string(),
    rules: yup.string(),
    startTime: yup.number(),
    timeZone: yup.string(),
    coverImage: coverImageSchema.nullable(),
  })
  .noUnknown(true, 'validation.unknown-field');

/** POST /tournaments/{id}/createParty (SPEC §7). */
export const createPartySchema = yup
  .object({
    teamName: visibleText(
      yup
        .string()
        .trim()
        .required(required)
        .min(TEAM_NAME_MIN, 'tournaments.errors.team-name-length')
        .max(TEAM_NAME_MAX, 'tournaments.errors.team-name-length'),
    ),
  })
  .noUnknown(true, 'validation.unknown-field');

/** GET /searchTournaments (SPEC §7 browse, random and query modes). */
export const searchTournamentsSchema = yup
  .object({
    name: yup.string().trim().max(TOURNAMENT_SEARCH_MAX, 'validation.too-long'),
    game: yup.string().oneOf([...GAMES, ''], 'tournaments.errors.unknown-option'),
    region: yup.string().oneOf([...BROWSE_REGIONS, ''], 'tournaments.errors.unknown-option'),
    platform: yup.string().oneOf([...PLATFORMS, ''], 'tournaments.errors.unknown-option'),
    entryFee: yup.number().oneOf([...ENTRY_FEES], 'tournaments.errors.unknown-option'),
    gameFormat: yup.string().oneOf([...GAME_FORMATS, ''], 'tournaments.errors.unknown-option'),
    bracket: yup.string().oneOf([...BRACKETS, ''], 'tournaments.errors.unknown-option'),
    showArchived: yup.boolean(),
    orderBy: yup.string().oneOf(BROWSE_ORDERS, 'tournaments.errors.unknown-option'),
    orderByType: yup.string().oneOf(['asc', 'desc'], 'tournaments.errors.unknown-option'),
    from: yup.number().integer('validation.type').min(0, 'validation.type').max(10_000, 'validation.type'),
    pageSize: yup
      .number()
      .integer('validation.type')
      .min(1, 'validation.type')
      .max(BROWSE_PAGE_SIZE * 4, 'validation.type'),
    /** The id of the last hit already shown: the next page starts after it (a cursor, not an offset). */
    after: yup.string().max(128, 'validation.type'),
  })
  .noUnknown(true, 'validation.unknown-field');
export type SearchTournamentsInput = yup.InferType<typeof searchTournamentsSchema>;
