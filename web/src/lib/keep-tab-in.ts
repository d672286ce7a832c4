import type { KeyboardEvent } from 'react';
import { tabbable } from 'tabbable';

/**
 * Tab from the last control of an element that covers the screen (`position: fixed`) goes to its
 * first, and Shift+Tab from its first to its last, as in a dialog. Where the element is part of the
 * page (not fixed: the chat beside a tournament on a wide screen), Tab goes on as usual.
 */
export function keepTabIn(element: HTMLElement, event: KeyboardEvent) {
  if (event.key !== 'Tab' || getComputedStyle(element).position !== 'fixed') return;
  const stops = tabbable(element);
  const [first, last] = [stops[0], stops.at(-1)];
  const to = event.shiftKey
    ? document.activeElement === first
      ? last
      : null
    : document.activeElement === last
      ? first
      : null;
  if (!to) return;
  event.preventDefault();
  to.focus();
}
