import { ACCOUNT_RESTORE_WINDOW_MS } from '../platform/constants';

/** Deactivation schedules deletion; logging in before deletionOn restores the account (SPEC §4). */
export const deletionDateFor = (deactivatedAt: number): number => deactivatedAt + ACCOUNT_RESTORE_WINDOW_MS;

export const canRestore = (deletionOn: number | null, now: number): boolean => deletionOn !== null && now < deletionOn;

/** Deterministic default avatar pick so a user keeps the same placeholder (RandomAvatar1 onward). */
export const avatarPlaceholderFor = (uid: string, count: number): number => {
  let hash = 0;
  for (const char of uid) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % count) + 1;
};
