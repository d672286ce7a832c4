// Calls in a row (issue #59, scripts/lib/operation-counter.mjs): how deep in a request's chain of
// Firestore round trips a call starting now is. Pure, so it is tested on its own.

/**
 * One more than the deepest answered Firestore call that counts: every call answered before this
 * one started, except one that answered while a provider's call (PayPal, the game's API) was open
 * and before that provider answered. That provider did not wait for it (it started before the call
 * answered), and whatever follows the provider's answer waited for the provider anyway; a provider
 * answers slower in production than on loopback, and Firestore faster than its emulator.
 * @param {{ answered: { depth: number, start: number, end: number }[], outbound: { start: number, end: number }[] }} chain
 */
export function nextDepth(chain) {
  let deepest = 0;
  for (const call of chain.answered) {
    if (call.depth <= deepest) continue;
    // Waited on anyway: it answered while a provider's call that has answered since was open.
    const hidden = chain.outbound.some((provider) => provider.start < call.end && call.end <= provider.end);
    if (!hidden) deepest = call.depth;
  }
  return deepest + 1;
}
