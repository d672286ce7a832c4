import { lazy, useState, type ComponentType } from 'react';
import { importWhenOnline } from '../lib/online';
import { reloadAfterChunkFailure } from './chunk-reload';

/** A page loaded when first shown; `preload` fetches it ahead, so it then renders without suspending. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let pending: Promise<{ default: ComponentType }> | undefined;
  const fetchPage = () =>
    (pending ??= importWhenOnline(load).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      // Offline, it waits for the network (importWhenOnline): the page left stays meanwhile (a
      // navigation waits in a transition), under the offline banner.
      (error: unknown) => {
        pending = undefined;
        if (reloadAfterChunkFailure()) return new Promise<never>(() => {});
        throw error;
      },
    ));
  const Lazy = lazy(fetchPage);
  // Chosen once per mount: a page that mounted suspended stays that component when it arrives.
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  Page.preload = () => fetchPage().then(() => undefined);
  return Page;
}

/** One named export of a lazily loaded module, as a lazy component (the same reload on a lost chunk). */
export function lazyComponent<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazyPage(() => load().then((module) => ({ default: module[name] as ComponentType })));
}
