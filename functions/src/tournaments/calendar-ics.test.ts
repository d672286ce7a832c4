import { describe, expect, it } from 'vitest';
import type { TournamentMatch } from '@versus/domain/tournaments/play';
import { HOUR_MS } from '@versus/domain/platform/constants';
import { addMatch, newCalendar } from './calendar-ics';

const READY = Date.UTC(2026, 11, 6, 18, 0);
const tournament = {
  id: 't1',
  name: 'Night Cup',
  description: 'A cup.',
  startTime: READY,
  participants: [
    { id: 'a', displayName: 'Ann' },
    { id: 'b', displayName: 'Ben' },
  ],
} as never;

/** The match's event's start and end, as the feed says them. */
const times = (match: Partial<TournamentMatch>) => {
  const calendar = newCalendar('Versus');
  addMatch(
    calendar,
    tournament,
    { id: 'm1', participants: ['a', 'b'], readyAt: READY, updatedAt: READY, ...match } as TournamentMatch & {
      id: string;
    },
    'https://versus.example',
    undefined,
  );
  const text = calendar.toString();
  return [text.match(/DTSTART:(\S+)/)![1], text.match(/DTEND:(\S+)/)![1]];
};

describe("a player's calendar: a ready match's event", () => {
  it('lasts until its check-in closes, or an hour a game within its report window, never the whole window', () => {
    const day = READY + 24 * HOUR_MS;
    expect(times({ deadline: day })).toEqual(['20261206T180000Z', '20261206T190000Z']);
    expect(times({ deadline: day, bestOf: 3 })).toEqual(['20261206T180000Z', '20261206T210000Z']);
    expect(times({ deadline: day, checkInCloses: READY + 10 * 60_000 })).toEqual([
      '20261206T180000Z',
      '20261206T181000Z',
    ]);
    // A window shorter than the series: the event ends with it.
    expect(times({ deadline: READY + 2 * HOUR_MS, bestOf: 5 })).toEqual(['20261206T180000Z', '20261206T200000Z']);
  });

  it("opens the match's page in the player's language, and says what to do there in it", () => {
    const calendar = newCalendar('Versus');
    const match = { id: 'm1', participants: ['a', 'b'], readyAt: READY, updatedAt: READY };
    addMatch(calendar, tournament, { ...match, checkInCloses: READY + 600_000 } as never, 'https://v.example', 'fi-FI');
    addMatch(calendar, tournament, { ...match, id: 'm2' } as never, 'https://v.example', undefined);
    const text = calendar.toString().replace(/\r\n /g, '');
    expect(text).toContain(
      'DESCRIPTION:Ilmoittaudu paikalle ennen tämän tapahtuman loppua\\, pelaa sitten ja ilmoita tulos: https://v.example/fi-FI/tournaments/t1#current-match',
    );
    expect(text).toContain(
      'DESCRIPTION:Play your match and report the result on its page: https://v.example/tournaments/t1#current-match',
    );
  });
});
