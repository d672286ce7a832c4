import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The address's step, 1-based (`?step=3`); none is the first. */
const stepIn = (search: string): number => {
  const named = Number(new URLSearchParams(search).get('step'));
  return Number.isInteger(named) && named > 1 ? named - 1 : 0;
};

/**
 * The wizard's steps in the browser's history (walk AD: Back on the fourth step left the wizard):
 * each step the wizard moves to is an entry of its own (`?step=`), so Back and Forward walk the
 * steps. The draft stays the source (it outlives a reload): a step arrived at with the page is
 * written in place, and a step the address names that the draft cannot open yet (a later one, its
 * earlier steps changed meanwhile) gives way to the draft's own.
 */
export function useWizardHistory({
  step,
  latest,
  go,
  opens,
  paused,
}: {
  step: number;
  /** The draft's step now: a draft reset on arrival (after a Cancel) is not the render's. */
  latest: () => number;
  go: (step: number) => void;
  opens: (step: number) => boolean;
  /** While the wizard leaves (a tournament made): the address is the leaving's. */
  paused: boolean;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const address = (index: number) => ({ search: index > 0 ? `?step=${index + 1}` : '' });
  // The draft moved (Next, Back, the stepper): a new entry, unless the address already says it. The
  // step the page opened on is written in place (once: React's development mode runs this twice).
  const written = useRef<number | null>(null);
  useEffect(() => {
    const now = latest();
    const first = written.current === null;
    if (paused || written.current === now) return;
    written.current = now;
    if (stepIn(window.location.search) === now) return;
    void navigate(address(now), { replace: first, preventScrollReset: true });
    // Only a move of the draft's step writes the address; the address's own moves are read below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);
  // The address moved (Back, Forward): the draft follows, where it may.
  const seen = useRef(location.key);
  useEffect(() => {
    if (seen.current === location.key) return;
    seen.current = location.key;
    if (paused) return;
    const wanted = stepIn(location.search);
    if (wanted === step) return;
    if (opens(wanted)) go(wanted);
    else void navigate(address(step), { replace: true, preventScrollReset: true });
    // Read on a move of the address only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
}
