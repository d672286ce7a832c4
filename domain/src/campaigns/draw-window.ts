import { monthEnd } from './campaign';

/**
 * How long after its month a draw waits (record 193): a battle that ended in the month's last
 * second writes its entries in a commit that may come after midnight, up to a request's 60 s or a
 * sweep's 300 s later. A draw before then could leave one out and no longer match its digest.
 * A module of its own: the web shell holds campaign.ts, and only the admin page needs this.
 */
export const DRAW_AFTER_MS = 10 * 60_000;
/** The first moment a month's draw may run. */
export const drawOpensAt = (month: string): number => monthEnd(month) + DRAW_AFTER_MS;
