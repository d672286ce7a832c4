/** Whether the browser knows it has no network (a server out of reach still reads as online). */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Resolves once the browser is back online. */
export const backOnline = (): Promise<void> =>
  new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
