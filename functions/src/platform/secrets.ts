import { defineSecret } from 'firebase-functions/params';

/**
 * The functions' secrets (issue #58), from Secret Manager in production (`firebase
 * functions:secrets:set NAME`), never from an environment file; deploy refuses one that is.
 * Cloud Functions hands each to the function as an environment variable of the same name, which is
 * how the adapters read them (process.env). Locally functions/.secret.local holds the stand-ins'
 * values. RSO_CLIENT_SECRET is `none` until Riot grants RSO credentials. RIOT_API_KEY is needed even while `RIOT_ADAPTER=off` keeps Riot switched off (then any
 * placeholder will do), and OPENDOTA_API_KEY is `none` for OpenDota's free tier.
 */
export const SECRETS = [
  defineSecret('PAYPAL_CLIENT_SECRET'),
  defineSecret('RIOT_API_KEY'),
  defineSecret('OPENDOTA_API_KEY'),
  // Riot Sign On's client secret (issue #58); `none` where RSO is not set up: typed Riot IDs stay unverified.
  defineSecret('RSO_CLIENT_SECRET'),
  // Signs each player's private calendar feed URL (issue #60): a forged one is refused before any read.
  defineSecret('CALENDAR_FEED_SECRET'),
  // Alerts off the site (issue #60): the SMTP server's URL with its credentials, the VAPID private
  // key that signs our pushes, and the key that signs each alert's off link.
  defineSecret('SMTP_URL'),
  defineSecret('VAPID_PRIVATE_KEY'),
  defineSecret('ALERT_LINK_SECRET'),
];

/** Their names, for deploy's check that no environment file holds one. */
export const SECRET_NAMES = SECRETS.map((secret) => secret.name);
