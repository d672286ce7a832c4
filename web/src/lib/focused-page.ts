import { useEffect, useLayoutEffect } from 'react';
import { useOutletContext } from 'react-router';
import { useLocalNavigate } from './navigation';

/** What a page of the focused layout (checkout, the tournament wizard) can tell it (app/layouts). */
export interface FocusedPageContext {
  setDone: (done: boolean) => void;
  /** A page that asks before its Cancel leaves (the wizard's started draft): it leaves by `leave`. */
  setCancelGuard: (guard: CancelGuard | null) => void;
  /** Leaves the focused pages for `path`, in place of their first entry in the history. */
  leaveFor: (path: string) => Promise<void>;
}
export type CancelGuard = (leave: () => void) => void;

/** While `guard` is given, the layout's Cancel calls it instead of leaving (record 158). */
export function useFocusedCancelGuard(guard: CancelGuard | null): void {
  const setGuard = useOutletContext<FocusedPageContext | undefined>()?.setCancelGuard;
  useEffect(() => {
    setGuard?.(guard);
    return () => setGuard?.(null);
  }, [setGuard, guard]);
}

/**
 * What a focused page calls once it is through (a tournament made): the page it leads to takes the
 * place of its first entry, so Back from there goes where it began, not through its steps (the
 * wizard's are entries of their own, record 188). Outside the layout, it only goes there.
 */
export function useFocusedLeave(): (path: string) => Promise<void> {
  const leaveFor = useOutletContext<FocusedPageContext | undefined>()?.leaveFor;
  const navigate = useLocalNavigate();
  return leaveFor ?? (async (path) => await navigate(path));
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

const ENTRY_KEY = 'versus:focusedEntry';

/**
 * Where the focused pages began in this tab's history, kept for a reload of the page at `here`
 * (the layout's own state starts again with the document): a purchase reloaded still closes to the
 * page before the shop. Undefined when nothing was kept for this address.
 */
export function keptFocusedEntry(here: string): number | undefined {
  try {
    const kept = JSON.parse(sessionStorage.getItem(ENTRY_KEY) ?? 'null') as { entry?: unknown; here?: unknown } | null;
    return kept && kept.here === here && typeof kept.entry === 'number' ? kept.entry : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the entry while the focused pages show `here`; forgotten when they are left in the app. */
export function useKeptFocusedEntry(entry: number | undefined, here: string): void {
  useEffect(() => {
    if (entry === undefined) return;
    try {
      sessionStorage.setItem(ENTRY_KEY, JSON.stringify({ entry, here }));
    } catch {
      // No session storage (a private mode): a reload closes one step back, as before.
    }
  }, [entry, here]);
  useEffect(
    () => () => {
      try {
        sessionStorage.removeItem(ENTRY_KEY);
      } catch {
        // As above.
      }
    },
    [],
  );
}
