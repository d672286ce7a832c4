import { matchPath } from 'react-router';
import { paths } from '../../lib/paths';
import { sitePath } from '../../lib/site-path';

export type BackTarget = { to: string; kind: 'challenge' | 'tournament' | 'page' };

/**
 * The page that sent the player for coins (checkout's `next`: a path of this app without its
 * locale, as NotEnoughCoins writes it), named for what it is; null for anything else, and for what
 * leaves the site (`sitePath`).
 */
export function backTarget(next: string | null, origin: string): BackTarget | null {
  const path = sitePath(next, origin);
  if (!path) return null;
  const url = new URL(path, origin);
  const { pathname } = url;
  const to = `${pathname}${url.search}`;
  const is = (path: string) => matchPath(`/${path}`, pathname) !== null;
  if (is(paths.checkout.path)) return null;
  if (is(paths.challenge.path) || is(paths.viewChallenge.path)) return { to, kind: 'challenge' };
  if (!is(paths.addTournament.path) && !is(paths.myTournaments.path) && is(`${paths.tournament.path}/*`))
    return { to, kind: 'tournament' };
  return { to, kind: 'page' };
}
