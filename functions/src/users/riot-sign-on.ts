import { logger } from 'firebase-functions';
import { HttpError, conflict } from '../errors/http-error';
import { gameRecordsFor } from '../platform/game-records';
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
 * Linking a Riot ID by signing in to Riot (Riot Sign On: OAuth 2.0's authorization code flow;
 * issue #58, docs/decisions/0065). Without RSO credentials (RSO_CLIENT_ID and the secret
 * RSO_CLIENT_SECRET), or with Riot's adapter off, there is no sign-in: a typed Riot ID is shown on
 * the profile, unverified, and never decides a result.
 */
function rso() {
  const clientId = process.env.RSO_CLIENT_ID;
  const secret = process.env.RSO_CLIENT_SECRET;
  if (!clientId || !secret || secret === 'none' || !gameRecordsFor('league-of-legends')) return null;
  return {
    clientId,
    secret,
    base: process.env.RSO_BASE ?? 'https://auth.riotgames.com',
    api: process.env.RIOT_API_BASE ?? `https://${process.env.RIOT_REGION ?? 'europe'}.api.riotgames.com`,
  };
}

export const riotSignOnAvailable = () => rso() !== null;

const unavailable = () => new HttpError(503, 'Signing in with Riot is not available yet.', 'riot-sign-in-unavailable');
export const riotSignInFailed = (why: string) => {
  logger.warn('riot sign-in refused', { why });
  return new HttpError(400, 'Riot did not confirm this sign-in. Try again.', 'riot-sign-in-failed');
};

/** POST /profile/connections/riot/start {returnTo}: Riot's authorisation URL. */
export async function startRiotSignIn(uid: string, returnTo: string, now: number): Promise<{ url: string }> {
  const config = rso();
  if (!config) throw unavailable();
  const target = ourReturnAddress(returnTo);
  const redirectUri = `${target.origin}${target.pathname}`;
  const state = newLinkState();
  const expiresAt = now + LINK_STATE_LIFETIME_MS;
  await linkStateRef(state).set({
    uid,
    platform: 'riot',
    returnTo: redirectUri,
    expiresAt,
    deleteAt: ttlAfter(expiresAt),
  });
  const url = new URL(`${config.base}/authorize`);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid',
    state,
  }).toString();
  return { url: url.toString() };
}

const call = async (what: string, input: string, init: RequestInit) => {
  try {
    return await fetch(input, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    logger.warn(`riot sign-in: ${what} unreachable`, { error: String(error) });
    throw new HttpError(
      503,
      'Riot could not be reached to confirm the sign-in. Try again in a minute.',
      'game-api-unavailable',
    );
  }
};

/**
 * POST /profile/connections/riot/oauth {state, code}: Riot sent the browser back with a code. It is
 * exchanged for a token (with our client secret and the same redirect_uri), the token names the
 * account (account-v1 /accounts/me), and that account is linked; the state is used once.
 */
export async function finishRiotSignIn(
  uid: string,
  state: string,
  code: string | undefined,
  error: string | undefined,
  now: number,
) {
  const config = rso();
  if (!config) throw unavailable();
  const stored = await liveLinkState(state, uid, 'riot', now);
  if (!stored) throw riotSignInFailed('state');
  if (error) throw conflict('You cancelled the sign-in with Riot.', 'riot-sign-in-cancelled');
  if (!code) throw riotSignInFailed('no code');
  const token = await call('token', `${config.base}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: stored.returnTo }),
  });
  if (!token.ok) throw riotSignInFailed(`token ${token.status}`);
  const { access_token: accessToken } = (await token.json()) as { access_token?: string };
  if (!accessToken) throw riotSignInFailed('no access token');
  const me = await call('accounts/me', `${config.api}/riot/account/v1/accounts/me`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!me.ok) throw riotSignInFailed(`accounts/me ${me.status}`);
  const account = (await me.json()) as { puuid?: string; gameName?: string; tagLine?: string };
  if (!account.puuid || !account.gameName || !account.tagLine) throw riotSignInFailed('account');
  const found = { id: account.puuid, display: `${account.gameName}#${account.tagLine}` };
  return linkVerifiedGameAccount(
    uid,
    'riot',
    found.display,
    now,
    'riot-sign-on',
    async (tx) => {
      if (!(await tx.get(linkStateRef(state))).exists) throw riotSignInFailed('used meanwhile');
      tx.delete(linkStateRef(state));
    },
    found,
  );
}
