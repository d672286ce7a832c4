import * as yup from 'yup';
import { visibleText } from '../platform/text-schema';

export const CONNECTION_PLATFORMS = ['discord', 'epic', 'riot'] as const;
export type ConnectionPlatform = (typeof CONNECTION_PLATFORMS)[number];

/** Riot IDs are "name#tag": 3–16 characters, a hash, then a 3–5 character tag. */
export const RIOT_ID_PATTERN = /^[^#]{3,16}#[\p{L}\p{N}]{3,5}$/u;

const rules: Record<ConnectionPlatform, yup.StringSchema> = {
  discord: visibleText(yup.string())
    .trim()
    .required('validation.required')
    .min(2, 'validation.connection-discord')
    .max(32, 'validation.connection-discord'),
  epic: visibleText(yup.string())
    .trim()
    .required('validation.required')
    .min(3, 'validation.connection-epic')
    .max(32, 'validation.connection-epic'),
  riot: visibleText(yup.string())
    .trim()
    .required('validation.required')
    .matches(RIOT_ID_PATTERN, 'validation.connection-riot'),
};

export const connectionSchema = (platform: ConnectionPlatform) =>
  yup.object({ value: rules[platform] }).noUnknown(true, 'validation.unknown-field');

export const isConnectionPlatform = (value: string): value is ConnectionPlatform =>
  (CONNECTION_PLATFORMS as readonly string[]).includes(value);
