import { lazy, type ComponentType } from 'react';
import { reloadAfterChunkFailure } from './chunk-reload';

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
