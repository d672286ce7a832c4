import { createHash, randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { badRequest } from '../errors/http-error';
import { db } from '../platform/firebase';
import { typed } from '../platform/collections';

/**
 * A game account's sign-in in flight (Steam's OpenID, Riot Sign On; issue #58): a single-use state
 * bound to the player who started it and the address the provider returns to, stored by its digest
 * (link_states, TTL). docs/decisions/0065.
 */
export interface LinkState {
  uid: string;
  platform: 'steam' | 'riot';
  returnTo: string;
  expiresAt: number;
  /** The TTL policy's field (a Timestamp, as Firestore's TTL needs): gone a day after it expired. */
  deleteAt?: Timestamp;
}
export const LINK_STATE_LIFETIME_MS = 15 * 60_000;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
export const linkStateRef = (state: string) => db.doc(`link_states/${digest(state)}`).withConverter(typed<LinkState>());
export const newLinkState = () => randomBytes(24).toString('base64url');

/** When Firestore's TTL policy may delete a document that stops counting at `expiresAt` (a day later). */
export const ttlAfter = (expiresAt: number) => Timestamp.fromMillis(expiresAt + 86_400_000);

/** The web app's origins a sign-in may return to (WEB_ORIGINS, comma-separated). */
const webOrigins = () =>
  (process.env.WEB_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);

/** A return address of this site, without a query or fragment; 400 otherwise. */
export function ourReturnAddress(returnTo: string): URL {
  let target: URL;
  try {
    target = new URL(returnTo);
  } catch {
    throw badRequest('returnTo must be an address of this site.', { returnTo: 'validation.type' });
  }
  if (!webOrigins().includes(target.origin) || target.search || target.hash)
    throw badRequest('returnTo must be an address of this site.', { returnTo: 'validation.type' });
  return target;
}

/** The stored state, if it is this player's, for this platform, and live. */
export async function liveLinkState(state: string, uid: string, platform: LinkState['platform'], now: number) {
  const stored = (await linkStateRef(state).get()).data();
  return stored && stored.uid === uid && stored.platform === platform && stored.expiresAt > now ? stored : null;
}
