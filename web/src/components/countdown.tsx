import { relativeTime } from '../lib/relative-time';
import { useTranslation } from 'react-i18next';
import { countdownClock } from '@versus/domain/battles/battle';
import { useLocale } from '../lib/navigation';
import { mediumDateTime } from '../lib/locale';

/**
 * mm:ss under an hour, a relative time beyond (SPEC §4). `phrased` says "in 29:53" under an hour:
 * beside a date or a time, a bare mm:ss would read as another clock time.
 */
export function Countdown({
  until,
  now,
  phrased = false,
  testId = 'countdown',
}: {
  until: number;
  now: number;
  phrased?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const clock = countdownClock(until - now);
  return (
    <time className="countdown" dateTime={new Date(until).toISOString()} data-testid={testId}>
      {clock ? (phrased ? t('common.in-clock', { clock }) : clock) : relativeTime(locale, until, now)}
    </time>
  );
}

/**
 * A deadline as people read one: the exact local date and time, and the live countdown beside it,
 * e.g. "23 Nov 2026, 14:00 (tomorrow)" or "22 Nov 2026, 15:30 (in 29:53)".
 */
export function Deadline({ until, now }: { until: number; now: number }) {
  const locale = useLocale();
  const date = mediumDateTime(locale).format(until);
  return (
    <span className="deadline">
      <time dateTime={new Date(until).toISOString()} data-testid="deadline-date">
        {date}
      </time>{' '}
      (<Countdown until={until} now={now} phrased />)
    </span>
  );
}
