import { takenFreeDays, type FreeDayClaim } from '@versus/domain/tournaments/free-days';
import { browserTimeZone } from '../../lib/zone-name';
import type { useMyFreeStarts } from './api';

/**
 * The days the date picker greys for a free start (SPEC §5) in this browser's zone, which the wizard
 * and the settings send: the server's own rule (domain takenFreeDays), without the claims `skip` names.
 */
export function freeDaysHere(
  claims: ReturnType<typeof useMyFreeStarts>,
  skip: (claim: FreeDayClaim) => boolean,
): Set<string> {
  if (claims.status !== 'ready') return new Set();
  return takenFreeDays(
    claims.items.filter((claim) => !skip(claim)),
    browserTimeZone(),
  );
}
