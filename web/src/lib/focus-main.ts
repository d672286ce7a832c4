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

/** Where the focus fell to the page itself (nothing has it), the page's content takes it, in place. */
export function focusMainIfLost(): void {
  if (!document.activeElement || document.activeElement === document.body) focusMain({ preventScroll: true });
}
