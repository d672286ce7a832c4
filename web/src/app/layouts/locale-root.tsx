import { PushBridge } from '../../features/alerts/push-bridge';
import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, type Location } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '../../components/progress-bar';
import { focusMain } from '../../lib/focus-main';
import { lazyComponent } from '../lazy-page';

// The consent bar's code and analytics load beside the app's (DESIGN §8 landing budget); the bar
// itself is in every prerendered page's HTML (issue #58).
const AnalyticsConsent = lazyComponent(() => import('../analytics-consent'), 'AnalyticsConsent');
import { applyLocale, isLocaleLoaded, loadLocale } from '../../i18n';
import { droppedDefaultPrefix, localeToMoveTo, languageTagMoved, localizePath, splitLocale } from '../../lib/locale';

/**
 * Where ScrollRestoration keeps a page's place. An entry the app navigated to has a key of its own;
 * a page loaded anew in the tab (an address typed, a link followed from elsewhere, a reload) has
 * React Router's one 'default', so every such load took the place the tab's last loaded page was
 * left at. Those are kept by their address instead: a reload keeps its place, another page opens
 * at its top.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/** Sets the language from the URL prefix; an address without one honours the saved locale cookie. */
export function LocaleRoot() {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const { locale } = splitLocale(pathname);
  const [loadedLocale, setLoadedLocale] = useState(() => (isLocaleLoaded(locale) ? locale : null));

  // The bar is in the HTML; its code is asked for now, so its part of the page hydrates with the rest.
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

  // A new page takes the keyboard to its content when the keyboard was outside it (a header's link,
  // a menu) or nowhere (the pressed link went with the old page); a tab or filter inside the page
  // keeps it where it is, and so does a page that gave it to one of its own fields (record 127), in
  // its content or, as the search's box, marked `data-page-field` in its layout's header.
  // The page first opened keeps the document's start (the consent bar, the skip link): only a change
  // of page moves the keyboard. By the path, not a first-run flag: React's development mode runs an
  // effect twice on mount, and `npm start`'s first page took the keyboard to its content.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const kept = document.activeElement?.closest('#main, [data-page-field]');
    if (!kept) focusMain({ preventScroll: true });
  }, [pathname]);

  const unprefixed = droppedDefaultPrefix(pathname) ?? languageTagMoved(pathname);
  if (unprefixed) return <Navigate to={`${unprefixed}${search}${hash}`} replace />;
  const saved = localeToMoveTo(pathname);
  if (saved) return <Navigate to={`${localizePath(saved, pathname)}${search}${hash}`} replace />;

  // Render in the page's own language only: never flash English on /fi-FI.
  if (loadedLocale !== locale) return null;
  return (
    <>
      {/* While the visitor has not chosen, the consent bar is the first thing a keyboard or a screen
          reader meets (it shows at the bottom of the screen all the same; record 140). */}
      <Suspense fallback={null}>
        <AnalyticsConsent />
      </Suspense>
      {/* The first Tab of every page once chosen: past the header and the banners, to the content. */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          focusMain();
        }}
      >
        {t('nav.skip')}
      </a>
      <ProgressBar />
      {/* A new page opens at its top, and Back returns to where the last one was left. Changes
          within a page (filters, tabs) keep their place: they navigate with preventScrollReset. */}
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
      {/* On every page: a notification's click opens its page here, and alerts follow the language. */}
      <PushBridge />
    </>
  );
}
