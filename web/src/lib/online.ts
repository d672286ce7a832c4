/** Whether the browser knows it has no network (a server out of reach still reads as online). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves once the browser is back online. */
const backOnline = (): Promise<void> =>
  new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

// Stylesheets that failed to load (offline), linked again once back online: Vite's preload asks for
// each of a chunk's sheets once, ever, so a page fetched again came without its styles (walk AD).
const failedSheets = new Set<string>();
if (typeof window !== 'undefined')
  window.addEventListener(
    'error',
    (event) => {
      if (!(event.target instanceof HTMLLinkElement) || event.target.rel !== 'stylesheet') return;
      failedSheets.add(event.target.href);
      event.target.remove();
    },
    true,
  );
function linkFailedSheets() {
  for (const href of failedSheets) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
  failedSheets.clear();
}

/**
 * A module's import that, failing offline, waits for the network and is made again (walk AD: the
 * lost-chunk reload put up the browser's own offline page). Online, its failure is the caller's.
 */
export const importWhenOnline = <M>(load: () => Promise<M>): Promise<M> =>
  load().catch((error: unknown) => {
    if (!isOffline()) throw error;
    return backOnline().then(() => {
      linkFailedSheets();
      return importWhenOnline(load);
    });
  });
