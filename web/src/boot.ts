import { reloadAfterChunkFailure } from './app/chunk-reload';

/**
 * The page's only script tag. A prerendered page (scripts/prerender.mjs) is painted first and the
 * app starts after: the browser runs a module script as soon as it has it, before its first paint
 * if it can, and the app's modules take a few hundred milliseconds of a phone's CPU to evaluate.
 * A frame's requestAnimationFrame runs before that frame is painted; a task queued from it runs
 * after. The import asks for the app's chunks (Vite's preload helper fetches a chunk's imports
 * side by side); after a deploy an old page's app chunk is gone, and the page reloads once.
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    import('./main').catch((error: unknown) => {
      if (!reloadAfterChunkFailure()) console.error('the app could not load', error);
    });
    // A prerendered page names its own chunks (scripts/prerender.mjs): fetched beside the app's, they
    // are in the cache when its router imports them (issue #24, LCP). Fetched, not imported: the
    // browser would compile them (Firestore's SDK is 445 KB) on the page's own threads while the
    // app's modules evaluate, and that evaluation waited for a core (docs/decisions/0079, "A page's
    // own chunks beside the app's"). A browser without prefetch (Safari)
    // imports them, as before. A failure is the router's to see.
    const prefetch = document.createElement('link').relList.supports('prefetch');
    for (const chunk of document.getElementById('root')?.dataset.chunks?.split(' ') ?? []) {
      if (!prefetch) import(/* @vite-ignore */ chunk).catch(() => {});
      else
        document.head.append(
          Object.assign(document.createElement('link'), {
            rel: 'prefetch',
            as: 'script',
            href: chunk,
            crossOrigin: '',
          }),
        );
    }
  }, 0);
});
