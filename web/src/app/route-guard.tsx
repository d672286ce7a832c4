import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/feedback';
import { useLocalePath } from '../lib/navigation';
import { useSession, useSessionReady } from '../lib/session/session-store';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from '../lib/paths';
import { sitePath } from '../lib/site-path';

/**
 * guest: signed-out only; deactivated: for deactivated accounts; open: anyone with an active account
 * or none; public: anyone, a deactivated account too (the privacy policy and the terms, which its
 * page links to: SPEC §2 "unless the route allows deactivated users"); user: login required;
 * admin: platform admins only; everyone else gets the 404 page, as if it did not exist.
 */
export type AuthMode = 'guest' | 'deactivated' | 'open' | 'public' | 'user' | 'admin';

/** The redirects of SPEC §2 "Route access". */
export function RouteGuard({ mode, children }: { mode: AuthMode; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const toPath = useLocalePath();
  const status = useSession((state) => state.status);
  const deactivated = useSession((state) => state.profile?.deactivated === true);
  const admin = useSession((state) => state.user?.admin === true);
  const ready = useSessionReady();
  const open = mode === 'open' || mode === 'public';

  // Open pages show at once, as a guest sees them, while the session is still being read: that is
  // also what their prerendered HTML holds (DESIGN §10). They adapt once the user is known.
  if (open && (status === 'loading' || (status === 'signed-in' && !ready))) return <>{children}</>;
  if (status === 'loading' || !ready) return <Spinner label={t('common.loading')} />;
  const signedIn = status === 'signed-in';

  if (mode === 'guest') {
    if (!signedIn) return <>{children}</>;
    // Only a page of this site: a `next` that leaves it (`/\host` too) put up the router's error.
    const next = sitePath(new URLSearchParams(location.search).get('next'), window.location.origin);
    const planned = useSession.getState().redirectAfterAuth;
    const target = next ?? planned ?? toPath(paths.home.getHref());
    return <Navigate to={target} replace />;
  }
  if (!signedIn) {
    if (open) return <>{children}</>;
    // With its anchor: an alert e-mail's "Choose your alerts" opens Settings at them once signed in.
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`${toPath(paths.login.getHref())}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (deactivated && mode !== 'deactivated' && mode !== 'public')
    return <Navigate to={toPath(paths.accountDeactivated.getHref())} replace />;
  if (!deactivated && mode === 'deactivated') return <Navigate to={toPath(paths.home.getHref())} replace />;
  if (mode === 'admin' && !admin) return <NotFoundPage />;
  return <>{children}</>;
}
