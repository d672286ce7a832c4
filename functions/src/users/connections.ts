import { FieldValue } from 'firebase-admin/firestore';
import type { Transaction } from 'firebase-admin/firestore';
import {
  GAME_CONNECTIONS,
  isGameConnection,
  type ConnectionPlatform,
  type GameConnection,
} from '@versus/domain/users/connections-schema';
import { HttpError, conflict, notFound } from '../api/http-error';
import { gameAccountRef, profileRef } from '../platform/collections';
import { GameApiUnavailable, gameRecordsFor } from '../platform/game-records';
import { runOptimistic } from '../platform/optimistic';

/**
 * Connections (SPEC §2; issue #22 for the game accounts). Discord and Epic are names shown on the
 * profile. A Riot ID or a Steam account is checked with the game's API first (it must exist),
 * stored as the API knows it (`gameAccounts`: the PUUID or the Steam account id) and claimed in
 * `gameAccounts/{platform}_{id}`, so one game account belongs to at most one Versus user.
 */
export async function linkConnection(uid: string, platform: ConnectionPlatform, value: string, now: number) {
  if (!isGameConnection(platform)) {
    await profileRef(uid).update({ [`thirdPartyAccounts.${platform}`]: value });
    return { platform, value };
  }
  // A Steam account is the player's only once they signed in to it (users/steam-openid).
  if (platform === 'steam')
    throw new HttpError(400, 'Link your Steam account by signing in through Steam.', 'steam-sign-in-required');
  return linkVerifiedGameAccount(uid, platform, value, now);
}

/**
 * Links a game account the caller has proved (Steam: its OpenID sign-in) or typed (a Riot ID, until
 * Riot Sign On): the game's API must know it. `within` runs first inside the linking transaction
 * (the sign-in's single-use state and nonce).
 */
export async function linkVerifiedGameAccount(
  uid: string,
  platform: GameConnection,
  value: string,
  now: number,
  within?: (tx: Transaction) => Promise<void>,
) {
  const records = gameRecordsFor(GAME_CONNECTIONS[platform]);
  // Without the game's API configured (no RIOT_API_KEY), the name is shown but nothing is verified.
  if (!records) {
    await profileRef(uid).update({ [`thirdPartyAccounts.${platform}`]: value });
    return { platform, value };
  }
  let account;
  try {
    account = await records.findAccount(value);
  } catch (error) {
    if (error instanceof GameApiUnavailable)
      throw new HttpError(
        503,
        `${platform === 'riot' ? 'Riot' : 'OpenDota'} could not be reached to check the account. Try again in a minute.`,
        'game-api-unavailable',
      );
    throw error;
  }
  if (!account)
    throw new HttpError(400, 'No such account exists in the game.', 'invalid-input', {
      value: `validation.connection-${platform}-unknown`,
    });
  const found = account;
  return runOptimistic(async (tx) => {
    await within?.(tx);
    const [claim, profile] = await Promise.all([tx.get(gameAccountRef(platform, found.id)), tx.get(profileRef(uid))]);
    const owner = claim.data()?.uid;
    if (owner && owner !== uid)
      throw conflict('That game account is already linked to another Versus player.', 'game-account-taken');
    const before = profile.data()?.gameAccounts?.[platform];
    if (!profile.exists) throw notFound('Your profile');
    if (before && before.id !== found.id) {
      const old = gameAccountRef(platform, before.id);
      // Read first, so the delete is guarded like every other write here.
      if ((await tx.get(old)).data()?.uid === uid) tx.delete(old);
    }
    if (!claim.exists)
      tx.set(gameAccountRef(platform, found.id), {
        uid,
        platform,
        accountId: found.id,
        display: found.display,
        linkedAt: now,
      });
    tx.update(profileRef(uid), {
      [`thirdPartyAccounts.${platform}`]: found.display,
      [`gameAccounts.${platform}`]: { id: found.id, display: found.display },
    });
    return { platform, value: found.display, account: found };
  });
}

/** Removes a connection; a game account's claim is released, so another player may link it. */
export async function unlinkConnection(uid: string, platform: ConnectionPlatform) {
  return runOptimistic(async (tx) => {
    const profile = await tx.get(profileRef(uid));
    if (!profile.exists) throw notFound('Your profile');
    const linked = isGameConnection(platform) ? profile.data()?.gameAccounts?.[platform] : undefined;
    if (linked && isGameConnection(platform)) {
      const claim = gameAccountRef(platform, linked.id);
      if ((await tx.get(claim)).data()?.uid === uid) tx.delete(claim);
    }
    tx.update(profileRef(uid), {
      [`thirdPartyAccounts.${platform}`]: FieldValue.delete(),
      ...(isGameConnection(platform) ? { [`gameAccounts.${platform}`]: FieldValue.delete() } : {}),
    });
    return { platform, value: null };
  });
}
