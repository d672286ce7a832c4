import { useLayoutEffect } from 'react';
import { useOutletContext } from 'react-router';

/** What a page of the focused layout (checkout, the tournament wizard) can tell it (app/layouts). */
export interface FocusedPageContext {
  setDone: (done: boolean) => void;
}

/**
 * Tells the focused layout whether what the page was for is done (a purchase paid): its header's
 * way back then says Close, not Cancel, which after a payment read as undoing it. Told before the
 * browser paints, so the header never shows Cancel beside "Payment complete".
 */
export function useFocusedPageDone(done: boolean): void {
  const setDone = useOutletContext<FocusedPageContext | undefined>()?.setDone;
  useLayoutEffect(() => {
    setDone?.(done);
    // A page that goes (another purchase started) takes its word with it.
    return () => setDone?.(false);
  }, [setDone, done]);
}
