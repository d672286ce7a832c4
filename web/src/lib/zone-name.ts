import { dateTimeFormat } from './locale';

// A module of its own: lib/locale is in the landing's chunk with every export another chunk uses.
/**
 * The viewer's time zone as the locale names it at `at`: `longGeneric` in the date picker ("Eastern
 * Time", "Itä-Euroopan aika"), so a time typed in 0–23 says where it is; `short` beside a start
 * ("PST", "UTC+2"), so players in other zones agree on it. An offset ("GMT+00:00") where the zone
 * has no name.
 */
export function zoneName(locale: string, at: number, style: 'longGeneric' | 'short'): string {
  const part = dateTimeFormat(locale, { timeZoneName: style })
    .formatToParts(at)
    .find((item) => item.type === 'timeZoneName');
  return part?.value ?? browserTimeZone();
}

/** The IANA time zone this browser is in (Europe/Helsinki): what a start typed here means. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
