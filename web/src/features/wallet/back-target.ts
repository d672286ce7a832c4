import { matchPath } from 'react-router';
import { paths } from '../../lib/paths';

export type BackTarget = { to: string; kind: 'challenge' | 'tournament' | 'page' };

/**
 * The page that sent the player for coins (checkout's `next`: a path of this app without its
 * locale, as NotEnoughCoins writes it), named for what it is; null for anything else. It is read as
 * the browser would read it on `origin`, so a value that leaves the site there (`//host`, or a tab or
 * backslash the URL parser drops or turns) is refused, not only the obvious ones.
 */
export function backTarget(next: string | null, origin: string): BackTarget | null {
  if (!next?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return null;
  const { pathname } = url;
  const to = `${pathname}${url.search}`;
  const is = (path: string) => matchPath(`/${path}`, pathname) !== null;
  if (is(paths.checkout.path)) return null;
  if (is(paths.challenge.path) || is(paths.viewChallenge.path)) return { to, kind: 'challenge' };
  if (!is(paths.addTournament.path) && !is(paths.myTournaments.path) && is(`${paths.tournament.path}/*`))
    return { to, kind: 'tournament' };
  return { to, kind: 'page' };
}
