import type { Tournament } from '@versus/domain/tournaments/tournament';

const stamp = (time: number) =>
  new Date(time)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** RFC 5545 text: backslash, semicolon, comma and newline escaped, lines folded at 73 characters. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const fold = (line: string) => line.match(/.{1,73}/gu)?.join('\r\n ') ?? line;

/** An .ics of the tournament's start (two hours long), for "Add to calendar". */
export function calendarFile(
  tournament: Pick<Tournament, 'id' | 'name' | 'description' | 'startTime'>,
  origin: string,
) {
  const url = `${origin}/tournaments/${tournament.id}`;
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Versus//Tournaments//EN',
    'BEGIN:VEVENT',
    `UID:${tournament.id}@versus`,
    `DTSTAMP:${stamp(tournament.startTime)}`,
    `DTSTART:${stamp(tournament.startTime)}`,
    `DTEND:${stamp(tournament.startTime + 2 * 3_600_000)}`,
    `SUMMARY:${text(tournament.name)}`,
    `DESCRIPTION:${text(`${tournament.description}\n${url}`)}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
    .map(fold)
    .join('\r\n');
}

export const calendarHref = (tournament: Pick<Tournament, 'id' | 'name' | 'description' | 'startTime'>) =>
  `data:text/calendar;charset=utf-8,${encodeURIComponent(calendarFile(tournament, window.location.origin))}`;
