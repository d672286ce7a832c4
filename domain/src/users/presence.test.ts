import { describe, expect, it } from 'vitest';
import { isOnline } from './presence';

describe('isOnline', () => {
  const now = 1_000_000;
  it('counts a user seen within the last two minutes as online', () => {
    expect(isOnline(now - 119_999, now)).toBe(true);
    expect(isOnline(now - 120_000, now)).toBe(false);
    expect(isOnline(undefined, now)).toBe(false);
  });
});
