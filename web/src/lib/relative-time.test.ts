import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  // Node reads the zone again when TZ changes.
  beforeAll(() => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
  // Monday 7 December 2026, 06:35 in Los Angeles (walk AH).
  const now = Date.UTC(2026, 11, 7, 14, 35);
  const at = (day: number, hour: number) => Date.UTC(2026, 11, day, hour + 8);

  it("counts the viewer's calendar days from 22 hours on", () => {
    // Tuesday 20:00 is 37 hours away: tomorrow, not "in 2 days".
    expect(relativeTime('en-US', at(8, 20), now)).toBe('tomorrow');
    expect(relativeTime('fi-FI', at(8, 20), now)).toBe('huomenna');
    // Wednesday 01:00 is 42 hours away, and two days on the calendar.
    expect(relativeTime('en-GB', at(9, 1), now)).toBe('in 2 days');
    expect(relativeTime('fi-FI', at(9, 1), now)).toBe('ylihuomenna');
  });

  it('says hours under 22 of them, even on the next day', () => {
    expect(relativeTime('en-US', at(7, 16), now)).toBe('in 9 hours');
    // 21 hours on, on Tuesday morning.
    expect(relativeTime('en-US', at(8, 3) + 35 * 60_000, now)).toBe('in 21 hours');
    // From 00:30 to 23:00 the same day: 22.5 hours, today.
    expect(relativeTime('en-US', at(7, 23), at(7, 0) + 30 * 60_000)).toBe('in 23 hours');
  });

  it("leaves months and times gone by to dayjs's words", () => {
    expect(relativeTime('en-US', at(7, 5) + 30 * 60_000, now)).toBe('an hour ago');
    expect(relativeTime('en-US', Date.UTC(2027, 1, 20), now)).toBe('in 2 months');
  });
});
