import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { BATTLE_COUNTDOWN_TICK_MS, countdownClock } from '@versus/domain/battles/battle';

/** The current time, re-read every tick (SPEC §4: 500 ms) while mounted. */
export function useNow(tickMs = BATTLE_COUNTDOWN_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}

/** mm:ss under an hour, a relative time beyond (SPEC §4). */
export function Countdown({ until, now }: { until: number; now: number }) {
  const clock = countdownClock(until - now);
  return (
    <time className="countdown" dateTime={new Date(until).toISOString()} data-testid="countdown">
      {clock ?? dayjs(until).from(now)}
    </time>
  );
}
