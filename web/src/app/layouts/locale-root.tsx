import { Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ProgressBar } from '../../components/progress-bar';
import { ClientOnly } from '../../lib/client-only';
import { lazyComponent } from '../lazy-page';

// The consent banner and analytics load after the first render (DESIGN §8 landing budget).
const AnalyticsConsent = lazyComponent(() => import('../analytics-consent'), 'AnalyticsConsent');
import { applyLocale, isLocaleLoaded, loadLocale } from '../../i18n';
import { droppedDefaultPrefix, homeLocaleToMoveTo, localizePath, splitLocale } from '../../lib/locale';

/** Sets the language from the URL prefix; a bare '/' honours the saved locale cookie. */
export function LocaleRoot() {
  const { pathname, search, hash } = useLocation();
  const { locale } = splitLocale(pathname);
  const [loadedLocale, setLoadedLocale] = useState(() => (isLocaleLoaded(locale) ? locale : null));

  // The consent banner turns on once the page has hydrated (ClientOnly, in a transition); its code
  // is asked for now, so that render does not wait for it. On a page whose content is live data,
  // the banner's text is the largest thing painted first (Lighthouse's LCP element).
  useEffect(() => {
    void AnalyticsConsent.preload().catch(() => {});
  }, []);

  useLayoutEffect(() => {
    if (isLocaleLoaded(locale)) {
      applyLocale(locale);
      setLoadedLocale(locale);
      return;
    }
    let current = true;
    loadLocale(locale).then(
      () => {
        if (!current) return;
        applyLocale(locale);
        setLoadedLocale(locale);
      },
      (error: unknown) => console.warn(`could not load ${locale}`, error),
    );
    return () => {
      current = false;
    };
  }, [locale]);

  const unprefixed = droppedDefaultPrefix(pathname);
  if (unprefixed) return <Navigate to={`${unprefixed}${search}${hash}`} replace />;
  const home = homeLocaleToMoveTo(pathname);
  if (home) return <Navigate to={localizePath(home, '/')} replace />;

  // Render in the page's own language only: never flash English on /fi-FI.
  if (loadedLocale !== locale) return null;
  return (
    <>
      <ProgressBar />
      {/* A new page opens at its top, and Back returns to where the last one was left. Changes
          within a page (filters, tabs) keep their place: they navigate with preventScrollReset. */}
      <ScrollRestoration />
      <Outlet />
      <ClientOnly>
        <Suspense fallback={null}>
          <AnalyticsConsent />
        </Suspense>
      </ClientOnly>
    </>
  );
}
