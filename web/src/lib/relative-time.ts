import { HOUR_MS } from '@versus/domain/platform/constants';
import dayjs from './dayjs';

/**
 * A time to come, said relatively beyond an hour (components/countdown). From 22 hours on, where
 * dayjs stops saying hours, it counts the viewer's calendar days: Tuesday evening, seen on Monday
 * morning, is "tomorrow", where dayjs rounds 37 hours to "in 2 days" (walk AH). Past 25 days, and
 * for a time gone by, dayjs's words.
 */
export function relativeTime(locale: string, until: number, now: number): string {
  const days = dayjs(until).startOf('day').diff(dayjs(now).startOf('day'), 'day');
  if (until - now < 22 * HOUR_MS || days > 25) return dayjs(until).from(now);
  const words = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  // 22 hours or more on the same day (00:30 to 23:00): hours, not "in a day".
  return days === 0 ? words.format(Math.round((until - now) / HOUR_MS), 'hour') : words.format(days, 'day');
}
