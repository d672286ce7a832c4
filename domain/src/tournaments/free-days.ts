import { DAY_MS } from '../platform/constants';

/*
 * One free tournament per host and day (SPEC §5, records 44 and 191), for the server and the date
 * picker alike. A module of its own: the web app's shell imports tournament.ts, and would carry this.
 */

/** YYYY-MM-DD of an instant in an IANA time zone (the free-tournament day, SPEC §5). */
export function localDay(time: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date(time))
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A host's claim on a free tournament's day: `day` in the zone it was made in, and its start. */
export interface FreeDayClaim {
  day: string;
  tournamentId: string;
  startTime?: number;
}

/**
 * The claims' keys to read beside `day`'s own: a claim made in another time zone keys its start's
 * day there, a day off at most (walk AH: a host in Los Angeles, then in Auckland, hosted two free
 * tournaments an hour apart). Zones at the world's two ends, 26 hours apart, are left out.
 */
export function daysBeside(day: string): [string, string] {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const iso = (time: number) => new Date(time).toISOString().slice(0, 10);
  return [iso(midnight - DAY_MS), iso(midnight + DAY_MS)];
}

/**
 * The days in `timeZone` on which a free start would be a second that day (SPEC §5), by the host's
 * claims: each claim's own day, which a new claim cannot take, and its start's day in this zone. The
 * server judges a start by it (freeDayTaken), and the date picker greys its days.
 */
export const takenFreeDays = (claims: readonly (FreeDayClaim | undefined)[], timeZone: string): Set<string> =>
  new Set(
    claims.flatMap((claim) =>
      !claim ? [] : [claim.day, ...(claim.startTime === undefined ? [] : [localDay(claim.startTime, timeZone)])],
    ),
  );

/** Whether a free start on `day` in `timeZone` is refused by another tournament's claim. */
export const freeDayTaken = (
  day: string,
  timeZone: string,
  claims: readonly (FreeDayClaim | undefined)[],
  tournamentId: string,
): boolean =>
  takenFreeDays(
    claims.filter((claim) => claim?.tournamentId !== tournamentId),
    timeZone,
  ).has(day);
