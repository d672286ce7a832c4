import { describe, expect, it } from 'vitest';
import { daysBeside, freeDayTaken, localDay } from './free-days';

describe('localDay', () => {
  it('counts the day in the host’s time zone', () => {
    const lateEvening = Date.UTC(2027, 0, 15, 22, 30);
    expect(localDay(lateEvening, 'Europe/Helsinki')).toBe('2027-01-16');
    expect(localDay(lateEvening, 'America/New_York')).toBe('2027-01-15');
  });
});

describe('freeDayTaken (SPEC §5: one free tournament a day)', () => {
  // Claimed in Los Angeles: Tuesday 8 December 2026, 20:00 there, Wednesday 17:00 in Auckland.
  const la = { day: '2026-12-08', tournamentId: 'la', startTime: Date.UTC(2026, 11, 9, 4) };

  it("reads the days beside a day, across a month's and a year's end", () => {
    expect(daysBeside('2026-12-08')).toEqual(['2026-12-07', '2026-12-09']);
    expect(daysBeside('2027-01-01')).toEqual(['2026-12-31', '2027-01-02']);
    expect(daysBeside('2028-03-01')).toEqual(['2028-02-29', '2028-03-02']);
  });

  it("judges a start by the day of each claim's start in its own zone, and by the claim's own day", () => {
    // The walk's second free one, an hour later, made in Auckland: the same day there.
    expect(freeDayTaken('2026-12-09', 'Pacific/Auckland', [undefined, la], 'nz')).toBe(true);
    // Thursday in Auckland is free, and so is Wednesday in Los Angeles.
    expect(freeDayTaken('2026-12-10', 'Pacific/Auckland', [la], 'nz')).toBe(false);
    expect(freeDayTaken('2026-12-09', 'America/Los_Angeles', [la], 'next')).toBe(false);
    // The claim's own day stays taken, whatever zone asks; the tournament's own claim never counts.
    expect(freeDayTaken('2026-12-08', 'Pacific/Auckland', [la], 'nz')).toBe(true);
    expect(freeDayTaken('2026-12-08', 'America/Los_Angeles', [la], 'la')).toBe(false);
    // A claim from before claims kept their start counts by its day alone.
    expect(freeDayTaken('2026-12-09', 'Pacific/Auckland', [{ day: '2026-12-08', tournamentId: 'old' }], 'nz')).toBe(
      false,
    );
  });
});
