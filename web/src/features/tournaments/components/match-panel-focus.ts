import { useEffect } from 'react';

const heading = () => document.querySelector<HTMLElement>('#current-match > h2');

/** A player's own act asked for the heading this long ago at most: its step's change may come after. */
const WANTED_MS = 10_000;
let wantedAt = 0;

/**
 * The keyboard's place once the player's own step in a match is done: a report confirmed, a check-in,
 * a story sent take their button away with them, and the focus fell to the page's body (a keyboard
 * walk's find). The match panel's heading takes it, in place, so the next Tab and a screen reader go
 * on from the panel. Only the player's own act moves it: the other side's or the host's leaves the
 * focus where it is.
 *
 * Called after the act succeeded: the heading now, and again once its step has changed.
 */
export function focusMatchPanel(): void {
  wantedAt = Date.now();
  heading()?.focus({ preventScroll: true });
}

/**
 * The panel's side: when its step changes (the live match caught up with the act) and the focus has
 * fallen to the body meanwhile (the question gave it back to its form's button, which then went),
 * the heading takes it, if the player's own act asked for it a moment ago.
 */
export function useMatchPanelFocus(step: string): void {
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && Date.now() - wantedAt < WANTED_MS) heading()?.focus({ preventScroll: true });
  }, [step]);
}
