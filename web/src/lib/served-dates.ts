import type { Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import dayjs from './dayjs';
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
