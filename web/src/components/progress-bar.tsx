import { useEffect, useState } from 'react';
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '../lib/timings';
import { useProgressStore } from '../lib/progress-store';

/**
 * Top bar for API calls: appears after 200 ms so quick calls never flash (SPEC §9). It is for the
 * eye only: the button that started a call says it is busy (`aria-busy`), and a page waiting for
 * its data shows a busy skeleton. As a nameless progress bar outside every landmark, screen
 * readers met it between the page's regions, and axe-core flagged each page it showed on.
 */
export function ProgressBar() {
  const pending = useProgressStore((state) => state.pending);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (pending === 0) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), PROGRESS_BAR_THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);

  if (!visible) return null;
  return (
    <div className="progress-bar" aria-hidden="true" data-testid="progress-bar">
      <div className="progress-bar-fill" style={{ animationDuration: `${PROGRESS_BAR_DURATION_MS}ms` }} />
    </div>
  );
}
