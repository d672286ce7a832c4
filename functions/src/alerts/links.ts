import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_CHANNELS, ALERT_KINDS, type AlertChannel, type AlertKind } from '@versus/domain/alerts/alerts';
import { localePrefix, type Locale } from '@versus/domain/platform/constants';
import { isDocumentId } from '@versus/domain/platform/ids';
import type { NotificationContent } from '../notifications/notify';

/**
 * The links an alert carries (issue #60): where it opens, and the one that turns its kind off on its
 * channel. That link names `{uid}.{kind}.{channel}` and an HMAC of them under ALERT_LINK_SECRET
 * (Secret Manager; functions/.secret.local locally), so it works signed out, from a mail client's
 * one-click List-Unsubscribe, and a forged one is refused before any read.
 */

const secret = () => {
  const value = process.env.ALERT_LINK_SECRET;
  if (!value || value === 'none') throw new Error('ALERT_LINK_SECRET is not set');
  return value;
};
const sign = (payload: string) => createHmac('sha256', secret()).update(payload).digest('base64url').slice(0, 32);

export const offToken = (uid: string, kind: AlertKind, channel: AlertChannel) =>
  `${uid}.${kind}.${channel}.${sign(`${uid}.${kind}.${channel}`)}`;

export function readOffToken(token: string): { uid: string; kind: AlertKind; channel: AlertChannel } | null {
  const match = /^([A-Za-z0-9_-]{1,128})\.([A-Za-z]{1,32})\.([a-z]{1,16})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, uid, kind, channel, signature] = match as unknown as [string, string, string, string, string];
  if (!isDocumentId(uid) || !(ALERT_KINDS as readonly string[]).includes(kind)) return null;
  if (!(ALERT_CHANNELS as readonly string[]).includes(channel)) return null;
  const expected = Buffer.from(sign(`${uid}.${kind}.${channel}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { uid, kind: kind as AlertKind, channel: channel as AlertChannel }
    : null;
}

/** The site's origin (SITE_ORIGIN: production's Hosting domain; locally the web app's). */
export function siteOrigin(): string {
  const origin = process.env.SITE_ORIGIN;
  if (!origin) throw new Error('SITE_ORIGIN is not set');
  return origin.replace(/\/$/, '');
}

/** Where an alert opens, in the player's language: the place to act (as the app's notification list leads). */
export function alertPath(content: NotificationContent, language: Locale | undefined): string {
  const tournament = content.tournament?.id;
  const path = content.battle
    ? `/battles/${content.battle}`
    : content.challenge
      ? `/battles/view-challenge/${content.challenge}`
      : !tournament
        ? '/notifications'
        : content.match && content.type === 'ADMIN_TOURNAMENT_CONFLICT'
          ? `/tournaments/resolve-conflict/${tournament}/${content.match}`
          : content.type === 'TOURNAMENT_PAYOUT_RECEIVED' || content.type === 'ADMIN_TOURNAMENT_PAYOUT_RECEIVED'
            ? `/tournaments/${tournament}/standings`
            : `/tournaments/${tournament}`;
  return `${localePrefix(language)}${path}`;
}

/** A page of the site in the player's language (en-GB's paths have no prefix). */
export const siteUrl = (path: string, language: Locale | undefined) =>
  `${siteOrigin()}${localePrefix(language)}${path}`;

/** The page that asks before it turns a kind off (the web app's /alerts/off). */
export const offPageUrl = (token: string, language: Locale | undefined) =>
  siteUrl(`/alerts/off?token=${encodeURIComponent(token)}`, language);

/** The API's one-click address (RFC 8058) that mail clients POST to. */
export const oneClickUrl = (token: string) => `${siteOrigin()}/api/alerts/off?token=${encodeURIComponent(token)}`;
