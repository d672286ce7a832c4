import { afterEach, describe, expect, it, vi } from 'vitest';
import dayjs from '../../../lib/dayjs';
import { zoneName } from '../../../lib/zone-name';
import { calendarMonth, calendarStep, clockChange, instantOf, pickerProblems } from './date-time-picker';

describe('the date-time picker (SPEC §5)', () => {
  // 1 December 2026 is a Tuesday.
  const december = dayjs('2026-12-01T00:00');

  it('starts the week on Sunday in en-US', () => {
    const { weekdays, days } = calendarMonth(december, 'en-US');
    expect(weekdays).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(days.slice(0, 3)).toEqual([null, null, '2026-12-01']);
    expect(days.filter(Boolean)).toHaveLength(31);
  });

  it('starts the week on Monday in en-GB and fi-FI', () => {
    const british = calendarMonth(december, 'en-GB');
    expect(british.weekdays).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(british.days.slice(0, 2)).toEqual([null, '2026-12-01']);
    const finnish = calendarMonth(december, 'fi-FI');
    expect(finnish.weekdays).toEqual(['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su']);
    expect(finnish.days.slice(0, 2)).toEqual([null, '2026-12-01']);
  });

  it('leaves no blank before a month that starts on the first day of the week', () => {
    // 1 November 2026 is a Sunday; 1 June 2026 a Monday.
    expect(calendarMonth(dayjs('2026-11-01T00:00'), 'en-US').days[0]).toBe('2026-11-01');
    expect(calendarMonth(dayjs('2026-06-01T00:00'), 'en-GB').days[0]).toBe('2026-06-01');
  });

  it('lays the days out in weeks of seven, the last filled with blanks', () => {
    // December 2026 in en-GB: a blank Monday, then the 1st to the 31st, a Thursday.
    const { weeks } = calendarMonth(december, 'en-GB');
    expect(weeks).toHaveLength(5);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0]!.slice(0, 2)).toEqual([null, '2026-12-01']);
    expect(weeks[4]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', null, null, null]);
  });

  it('moves the calendar’s keyboard by a day, a week and to the week’s ends', () => {
    expect(calendarStep('ArrowLeft', 3)).toBe(-1);
    expect(calendarStep('ArrowRight', 3)).toBe(1);
    expect(calendarStep('ArrowUp', 3)).toBe(-7);
    expect(calendarStep('ArrowDown', 3)).toBe(7);
    // The fourth day of the week: three back to its first, three on to its last.
    expect(calendarStep('Home', 3)).toBe(-3);
    expect(calendarStep('End', 3)).toBe(3);
    expect(calendarStep('PageUp', 3)).toBeNull();
    expect(calendarStep('a', 3)).toBeNull();
  });

  it('checks hours 0–23 and minutes 0–59, and needs a day', () => {
    expect(pickerProblems('2026-12-01', '23', '59')).toEqual({});
    expect(pickerProblems(null, '24', '60')).toEqual({
      date: 'date-picker.date-required',
      hours: 'date-picker.starting-hours',
      minutes: 'date-picker.starting-minutes',
    });
    expect(new Date(instantOf('2026-12-01', '18', '05')).getSeconds()).toBe(0);
  });

  it("names the viewer's time zone in the locale's words", () => {
    // The unit tests run in the machine's zone; Intl names a named zone's time, or its offset.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const name = zoneName('en-US', Date.UTC(2026, 11, 5, 18), 'longGeneric');
    expect(name).toBe(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(Date.UTC(2026, 11, 5, 18))
        .find((part) => part.type === 'timeZoneName')?.value,
    );
    expect(name).not.toBe('');
  });
});

describe('a day the clocks change on (walk AH)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const said = (day: string, hours: string, minutes: string) =>
    clockChange(instantOf(day, hours, minutes), hours, minutes);

  it('says a time the clocks skip, and one they pass twice, in Los Angeles and Helsinki', () => {
    // Node reads the zone again when TZ changes.
    vi.stubEnv('TZ', 'America/Los_Angeles');
    expect(said('2027-03-14', '2', '30')).toBe('gap');
    expect(dayjs(instantOf('2027-03-14', '2', '30')).format('HH:mm')).toBe('03:30');
    expect(said('2027-11-07', '1', '30')).toBe('twice');
    expect(said('2027-03-14', '20', '00')).toBeNull();
    vi.stubEnv('TZ', 'Europe/Helsinki');
    expect(said('2027-03-28', '3', '30')).toBe('gap');
    expect(said('2027-10-31', '3', '30')).toBe('twice');
    expect(said('2027-10-31', '4', '00')).toBeNull();
  });
});
