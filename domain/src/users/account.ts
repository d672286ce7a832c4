import { ACCOUNT_RESTORE_WINDOW_MS } from '../platform/constants';

/** Deactivation schedules deletion; logging in before deletionOn restores the account (SPEC §4). */
export const deletionDateFor = (deactivatedAt: number): number => deactivatedAt + ACCOUNT_RESTORE_WINDOW_MS;

export const canRestore = (deletionOn: number | null, now: number): boolean => deletionOn !== null && now < deletionOn;

/** A failed deletion is tried again an hour later, then after twice as long each time, a week at most. */
export const DELETION_RETRY_FIRST_MS = 60 * 60 * 1000;
export const DELETION_RETRY_MAX_MS = 7 * 24 * 60 * 60 * 1000;
export const nextDeletionAttempt = (failures: number, now: number): number =>
  now + Math.min(DELETION_RETRY_MAX_MS, DELETION_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));

/** Deterministic default avatar pick so a user keeps the same placeholder (RandomAvatar1 onward). */
export const avatarPlaceholderFor = (uid: string, count: number): number => {
  let hash = 0;
  for (const char of uid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % count) + 1;
};
