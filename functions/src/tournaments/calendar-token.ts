import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDocumentId } from '@versus/domain/platform/ids';

/**
 * A player's private calendar feed URL (issue #60) carries `{uid}.{version}.{signature}`: the
 * signature is an HMAC of the rest under CALENDAR_FEED_SECRET (Secret Manager; functions/.secret.local
 * for the stand-ins), so a forged or mistyped URL is refused before any read. A new link or turning
 * the feed off moves the account's version on, and every older URL stops working.
 */

const secret = () => {
  const value = process.env.CALENDAR_FEED_SECRET;
  if (!value || value === 'none') throw new Error('CALENDAR_FEED_SECRET is not set');
  return value;
};
const sign = (payload: string) => createHmac('sha256', secret()).update(payload).digest('base64url').slice(0, 32);

export const feedToken = (uid: string, version: number) => `${uid}.${version}.${sign(`${uid}.${version}`)}`;

/** The uid and version a token names when its signature holds, else null. */
export function readFeedToken(token: string): { uid: string; version: number } | null {
  const match = /^([A-Za-z0-9_-]{1,128})\.(\d{1,9})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match || !isDocumentId(match[1])) return null;
  const [, uid, version, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(`${uid}.${version}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { uid, version: Number(version) }
    : null;
}
