import { useEffect, useState } from 'react';
import { BATTLE_COUNTDOWN_TICK_MS } from '@versus/domain/battles/battle';

/** The current time, re-read every tick (SPEC §4: 500 ms) while mounted. */
export function useNow(tickMs = BATTLE_COUNTDOWN_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}
