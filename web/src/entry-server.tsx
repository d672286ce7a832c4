/**
 * The prerenderer's entry (scripts/prerender.mjs, DESIGN §10): the same route tree as the browser's,
 * rendered once per public page and locale by React Router's static handler and React's prerender,
 * which waits for every lazy page so the HTML carries the page, not its spinner. The browser then
 * hydrates it (main.tsx).
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '@versus/domain/platform/constants';
import i18n, { loadLocale } from './i18n';
import { setDayjsLocale } from './lib/dayjs';
import { routes } from './app/routes';
import { SessionListener } from './lib/session/session-listener';
import { ServedDataProvider, type ServedData } from './lib/served-data';

export { DEFAULT_LOCALE, LOCALES } from '@versus/domain/platform/constants';

export type { ServedData } from './lib/served-data';

/**
 * The page's HTML, to go inside #root; with `served`, the data its live reads start from (the api
 * function's page routes, issue #58). i18n's language is one for the process: renders are taken one
 * at a time.
 */
let queue: Promise<unknown> = Promise.resolve();
export function render(url: string, locale: Locale, served: ServedData | null = null): Promise<string> {
  const rendered = queue.then(() => renderNow(url, locale, served));
  queue = rendered.catch(() => undefined);
  return rendered;
}

async function renderNow(url: string, locale: Locale, served: ServedData | null): Promise<string> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  setDayjsLocale(locale);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${url} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <ServedDataProvider value={served}>
        <SessionListener />
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ServedDataProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** A text of the page's head by its key (the prerenderer's page table names them as plain strings). */
export const translate = (locale: Locale, key: string): string =>
  (i18n.t as (key: string, options: { lng: Locale }) => string)(key, { lng: locale });
