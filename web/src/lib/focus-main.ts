/**
 * The page's own content takes the keyboard (record 127): the skip link, a new page opened from
 * outside it, and a popup closing with nothing to give the focus back to. A screen reader then reads
 * from the content, and the next Tab goes into it, not through the header again.
 */
export function focusMain(options?: FocusOptions): void {
  const main = document.getElementById('main');
  main?.setAttribute('tabindex', '-1');
  main?.focus(options);
}

/** The focus fell to the page itself: nothing has it. */
export const focusLost = (): boolean => !document.activeElement || document.activeElement === document.body;
