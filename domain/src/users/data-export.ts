import { DAY_MS } from '../platform/constants';

/**
 * "Download my data" (issue #58, GDPR art. 15 and 20): a player asks, the sweeper builds a ZIP of
 * everything stored about them, and a link that expires lets them fetch it.
 * docs/decisions/0064-data-export.md.
 */

/** One request a day: building an archive reads every document about the player. */
export const DATA_EXPORT_INTERVAL_MS = DAY_MS;
/** How long the link works once the archive is ready. */
export const DATA_EXPORT_LIFETIME_MS = 7 * DAY_MS;
/** A build that has not finished in this long is taken up again by the next sweep. */
export const DATA_EXPORT_BUILD_LEASE_MS = 10 * 60_000;
/** Builds tried before the request counts as failed (the player may then ask again at once). */
export const DATA_EXPORT_ATTEMPTS = 3;

export type DataExportState = 'PENDING' | 'BUILDING' | 'READY' | 'FAILED' | 'EXPIRED';

/** data_exports/{uid}: the player's latest request, readable by them alone. */
export interface DataExport {
  uid: string;
  state: DataExportState;
  requestedAt: number;
  /** BUILDING: which build holds it, and since when (a lease, DATA_EXPORT_BUILD_LEASE_MS). */
  buildId: string | null;
  claimedAt: number | null;
  attempts: number;
  /** READY: the archive's capability (32 random bytes, base64url) and where the file lies. */
  token: string | null;
  path: string | null;
  bytes: number | null;
  /** Documents per section of the archive, and uploaded files. */
  counts: Record<string, number> | null;
  readyAt: number | null;
  expiresAt: number | null;
}

/** The archive's capability, as the link carries it. */
export const isDataExportToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The link a player downloads the archive from (same origin as the app: /api is the API). */
export const dataExportHref = (uid: string, token: string): string =>
  `/api/dataExports/${encodeURIComponent(uid)}/${token}`;

/** When the player may ask again: a day after the last request, unless it failed. */
export function nextDataExportAt(current: Pick<DataExport, 'state' | 'requestedAt'> | null): number {
  if (!current || current.state === 'FAILED') return 0;
  return current.requestedAt + DATA_EXPORT_INTERVAL_MS;
}
