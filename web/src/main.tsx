import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter, matchRoutes } from 'react-router';
import { applyLocale, loadLocale } from './i18n';
import './styles.css';
import { reloadAfterChunkFailure } from './app/chunk-reload';
import { routes, type PageHandle } from './app/routes';
import { localeToMoveTo, nextTask, splitLocale, warmFormatters } from './lib/locale';
import { HydrationRoot } from './lib/client-only';
import { SessionListener } from './lib/session/session-listener';
import { ServedDataProvider, readServedData } from './lib/served-data';

// Vite reports a failed dynamic import of a stale chunk here.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadAfterChunkFailure()) event.preventDefault();
});

// A page the api function rendered with its data (a profile, the leaderboards, an embed) carries it.
const served = readServedData();
const app = (router: ReturnType<typeof createBrowserRouter>, hydrating = false) => (
  <StrictMode>
    <ServedDataProvider value={served}>
      <HydrationRoot hydrating={hydrating}>
        <SessionListener />
        <RouterProvider router={router} />
      </HydrationRoot>
    </ServedDataProvider>
  </StrictMode>
);
const container = document.getElementById('root')!;

/**
 * A prerendered page (web/scripts/prerender.mjs) is hydrated: what it painted stays and comes alive.
 * Its language's texts load first, so the first render is the HTML's own. An address without a
 * language tag whose visitor chose another language is rendered afresh, since it is about to move
 * to that language's page, and
 * so is an address with a query (filters read from it: the HTML was made without them), except on
 * a page the api function rendered for that very address with its data (data-prerendered="served").
 */
async function start() {
  const router = createBrowserRouter(routes);
  const { locale, path } = splitLocale(window.location.pathname);
  const moving = localeToMoveTo(window.location.pathname) !== undefined;
  if (container.dataset.prerendered === undefined) {
    createRoot(container).render(app(router));
    return;
  }
  if (moving || (window.location.search !== '' && container.dataset.prerendered !== 'served')) {
    // Rendered afresh over a prerendered page: its HTML stays until the page's modules and
    // language are here, so it is replaced by the page and not by a spinner or an empty frame.
    const pages = (matchRoutes(routes, window.location) ?? []).map(({ route }) =>
      (route.handle as PageHandle | undefined)?.preload?.(),
    );
    await Promise.all([...pages, moving ? undefined : loadLocale(locale)]).catch((error: unknown) =>
      console.warn(`could not load ${path}`, error),
    );
    createRoot(container).render(app(router));
    return;
  }
  await loadLocale(locale).catch((error: unknown) => console.warn(`could not load ${locale}`, error));
  applyLocale(locale);
  await nextTask();
  // In a transition, as React Router's own client entry does: the hydration yields to the browser
  // every few milliseconds instead of holding the main thread for all of it (issue #24, TBT).
  startTransition(() => {
    hydrateRoot(container, app(router, true), {
      onRecoverableError: (error) => console.warn(`hydrating ${path} fell back to a client render`, error),
    });
  });
  warmFormatters(locale);
}

// Evaluating the app's modules is one task of the phone's main thread; making the router and
// starting the first render are the next ones, so no task grows long enough to block a tap (issue
// #24, TBT).
setTimeout(() => void start(), 0);
