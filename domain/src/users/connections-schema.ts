import * as yup from 'yup';
import { visibleText } from '../platform/text-schema';
import { steamAccountId } from '../games/game-accounts';

export const CONNECTION_PLATFORMS = ['discord', 'epic', 'riot', 'steam'] as const;
/** Connections checked with the game's API and kept unique (issue #22): League of Legends, Dota 2. */
export const GAME_CONNECTIONS = { riot: 'league-of-legends', steam: 'dota-2' } as const;
export type GameConnection = keyof typeof GAME_CONNECTIONS;
export const isGameConnection = (platform: string): platform is GameConnection => platform in GAME_CONNECTIONS;
export type ConnectionPlatform = (typeof CONNECTION_PLATFORMS)[number];

/**
 * Discord usernames: 2–32 letters, numbers, dots or underscores (Discord's own rule since 2023), or
 * the older form with a four-digit tag ("name#1234"), which some accounts still show.
 */
export const DISCORD_USERNAME_PATTERN = /^(?:[a-z0-9_.]{2,32}|[^#@:]{2,32}#\d{4})$/i;
/** Epic display names: 3–32 letters, numbers, spaces, dots, dashes or underscores. */
export const EPIC_ID_PATTERN = /^[\p{L}\p{N} ._-]{3,32}$/u;

/** Riot IDs are "name#tag": 3–16 characters, a hash, then a 3–5 character tag. */
export const RIOT_ID_PATTERN = /^[^#]{3,16}#[\p{L}\p{N}]{3,5}$/u;

const rules: Record<ConnectionPlatform, yup.StringSchema> = {
  discord: visibleText(yup.string())
    .trim()
    .required('validation.required')
    .matches(DISCORD_USERNAME_PATTERN, 'validation.connection-discord'),
  epic: visibleText(yup.string())
    .trim()
    .required('validation.required')
    .matches(EPIC_ID_PATTERN, 'validation.connection-epic'),
  riot: visibleText(yup.string())
    .trim()
    .required('validation.required')
    .matches(RIOT_ID_PATTERN, 'validation.connection-riot'),
  // A Dota 2 friend id, a 64-bit SteamID or a steamcommunity.com/profiles/… URL.
  steam: yup
    .string()
    .trim()
    .required('validation.required')
    .max(120, 'validation.connection-steam')
    .test('steam', 'validation.connection-steam', function check(value) {
      if (!value) return true;
      const parsed = steamAccountId(value);
      if ('id' in parsed) return true;
      return this.createError({
        message: parsed.error === 'steam-vanity' ? 'validation.connection-steam-vanity' : 'validation.connection-steam',
      });
    }),
};

export const connectionSchema = (platform: ConnectionPlatform) =>
  yup.object({ value: rules[platform] }).noUnknown(true, 'validation.unknown-field');

export const isConnectionPlatform = (value: string): value is ConnectionPlatform =>
  (CONNECTION_PLATFORMS as readonly string[]).includes(value);
