import { lazy, type ComponentType } from 'react';
import { shouldReloadAfterChunkFailure } from '../lib/timings';

const RELOAD_KEY = 'versus:chunkReloadAt';

/** After a deploy old chunks vanish: reload once to pick up the new build, at most every 60 s. */
export function reloadAfterChunkFailure(now = Date.now()): boolean {
  if (typeof window === 'undefined') return false; // the prerenderer: a lost module is a build error
  const saved = sessionStorage.getItem(RELOAD_KEY);
  if (!shouldReloadAfterChunkFailure(saved === null ? null : Number(saved), now)) return false;
  sessionStorage.setItem(RELOAD_KEY, String(now));
  window.location.reload();
  return true;
}

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() =>
    load().catch((error: unknown) => {
      if (reloadAfterChunkFailure()) return new Promise<never>(() => {});
      throw error;
    }),
  );
}

/** One named export of a lazily loaded module, as a lazy component (the same reload on a lost chunk). */
export function lazyComponent<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazyPage(() => load().then((module) => ({ default: module[name] as ComponentType })));
}
