import { useSyncExternalStore, type ReactNode } from 'react';

const never = () => () => {};

/**
 * False while React hydrates a prerendered page (it rendered on the server, which has no browser
 * storage, session or clock of the visitor's), true from the first render after. A fresh client
 * render is true at once.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

/**
 * What depends on the visitor's browser (storage, notices, popups) renders after hydration, so the
 * prerendered HTML and the first client render stay the same (DESIGN §10).
 */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useHydrated() ? <>{children}</> : null;
}
