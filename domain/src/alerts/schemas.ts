import * as yup from 'yup';
import { LOCALES } from '../platform/constants';
import { ALERT_CHANNELS, ALERT_KINDS } from './alerts';

/** PUT /me/alerts: one kind on one channel turned on or off, and/or the language alerts are written in. */
export const alertSettingSchema = yup
  .object({
    kind: yup.string().oneOf([...ALERT_KINDS], 'validation.invalid'),
    channel: yup
      .string()
      .oneOf([...ALERT_CHANNELS], 'validation.invalid')
      .when('kind', {
        is: (kind: unknown) => kind !== undefined,
        then: (schema) => schema.required('validation.required'),
      }),
    on: yup
      .boolean()
      .strict()
      .when('kind', {
        is: (kind: unknown) => kind !== undefined,
        then: (schema) => schema.required('validation.required'),
      }),
    language: yup.string().oneOf([...LOCALES], 'validation.invalid'),
  })
  .noUnknown(true, 'validation.unknown-field')
  .test('something', 'validation.required', (value) => value.kind !== undefined || value.language !== undefined);

/** A base64url key of a push subscription (RFC 8291: a P-256 point of 65 bytes, a 16-byte secret). */
const base64url = (length: number) =>
  yup
    .string()
    .required('validation.required')
    .matches(/^[A-Za-z0-9_-]+$/, 'validation.invalid')
    .length(length, 'validation.invalid');

/** POST /me/push-devices: the browser's PushSubscription as its toJSON() gives it, and the app's language. */
export const pushDeviceSchema = yup
  .object({
    endpoint: yup.string().required('validation.required').max(1000, 'validation.too-long'),
    expirationTime: yup.number().nullable(),
    keys: yup
      .object({ p256dh: base64url(87), auth: base64url(22) })
      .noUnknown(true, 'validation.unknown-field')
      .required('validation.required'),
    language: yup.string().oneOf([...LOCALES], 'validation.invalid'),
  })
  .noUnknown(true, 'validation.unknown-field');

/** POST /me/push-devices/stand-in (local platform only): the app's language. */
export const standInDeviceSchema = yup
  .object({ language: yup.string().oneOf([...LOCALES], 'validation.invalid') })
  .noUnknown(true, 'validation.unknown-field');

/** A Discord channel webhook's address, as Discord gives it (discord.com, discordapp.com, PTB, canary). */
export const DISCORD_WEBHOOK =
  /^https:\/\/(?:(?:ptb|canary)\.)?discord(?:app)?\.com\/api\/webhooks\/(\d{17,20})\/([\w-]{60,100})$/;

/** PUT /tournaments/{id}/discord: the host's webhook, and the language its posts are written in. */
export const discordWebhookSchema = yup
  .object({
    url: yup
      .string()
      .required('validation.required')
      .max(300, 'validation.too-long')
      .matches(DISCORD_WEBHOOK, 'validation.discord-webhook'),
    language: yup
      .string()
      .oneOf([...LOCALES], 'validation.invalid')
      .required('validation.required'),
  })
  .noUnknown(true, 'validation.unknown-field');
