/**
 * The keyboard's place once the player's own step in a match is done: a report confirmed, a check-in,
 * a story sent take their button away with them, and the focus fell to the page's body (a keyboard
 * walk's find). The match panel's heading takes it, in place, so the next Tab and a screen reader go
 * on from the panel. Only the player's own act moves it: the other side's or the host's leaves the
 * focus where it is.
 */
export function focusMatchPanel(): void {
  document.querySelector<HTMLElement>('#current-match > h2')?.focus({ preventScroll: true });
}
