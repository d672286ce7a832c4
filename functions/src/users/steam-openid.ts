import { createHash } from 'node:crypto';
import { logger } from 'firebase-functions';
import { STEAM_OPENID_NS, steamAccountIdOf64, type SteamAssertion } from '@versus/domain/users/steam-openid';
import { HttpError, conflict } from '../errors/http-error';
import { db } from '../platform/firebase';
import { linkVerifiedGameAccount } from './connections';
import {
  LINK_STATE_LIFETIME_MS,
  linkStateRef,
  liveLinkState,
  newLinkState,
  ourReturnAddress,
  ttlAfter,
} from './link-states';

/**
 * Linking a Steam account by signing in to Steam (issue #58; docs/decisions/0065): OpenID 2.0 as
 * Steam speaks it. The start hands the browser Steam's sign-in URL, whose return_to carries a
 * single-use state bound to the player; the finish checks the assertion (our return_to and state,
 * Steam's endpoint, the claimed id's form, a fresh nonce never used before), asks Steam to confirm
 * its signature (check_authentication), and links the account it names.
 */

/** Steam's provider; the game stand-in's locally (STEAM_OPENID_URL). */
export const steamEndpoint = () => process.env.STEAM_OPENID_URL ?? 'https://steamcommunity.com/openid/login';

/** How old an assertion's nonce may be (its time is Steam's clock; ours may differ a little). */
const NONCE_WINDOW_MS = 5 * 60_000;
const SIGNED_REQUIRED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const nonceRef = (nonce: string) => db.doc(`openid_nonces/${digest(`steam|${nonce}`)}`);

export const steamSignInFailed = (why: string) => {
  logger.warn('steam sign-in refused', { why });
  return new HttpError(400, 'Steam did not confirm this sign-in. Try again.', 'steam-sign-in-failed');
};

/** POST /profile/connections/steam/start {returnTo}: where to send the browser. */
export async function startSteamSignIn(uid: string, returnTo: string, now: number): Promise<{ url: string }> {
  const target = ourReturnAddress(returnTo);
  const state = newLinkState();
  const back = `${target.origin}${target.pathname}?steam_state=${state}`;
  const expiresAt = now + LINK_STATE_LIFETIME_MS;
  await linkStateRef(state).set({ uid, platform: 'steam', returnTo: back, expiresAt, deleteAt: ttlAfter(expiresAt) });
  const url = new URL(steamEndpoint());
  url.search = new URLSearchParams({
    'openid.ns': STEAM_OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': back,
    'openid.realm': target.origin,
    'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
    'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
  }).toString();
  return { url: url.toString() };
}

/** Steam's answer to check_authentication: is this assertion its own, and the first time asked? */
async function confirmedBySteam(assertion: SteamAssertion): Promise<boolean> {
  const body = new URLSearchParams({ ...assertion, 'openid.mode': 'check_authentication' });
  try {
    const response = await fetch(steamEndpoint(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return false;
    return /^is_valid:true$/m.test(await response.text());
  } catch (error) {
    logger.warn('steam check_authentication failed', { error: String(error) });
    throw new HttpError(
      503,
      'Steam could not be reached to confirm the sign-in. Try again in a minute.',
      'game-api-unavailable',
    );
  }
}

/**
 * POST /profile/connections/steam/openid {state, assertion}: the browser came back from Steam with
 * `assertion` (the openid.* parameters). Checked before anything is linked; the state is used once.
 */
export async function finishSteamSignIn(uid: string, state: string, assertion: SteamAssertion, now: number) {
  const field = (key: string) => assertion[`openid.${key}`] ?? '';
  if (field('mode') === 'cancel') throw conflict('You cancelled the sign-in on Steam.', 'steam-sign-in-cancelled');
  const stored = await liveLinkState(state, uid, 'steam', now);
  if (!stored) throw steamSignInFailed('state');
  if (field('ns') !== STEAM_OPENID_NS || field('mode') !== 'id_res') throw steamSignInFailed('mode');
  if (field('op_endpoint') !== steamEndpoint()) throw steamSignInFailed('op_endpoint');
  if (field('return_to') !== stored.returnTo) throw steamSignInFailed('return_to');
  const signed = field('signed').split(',');
  if (!SIGNED_REQUIRED.every((key) => signed.includes(key))) throw steamSignInFailed('signed');
  const claimed = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/.exec(field('claimed_id'));
  if (!claimed || field('identity') !== field('claimed_id')) throw steamSignInFailed('claimed_id');
  const nonce = field('response_nonce');
  const issued = Date.parse(nonce.slice(0, 20));
  if (!Number.isFinite(issued) || Math.abs(now - issued) > NONCE_WINDOW_MS) throw steamSignInFailed('nonce time');
  if ((await nonceRef(nonce).get()).exists) throw steamSignInFailed('nonce replayed');
  if (!(await confirmedBySteam(assertion))) throw steamSignInFailed('signature');
  const accountId = steamAccountIdOf64(claimed[1]!);
  // The link, the state's single use and the nonce's record in one commit: a replay racing this
  // one finds the state gone or the nonce taken.
  return linkVerifiedGameAccount(uid, 'steam', String(accountId), now, 'steam-openid', async (tx) => {
    const [again, used] = await Promise.all([tx.get(linkStateRef(state)), tx.get(nonceRef(nonce))]);
    if (!again.exists || used.exists) throw steamSignInFailed('used meanwhile');
    tx.delete(linkStateRef(state));
    tx.create(nonceRef(nonce), { at: now, deleteAt: ttlAfter(now + NONCE_WINDOW_MS * 2) });
  });
}
