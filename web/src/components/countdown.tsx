import dayjs from '../lib/dayjs';
import { useTranslation } from 'react-i18next';
import { countdownClock } from '@versus/domain/battles/battle';
import { useLocale } from '../lib/navigation';
import { mediumDateTime } from '../lib/locale';

/** mm:ss under an hour, a relative time beyond (SPEC §4). */
export function Countdown({ until, now }: { until: number; now: number }) {
  const clock = countdownClock(until - now);
  return (
    <time className="countdown" dateTime={new Date(until).toISOString()} data-testid="countdown">
      {clock ?? dayjs(until).from(now)}
    </time>
  );
}

/**
 * A deadline as people read one: the exact local date and time, and the live countdown beside it,
 * e.g. "23 Nov 2026, 14:00 (in a day)" or "22 Nov 2026, 15:30 (in 29:53)": beside a date, a bare
 * mm:ss would read as another clock time.
 */
export function Deadline({ until, now }: { until: number; now: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const clock = countdownClock(until - now);
  const date = mediumDateTime(locale).format(until);
  return (
    <span className="deadline">
      <time dateTime={new Date(until).toISOString()} data-testid="deadline-date">
        {date}
      </time>{' '}
      (
      {clock ? (
        <time className="countdown" dateTime={new Date(until).toISOString()} data-testid="countdown">
          {t('common.in-clock', { clock })}
        </time>
      ) : (
        <Countdown until={until} now={now} />
      )}
      )
    </span>
  );
}
