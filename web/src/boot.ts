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
  }, 0);
});
