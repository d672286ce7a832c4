import type { Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import dayjs from './dayjs';
import { dateTimeFormat } from './locale';
import { useLocale } from './navigation';
import { useServing } from './served-data';

dayjs.extend(utc);

/**
 * Dates as a page shows them: in UTC while a page served with its data renders on the server and
 * hydrates (so the HTML and the first render say the same day), in the visitor's own time zone after.
 */
export function useShownDate(): (at: number) => Dayjs {
  const serving = useServing();
  return serving ? (at) => dayjs.utc(at) : (at) => dayjs(at);
}

/**
 * A day as the app writes it beside its other dates (Intl's medium date, as the coin history's:
 * 2 Dec 2026, Dec 2, 2026, 2.12.2026), by the same rule: UTC while served, the visitor's zone after.
 */
export function useShownDay(): (at: number) => string {
  const serving = useServing();
  const format = dateTimeFormat(useLocale(), { dateStyle: 'medium', ...(serving ? { timeZone: 'UTC' } : {}) });
  return (at) => format.format(at);
}
