import { useEffect, useId } from 'react';
import { create } from 'zustand';

interface Turns {
  /** The dialog on the screen; it keeps the turn until it no longer wants it. */
  holder: string | null;
  /** Those that want the turn, in the order they asked. */
  waiting: string[];
}

const useTurns = create<Turns>(() => ({ holder: null, waiting: [] }));

/**
 * One dialog on the screen at a time: a dialog that wants to open waits until the one shown closes,
 * then the first of those waiting opens. The turn passes after the commit that let it go, so one
 * that lets it go and asks again in the same commit keeps it.
 */
export function useOverlayTurn(wants: boolean): boolean {
  const id = useId();
  useEffect(() => {
    if (!wants) return;
    useTurns.setState(({ holder, waiting }) => ({ waiting: [...waiting, id], holder: holder ?? id }));
    return () => {
      useTurns.setState(({ waiting }) => ({ waiting: waiting.filter((item) => item !== id) }));
      queueMicrotask(() =>
        useTurns.setState((state) =>
          state.holder === id && !state.waiting.includes(id) ? { holder: state.waiting[0] ?? null } : state,
        ),
      );
    };
  }, [id, wants]);
  const holding = useTurns((state) => state.holder === id);
  return wants && holding;
}
