import { createContext, useContext } from 'react';
import { SERVED_DATA_ID, type ServedData } from '@versus/domain/platform/served-data';
import { useHydrated } from './client-only';

export { SERVED_DATA_ID, type ServedData } from '@versus/domain/platform/served-data';

/**
 * What a page's HTML was rendered with, by the api function's page routes (a profile, the
 * leaderboards, a tournament's embed; issue #58): the documents and queries its live reads would
 * have had, as they were when the server read them. The page arrives with its content, and the app
 * hydrates it with the same data, so the first render is the HTML's own; the live reads then take
 * over. Only reads made while the page hydrates take it: a page opened later reads afresh.
 */
const Served = createContext<ServedData | null>(null);
export const ServedDataProvider = Served.Provider;

/** The page's served data, read once from its HTML (main.tsx); null on any other page. */
export function readServedData(): ServedData | null {
  const element = document.getElementById(SERVED_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServedData;
  } catch (error) {
    console.warn('the page came with data it could not read', error);
    return null;
  }
}

/** A document as the HTML was rendered with it: undefined when it was not served, or after hydration. */
export function useServedDocument(path: string | null): ServedData['documents'][string] | undefined {
  const served = useContext(Served);
  const hydrated = useHydrated();
  if (hydrated || !served || path === null) return undefined;
  return path in served.documents ? served.documents[path] : undefined;
}

/** A query's items as the HTML was rendered with them: undefined when not served, or after hydration. */
export function useServedQuery(key: string | null): ServedData['queries'][string] | undefined {
  const served = useContext(Served);
  const hydrated = useHydrated();
  if (hydrated || !served || key === null) return undefined;
  return served.queries[key];
}

/**
 * The page's clock: the server's reading time while a served page renders and hydrates (so what
 * depends on the time, as who is online or this month's board, is the HTML's own), the visitor's
 * after.
 */
export function useServedNow(): number {
  const served = useContext(Served);
  const hydrated = useHydrated();
  return !hydrated && served ? served.at : Date.now();
}

/** Whether this render is a served page's, on the server or hydrating: what it shows must be the HTML's. */
export function useServing(): boolean {
  const served = useContext(Served);
  return !useHydrated() && served !== null;
}
