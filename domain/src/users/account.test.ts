import { describe, expect, it } from 'vitest';
import { ACCOUNT_RESTORE_WINDOW_MS, DAY_MS } from '../platform/constants';
import { avatarPlaceholderFor, canRestore, deletionDateFor, nextDeletionAttempt } from './account';

describe('account lifecycle', () => {
  const deactivatedAt = Date.UTC(2026, 10, 1);

  it('schedules deletion 14 days after deactivation', () => {
    expect(deletionDateFor(deactivatedAt) - deactivatedAt).toBe(14 * DAY_MS);
    expect(ACCOUNT_RESTORE_WINDOW_MS).toBe(14 * DAY_MS);
  });

  it('allows restoring until the deletion moment, not after', () => {
    const deletionOn = deletionDateFor(deactivatedAt);
    expect(canRestore(deletionOn, deletionOn - 1)).toBe(true);
    expect(canRestore(deletionOn, deletionOn)).toBe(false);
    expect(canRestore(null, deactivatedAt)).toBe(false);
  });

  it('picks a stable placeholder avatar within range', () => {
    const picks = ['a', 'b', 'uid-123', 'x'.repeat(40)].map((uid) => avatarPlaceholderFor(uid, 8));
    for (const pick of picks) expect(pick).toBeGreaterThanOrEqual(1);
    for (const pick of picks) expect(pick).toBeLessThanOrEqual(8);
    expect(avatarPlaceholderFor('uid-123', 8)).toBe(picks[2]);
  });
});

describe('a deletion that fails', () => {
  it('is tried again after an hour, then twice as long each time, a week at most', () => {
    const now = 1_800_000_000_000;
    const hour = 60 * 60 * 1000;
    expect(nextDeletionAttempt(1, now)).toBe(now + hour);
    expect(nextDeletionAttempt(2, now)).toBe(now + 2 * hour);
    expect(nextDeletionAttempt(4, now)).toBe(now + 8 * hour);
    expect(nextDeletionAttempt(30, now)).toBe(now + 7 * 24 * hour);
  });
});
