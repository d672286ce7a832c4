import type { Dayjs } from 'dayjs';
import dayjs from '../../../lib/dayjs';
import { HOUR_MS } from '@versus/domain/platform/constants';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useLocale } from '../../../lib/navigation';
import { dateTimeFormat, firstDayOfWeek, fullDateTime } from '../../../lib/locale';
import { zoneName } from '../../../lib/zone-name';
import { useQuestionFocus } from '../../../lib/use-question-focus';

/** What is wrong with the picker's fields, as `date-picker.*` keys (SPEC §5 date-time picker). */
export function pickerProblems(day: string | null, hours: string, minutes: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!day) problems.date = 'date-picker.date-required';
  const whole = (text: string, max: number) => /^\d{1,2}$/.test(text) && Number(text) <= max;
  if (!whole(hours, 23)) problems.hours = 'date-picker.starting-hours';
  if (!whole(minutes, 59)) problems.minutes = 'date-picker.starting-minutes';
  return problems;
}

/**
 * A month laid out for the calendar in the locale: the weekdays' short names from its first day of
 * the week (Sunday in en-US, Monday in en-GB and fi-FI), and the month's days as `YYYY-MM-DD` after
 * a blank (null) for each weekday before the first; and the same days in weeks of seven, the last
 * filled with blanks.
 */
export function calendarMonth(month: Dayjs, locale: string) {
  const firstDay = firstDayOfWeek(locale);
  const first = month.startOf('month');
  const format = dateTimeFormat(locale, { weekday: 'short' });
  // 31 December 2023 was a Sunday.
  const weekdays = Array.from({ length: 7 }, (_, index) =>
    format.format(new Date(2023, 11, 31 + ((firstDay + index) % 7))),
  );
  const days: (string | null)[] = [
    ...Array.from({ length: (first.day() - firstDay + 7) % 7 }, () => null),
    ...Array.from({ length: first.daysInMonth() }, (_, index) => first.add(index, 'day').format('YYYY-MM-DD')),
  ];
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, week) =>
    Array.from({ length: 7 }, (_, index) => days[week * 7 + index] ?? null),
  );
  return { weekdays, days, weeks };
}

/**
 * The calendar's keys (WAI-ARIA's date picker dialog): how many days a key moves from a day that is
 * `weekday` days after the week's first (0–6). A day, a week, the week's ends; null for a key that
 * does not move by days (Page Up and Page Down move by a month, which the caller counts).
 */
export function calendarStep(key: string, weekday: number): number | null {
  const steps: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: -7,
    ArrowDown: 7,
    Home: -weekday,
    End: 6 - weekday,
  };
  return steps[key] ?? null;
}

/** A time of day in the locale's words ("2:30 AM", "3.30"), in this browser's zone or `timeZone`. */
const clockTime = (locale: string, at: number, timeZone?: string) =>
  dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) }).format(at);

/**
 * What a clock change does to a typed time on its day, in this browser's zone: `gap` where the clocks
 * go forward past it (the instant is later than typed), `twice` where they go back over it (the
 * instant is its first passing). Null on any other day.
 */
export function clockChange(instant: number, hours: string, minutes: string): 'gap' | 'twice' | null {
  const typed = Number(hours) * 60 + Number(minutes);
  const minuteOf = (time: number) => dayjs(time).hour() * 60 + dayjs(time).minute();
  if (minuteOf(instant) !== typed) return 'gap';
  return minuteOf(instant + HOUR_MS) === typed ? 'twice' : null;
}

/** The local instant of a day and a time; seconds are always 0. */
export const instantOf = (day: string, hours: string, minutes: string) =>
  dayjs(`${day}T00:00`).hour(Number(hours)).minute(Number(minutes)).second(0).millisecond(0).valueOf();

/**
 * A date and time in the viewer's time zone: a month of days to pick from, hours 0–23 and minutes
 * 0–59, and Done, blocked while anything is invalid (SPEC §5). `dayProblem` is the caller's own
 * date rule (the free-tournament day), returning a message key for a day that cannot be chosen;
 * `timeProblem` checks the whole instant (e.g. in the past). Its own lines (the zone, the instant
 * chosen) are play texts, which every caller registers.
 */
export function DateTimePicker({
  value,
  onDone,
  dayProblem,
  timeProblem,
  id = 'date-time',
  describedBy,
}: {
  value: number | null;
  onDone: (time: number) => void;
  dayProblem?: (day: string) => string | null;
  timeProblem?: (time: number) => string | null;
  id?: string;
  /** The id of the form's error about the chosen time, read with the button that chooses it. */
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const initial = value ? dayjs(value) : null;
  const [open, setOpen] = useState(false);
  // Opened, the keyboard goes into the calendar; Done or Cancel brings it back to the button.
  const focus = useQuestionFocus(open);
  const [month, setMonth] = useState(() => (initial ?? dayjs()).startOf('month'));
  const [day, setDay] = useState<string | null>(initial ? initial.format('YYYY-MM-DD') : null);
  const [hours, setHours] = useState(initial ? String(initial.hour()) : '18');
  const [minutes, setMinutes] = useState(initial ? initial.format('mm') : '00');

  const today = dayjs().format('YYYY-MM-DD');
  const { weekdays, days, weeks } = useMemo(() => calendarMonth(month, locale), [month, locale]);
  const dayName = dateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const closed = (item: string) => item < today || (dayProblem?.(item) ?? null) !== null;
  // The calendar is one Tab stop (WAI-ARIA's date picker): the day the arrow keys last reached, the
  // day chosen, else this month's first day that can be chosen (its first, if none can).
  const [reached, setReached] = useState<string | null>(null);
  const stop =
    [reached, day].find((item) => item && days.includes(item)) ??
    days.find((item) => item && !closed(item)) ??
    days.find(Boolean);
  const grid = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  // Opened, the keyboard goes to the calendar's day (after the question's own focus, on its box).
  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLElement>('[tabindex="0"]')?.focus();
  }, [open]);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${reached}"]`)?.focus();
  }, [reached, month]);
  // A day and a week with the arrows, the week's ends with Home and End, a month with Page Up and
  // Page Down; the month turns when the day reached is in another. Never before today.
  const onDayKey = (event: KeyboardEvent<HTMLElement>) => {
    const from = (event.target as HTMLElement).dataset.day;
    if (!from) return;
    const current = dayjs(from);
    const weekday = (current.day() - firstDayOfWeek(locale) + 7) % 7;
    const step = calendarStep(event.key, weekday);
    const paged = { PageUp: -1, PageDown: 1 }[event.key];
    if (step === null && paged === undefined) return;
    event.preventDefault();
    const to = (step === null ? current.add(paged!, 'month') : current.add(step, 'day')).format('YYYY-MM-DD');
    const target = to < today ? today : to;
    if (target === from) return;
    moved.current = true;
    setReached(target);
    setMonth(dayjs(target).startOf('month'));
  };

  const problems = pickerProblems(day, hours, minutes);
  const dayIssue = day ? (dayProblem?.(day) ?? null) : null;
  if (dayIssue) problems.date = dayIssue;
  if (Object.keys(problems).length === 0 && day) {
    const timeIssue = timeProblem?.(instantOf(day, hours, minutes)) ?? null;
    if (timeIssue) problems.time = timeIssue;
  }
  const valid = Object.keys(problems).length === 0;
  const chosen = valid && day ? instantOf(day, hours, minutes) : null;
  // A time the night's clock change skips or repeats is said, not moved in silence (walk AH).
  const changed = chosen === null ? null : clockChange(chosen, hours, minutes);
  // No day chosen yet is not an error to show on opening: Done simply waits for one (a walk read a
  // red "Choose a day." before touching anything).
  const shown = Object.entries(problems).filter(([field]) => day || field !== 'date');

  if (!open) {
    return (
      <div className="date-time-summary">
        {/* Before a choice, the button alone says what to do (the same words twice read as an echo). */}
        <span data-testid="chosen-start" className={value ? undefined : 'muted'}>
          {value ? fullDateTime(locale).format(value) : t('date-picker.not-chosen')}
        </span>
        <Button
          variant="secondary"
          small
          ref={focus.start}
          onClick={() => setOpen(true)}
          aria-describedby={describedBy}
          data-testid="open-date-picker"
        >
          {value ? t('date-picker.change') : t('date-picker.choose')}
        </Button>
      </div>
    );
  }
  return (
    <div
      className="date-time-picker card"
      id={id}
      data-testid="date-picker"
      ref={focus.question}
      tabIndex={-1}
      aria-label={t('date-picker.choose')}
      role="group"
    >
      <div className="calendar-head">
        <Button
          variant="ghost"
          small
          // Every day before this month has passed: nothing to pick there.
          disabled={!month.isAfter(dayjs(), 'month')}
          // Disabled under the keyboard, it keeps the focus (components/button.tsx).
          onClick={() => setMonth(month.subtract(1, 'month'))}
          aria-label={t('date-picker.previous-month')}
        >
          ‹
        </Button>
        {/* The month names the calendar, and is said when it turns (Page Up, Page Down, the arrows). */}
        <strong id={`${id}-month`} aria-live="polite">
          {dateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(month.toDate())}
        </strong>
        <Button
          variant="ghost"
          small
          onClick={() => setMonth(month.add(1, 'month'))}
          aria-label={t('date-picker.next-month')}
        >
          ›
        </Button>
      </div>
      <div className="calendar-grid" role="grid" aria-labelledby={`${id}-month`} ref={grid} onKeyDown={onDayKey}>
        <div role="row" className="calendar-row">
          {weekdays.map((name) => (
            <span key={name} className="calendar-weekday" role="columnheader">
              {name}
            </span>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" className="calendar-row" key={week.find(Boolean)}>
            {week.map((item, index) => {
              if (!item) return <span key={`blank-${index}`} role="gridcell" />;
              const issue = dayProblem?.(item) ?? null;
              return (
                <span key={item} role="gridcell">
                  <button
                    type="button"
                    className={`calendar-day ${item === day ? 'calendar-day-chosen' : ''} ${issue ? 'calendar-day-taken' : ''}`}
                    // Not natively disabled: the arrow keys pass over a day that cannot be chosen.
                    aria-disabled={closed(item) || undefined}
                    tabIndex={item === stop ? 0 : -1}
                    title={issue ? t(issue as never) : undefined}
                    aria-pressed={item === day}
                    // Read as the whole date ("Monday 7 December 2026"), which holds the number shown.
                    aria-label={dayName.format(dayjs(item).toDate())}
                    aria-current={item === today ? 'date' : undefined}
                    data-day={item}
                    onClick={() => {
                      setReached(item);
                      if (!closed(item)) setDay(item);
                    }}
                  >
                    {Number(item.slice(8))}
                  </button>
                </span>
              );
            })}
          </div>
        ))}
      </div>
      <div className="time-fields">
        <label>
          {t('date-picker.hours')}
          <input
            inputMode="numeric"
            maxLength={2}
            value={hours}
            onChange={(event) => setHours(event.target.value.replace(/\D/g, ''))}
            aria-invalid={problems.hours ? true : undefined}
            data-testid="picker-hours"
          />
        </label>
        <span aria-hidden>:</span>
        <label>
          {t('date-picker.minutes')}
          <input
            inputMode="numeric"
            maxLength={2}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value.replace(/\D/g, ''))}
            aria-invalid={problems.minutes ? true : undefined}
            data-testid="picker-minutes"
          />
        </label>
      </div>
      {/* Hours are 0–23 in every language (SPEC §5): the instant in the locale's own words ("8:00 PM"
          in en-US) and the zone's name say what was typed. */}
      <p className="muted" data-testid="picker-zone">
        {t('tournaments.create.time-zone', { zone: zoneName(locale, chosen ?? Date.now(), 'longGeneric') })}
      </p>
      {chosen !== null ? (
        <p aria-live="polite" data-testid="picker-preview">
          {t('tournaments.create.starts-at', { time: fullDateTime(locale).format(chosen) })}
          {changed ? (
            <>
              {' '}
              {t(`tournaments.create.clock-${changed}`, {
                typed: clockTime(locale, Date.UTC(2000, 0, 1, Number(hours), Number(minutes)), 'UTC'),
                time: clockTime(locale, chosen),
              })}
            </>
          ) : null}
        </p>
      ) : null}
      {shown.length > 0 ? (
        <div className="form-error" role="alert" data-testid="date-picker-errors">
          {shown.map(([field, key]) => (
            <p key={field}>{t(key as never)}</p>
          ))}
        </div>
      ) : null}
      <div className="row wrap">
        <Button
          disabled={!valid}
          onClick={() => {
            if (chosen === null) return;
            onDone(chosen);
            setOpen(false);
          }}
          data-testid="date-picker-done"
        >
          {t('date-picker.done')}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
