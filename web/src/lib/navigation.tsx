import { useCallback, useEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useNavigate, type LinkProps, type NavLinkProps } from 'react-router';
import { PRODUCT_NAME, type Locale } from '@versus/domain/platform/constants';
import { localizePath, splitLocale } from './locale';
import { paths } from './paths';

export const useLocale = (): Locale => splitLocale(useLocation().pathname).locale;

/** The path without its locale prefix, e.g. '/battles' for '/fi-FI/battles'. */
export const useUnprefixedPath = (): string => splitLocale(useLocation().pathname).path;

export const useLocalePath = () => {
  const locale = useLocale();
  return useCallback((path: string) => localizePath(locale, path), [locale]);
};

export function LocalLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  return <Link to={useLocalePath()(to)} {...rest} />;
}

export function LocalNavLink({ to, ...rest }: Omit<NavLinkProps, 'to'> & { to: string }) {
  return <NavLink to={useLocalePath()(to)} {...rest} />;
}

export function useLocalNavigate() {
  const navigate = useNavigate();
  const toPath = useLocalePath();
  return useCallback(
    (path: string, options?: { replace?: boolean }) => navigate(toPath(path), options),
    [navigate, toPath],
  );
}

/** React Router's index of the current entry in this tab's history (0: the app's first page here). */
export const historyIndex = () =>
  typeof window === 'undefined' ? undefined : (window.history.state as { idx?: number } | null)?.idx;

/** Back one step when there is history inside the app, else the home route (SPEC §2). */
export function useGoBack() {
  const navigate = useNavigate();
  const goHome = useLocalNavigate();
  return useCallback(() => {
    const index = historyIndex();
    if (index && index > 0) void navigate(-1);
    else void goHome(paths.home.getHref());
  }, [navigate, goHome]);
}

/** Page titles follow '{page} — Versus' (SPEC §2). */
export function usePageTitle(page: string) {
  useEffect(() => {
    document.title = page ? `${page} — ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [page]);
}

/**
 * A row of tab links that scrolls sideways on a phone keeps the open tab in view (a link may open
 * the last tab, cut off at the edge): the row alone scrolls, to centre it; the page does not move.
 */
export function useOpenTabInView<T extends HTMLElement>(ready = true) {
  const row = useRef<T>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    // Measured after the next frame has laid the page out: measuring here, as a hydrated page's
    // effects run, made the browser work out the whole page's style in the middle of React's task
    // (40 ms of a desktop's CPU in a Lighthouse trace of a tournament page; issue #24, TBT).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const open = row.current?.querySelector<HTMLElement>('.active');
        if (!row.current || !open) return;
        const [rowBox, openBox] = [row.current.getBoundingClientRect(), open.getBoundingClientRect()];
        row.current.scrollLeft += openBox.left - rowBox.left - (row.current.clientWidth - openBox.width) / 2;
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [pathname, ready]);
  return row;
}
