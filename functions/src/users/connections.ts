import { FieldValue } from 'firebase-admin/firestore';
import type { Transaction } from 'firebase-admin/firestore';
import {
  GAME_CONNECTIONS,
  isGameConnection,
  type ConnectionPlatform,
  type GameConnection,
} from '@versus/domain/users/connections-schema';
import { HttpError, conflict, notFound } from '../errors/http-error';
import { gameAccountRef, gameAccountsCollection, profileRef } from '../platform/collections';
import { GameApiUnavailable, gameRecordsFor } from '../platform/game-records';
import { runOptimistic } from '../platform/optimistic';

/**
 * Connections (SPEC §2; issue #22 for the game accounts). Discord and Epic are names shown on the
 * profile, and so is a typed Riot ID (unverified). A game account that may decide results is the
 * player's proved one (issue #58: Steam's sign-in, Riot Sign On): checked with the game's API,
 * stored as the API knows it (`gameAccounts`: the PUUID or the Steam account id) and claimed in
 * `gameAccounts/{platform}_{id}`, so one game account belongs to at most one Versus user.
 */
export async function linkConnection(uid: string, platform: ConnectionPlatform, value: string) {
  if (!isGameConnection(platform)) {
    await profileRef(uid).update({ [`thirdPartyAccounts.${platform}`]: value });
    return { platform, value };
  }
  // A Steam account is the player's only once they signed in to it (users/steam-openid).
  if (platform === 'steam')
    throw new HttpError(400, 'Link your Steam account by signing in through Steam.', 'steam-sign-in-required');
  return showRiotId(uid, value);
}

/**
 * A typed Riot ID (issue #58): shown on the profile, unverified. It must exist (Riot's account-v1,
 * when Riot's adapter is on) and is shown as Riot spells it, but it is not the player's until they
 * sign in with Riot (users/riot-sign-on), so it decides nothing; one they had verified is let go.
 */
async function showRiotId(uid: string, value: string) {
  const records = gameRecordsFor(GAME_CONNECTIONS.riot);
  const found: { id?: string; display: string } = records ? await lookUp('riot', records, value) : { display: value };
  return runOptimistic(async (tx) => {
    // Whose the account is, beside the profile: one another player proved by signing in with Riot
    // is theirs, and is not shown on a second profile as if it were this one's (record 183).
    const [profile, owner] = await Promise.all([
      tx.get(profileRef(uid)),
      found.id ? tx.get(gameAccountRef('riot', found.id)) : null,
    ]);
    if (!profile.exists) throw notFound('Your profile');
    const claim = owner?.data();
    if (claim?.proof && claim.uid !== uid)
      throw conflict('That Riot ID is verified by another Versus player.', 'game-account-taken');
    const verified = profile.data()?.gameAccounts?.riot;
    if (verified) {
      const claim = gameAccountRef('riot', verified.id);
      if ((await tx.get(claim)).data()?.uid === uid) tx.delete(claim);
    }
    tx.update(profileRef(uid), {
      'thirdPartyAccounts.riot': found.display,
      'gameAccounts.riot': FieldValue.delete(),
    });
    return { platform: 'riot' as const, value: found.display, verified: false };
  });
}

/** The game's own record of an account; 400 when it has none, 503 when it cannot be asked. */
async function lookUp(
  platform: GameConnection,
  records: NonNullable<ReturnType<typeof gameRecordsFor>>,
  value: string,
) {
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
  return account;
}

/**
 * Links a game account the caller has proved: Steam by its OpenID sign-in, a Riot ID by Riot Sign
 * On (`known`: the account the sign-in named), the seed's players by the seed. The game's API must
 * know it. `within` runs first inside the linking transaction (the sign-in's single-use state).
 */
export async function linkVerifiedGameAccount(
  uid: string,
  platform: GameConnection,
  value: string,
  now: number,
  proof: GameAccountProof,
  within?: (tx: Transaction) => Promise<void>,
  known?: { id: string; display: string },
) {
  const records = gameRecordsFor(GAME_CONNECTIONS[platform]);
  if (!records) throw new HttpError(503, 'That game cannot be checked right now.', 'game-api-unavailable');
  const found = known ?? (await lookUp(platform, records, value));
  return runOptimistic(async (tx) => {
    await within?.(tx);
    const [claim, profile] = await Promise.all([tx.get(gameAccountRef(platform, found.id)), tx.get(profileRef(uid))]);
    const owner = claim.data()?.uid;
    if (owner && owner !== uid) {
      // Proved by another player: theirs. Typed by another player before sign-ins existed: the
      // sign-in proves it is this player's, and the other's unproved link goes.
      if (claim.data()?.proof)
        throw conflict('That game account is already linked to another Versus player.', 'game-account-taken');
      const other = await tx.get(profileRef(owner));
      if (other.data()?.gameAccounts?.[platform]?.id === found.id)
        tx.update(profileRef(owner), { [`gameAccounts.${platform}`]: FieldValue.delete() });
    }
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
        proof,
      });
    // Taken from an unproved link, or proved now: the claim says whose and how.
    else if (owner !== uid || claim.data()?.proof !== proof)
      tx.update(gameAccountRef(platform, found.id), { uid, display: found.display, linkedAt: now, proof });
    tx.update(profileRef(uid), {
      [`thirdPartyAccounts.${platform}`]: found.display,
      [`gameAccounts.${platform}`]: { id: found.id, display: found.display },
    });
    return { platform, value: found.display, account: found };
  });
}

/** How a player proved a game account theirs (issue #58): its sign-in, or the seed's own players. */
export type GameAccountProof = 'steam-openid' | 'riot-sign-on' | 'seed';

/**
 * `npm run migrate` (issue #58): game accounts linked by typing, before the sign-ins, prove nothing.
 * Their claims are released and they leave the profiles' game accounts (the typed name stays shown,
 * unverified), so they decide no result and block no owner who signs in.
 */
export async function releaseUnprovedGameAccounts(): Promise<number> {
  let released = 0;
  for (const claim of (await gameAccountsCollection().get()).docs) {
    if (claim.get('proof')) continue;
    const { uid, platform, accountId } = claim.data() as { uid: string; platform: GameConnection; accountId: string };
    await runOptimistic(async (tx) => {
      const [again, profile] = await Promise.all([tx.get(claim.ref), tx.get(profileRef(uid))]);
      if (!again.exists || again.get('proof')) return;
      tx.delete(claim.ref);
      if (profile.data()?.gameAccounts?.[platform]?.id === accountId)
        tx.update(profileRef(uid), { [`gameAccounts.${platform}`]: FieldValue.delete() });
    });
    released += 1;
  }
  return released;
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
