import dayjs from '../../lib/dayjs';
import type { FreeDayClaim } from '@versus/domain/tournaments/tournament';
import type { useMyFreeStarts } from './api';

/**
 * The days the date picker greys for a free start (SPEC §5), as the server judges them (domain
 * freeDayTaken): each claim's own day, and its start's day in this browser's zone (walk AH: a claim
 * made in Auckland greyed its Auckland day in Los Angeles, and not the day it starts there).
 */
export function freeDaysTaken(
  claims: ReturnType<typeof useMyFreeStarts>,
  skip: (claim: FreeDayClaim) => boolean,
): Set<string> {
  if (claims.status !== 'ready') return new Set();
  return new Set(
    claims.items
      .filter((claim) => !skip(claim))
      .flatMap((claim) => [
        claim.day,
        ...(claim.startTime === undefined ? [] : [dayjs(claim.startTime).format('YYYY-MM-DD')]),
      ]),
  );
}
