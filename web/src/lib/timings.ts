/**
 * Timings and browser-only settings of SPEC §9 that only the web app uses (the rules both sides
 * share stay in domain/). Durations are milliseconds.
 */
export const LOCALE_COOKIE = 'versus_locale';
export const LOCALE_COOKIE_DAYS = 365;
/** While the e-mail is unverified, the session re-reads the account this often. */
export const EMAIL_VERIFIED_POLL_MS = 30_000;
export const SEARCH_DEBOUNCE_MS = 500;
export const PROGRESS_BAR_THROTTLE_MS = 200;
export const PROGRESS_BAR_DURATION_MS = 5000;
/** Presence (DESIGN §6): a heartbeat every 60 s while the tab is visible. */
export const PRESENCE_HEARTBEAT_MS = 60_000;
/**
 * Whether a tab writes a beat now, given its last: not within half a heartbeat of it (a tab shown
 * again). The interval's beats still come every heartbeat, so the last beat is at most 90 s old
 * when the next is due, inside DESIGN §6's 120 s.
 */
export const beatDue = (now: number, lastBeat: number | null): boolean =>
  lastBeat === null || now - lastBeat >= PRESENCE_HEARTBEAT_MS / 2;

/**
 * After a verification e-mail is sent, its Resend says "Sent" this long, then offers itself again
 * (it stayed "Sent" until a reload; the API's limit, 5 an hour, says when there were too many).
 */
export const RESEND_AGAIN_MS = 60_000;

export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** A failed chunk load reloads the page unless it already did so within the guard window. */
export const shouldReloadAfterChunkFailure = (lastReloadAt: number | null, now: number): boolean =>
  lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS;
/** SPEC §9: browse reloads 1000 ms after the filters stop changing. */
export const FILTER_DEBOUNCE_MS = 1000;
