/**
 * The page's only script tag. A prerendered page (scripts/prerender.mjs) is painted first and the
 * app starts after: the browser runs a module script as soon as it has it, before its first paint
 * if it can, and the app's modules take a few hundred milliseconds of a phone's CPU to evaluate.
 * A frame's requestAnimationFrame runs before that frame is painted; a task queued from it runs
 * after. The app's chunks download meanwhile (modulepreload links in the page's head).
 */
requestAnimationFrame(() => {
  setTimeout(() => {
    void import('./main');
  }, 0);
});
