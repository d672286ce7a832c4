/**
 * `next` as a path of this site, with its query and anchor, read as the browser would read it on
 * `origin`: a value that leaves the site there (`//host`, or a tab or backslash the URL parser drops
 * or turns, `/\host`) is null, not only the obvious ones. The login's `next` and checkout's way back
 * take it (walk AF: `/\evil.example` after a login put up the error page, as the router refuses to
 * leave the site).
 */
export function sitePath(next: string | null | undefined, origin: string): string | null {
  if (!next?.startsWith('/')) return null;
  try {
    const url = new URL(next, origin);
    return url.origin === origin && !url.pathname.startsWith('//') ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
