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
    // A prerendered page names its own chunks (scripts/prerender.mjs): asked for beside the app's,
    // they are there when its router wants them (issue #24, LCP). A failure is the router's to see.
    for (const chunk of document.getElementById('root')?.dataset.chunks?.split(' ') ?? [])
      import(/* @vite-ignore */ chunk).catch(() => {});
  }, 0);
});
