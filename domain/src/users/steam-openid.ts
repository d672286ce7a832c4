import * as yup from 'yup';
import { steamAccountId } from '../games/game-accounts';
import { signInStateField } from './sign-in-schemas';

/**
 * Steam's OpenID 2.0 sign-in (issue #58: a Steam account is linked by proving it is yours).
 * docs/decisions/0065-game-accounts-by-sign-in.md.
 */
export const STEAM_OPENID_NS = 'http://specs.openid.net/auth/2.0';

/** The openid.* parameters Steam returned to us, as the browser hands them over. */
export type SteamAssertion = Record<string, string>;

/** The 32-bit account id (what OpenDota and Dota 2 use) of a SteamID64. */
export function steamAccountIdOf64(steamId64: string): string {
  const parsed = steamAccountId(steamId64);
  if ('error' in parsed) throw new Error(`not a SteamID64: ${steamId64}`);
  return parsed.id;
}

/** POST /profile/connections/steam/openid: the state we issued and Steam's openid.* parameters. */
export const steamFinishSchema = yup
  .object({
    state: signInStateField(),
    assertion: yup
      .object()
      .required('validation.required')
      .test('openid', 'validation.type', (value) => {
        const entries = Object.entries(value ?? {});
        return (
          entries.length > 0 &&
          entries.length <= 20 &&
          entries.every(
            ([key, item]) => /^openid\.[a-z_.]{1,40}$/.test(key) && typeof item === 'string' && item.length <= 2048,
          )
        );
      }),
  })
  .noUnknown(true);
