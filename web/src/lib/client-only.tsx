import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/** False on the server and while React hydrates a prerendered page; true after, and at once in a fresh render. */
const Hydrated = createContext(false);

/**
 * The app's root (main.tsx). After hydrating it turns `useHydrated` true in a transition: what
 * depends on the visitor's browser then renders in slices that yield to the browser, as hydration
 * did. (A `useSyncExternalStore` whose server and client answers differ re-renders at once after
 * hydration, synchronously: one long task of a phone's main thread, issue #24's TBT.) A part of
 * the page still waiting for its code when this changes is hydrated with the old value first, by
 * React, so it matches its HTML.
 */
export function HydrationRoot({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
    // <html data-app="ready">: the page has come alive; a click before this does nothing.
    else document.documentElement.dataset.app = 'ready';
  }, [hydrated]);
  return <Hydrated.Provider value={hydrated}>{children}</Hydrated.Provider>;
}

/**
 * False while a prerendered page hydrates (it rendered on the server, which has no browser
 * storage, session or clock of the visitor's), true after. A fresh client render is true at once.
 */
export const useHydrated = (): boolean => useContext(Hydrated);

/**
 * What depends on the visitor's browser (storage, notices, popups) renders after hydration, so the
 * prerendered HTML and the first client render stay the same (DESIGN §10).
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? <>{children}</> : null;
}
