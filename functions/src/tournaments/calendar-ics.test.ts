import { describe, expect, it } from 'vitest';
import type { TournamentMatch } from '@versus/domain/tournaments/play';
import { HOUR_MS } from '@versus/domain/platform/constants';
import { addMatch, addTournament, newCalendar } from './calendar-ics';

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

describe("a tournament's event", () => {
  const span = (fields: Record<string, unknown>) => {
    const calendar = newCalendar('Versus');
    addTournament(calendar, { ...(tournament as object), ...fields } as never, 'https://versus.example', undefined);
    const text = calendar.toString();
    return [text.match(/DTSTART:(\S+)/)![1], text.match(/DTEND:(\S+)/)![1]];
  };

  it('lasts as long as the wizard said: a bracket its rounds, a points table two hours (walk AH)', () => {
    // 8 players, single elimination, a 10-minute check-in: "about 3 hours".
    expect(span({ bracket: 'ELIMINATION', size: 8, bestOf: 1, checkInMinutes: 10 })).toEqual([
      '20261206T180000Z',
      '20261206T210000Z',
    ]);
    // 32 players, best of 3: five rounds of about 90 minutes, "about 8 hours".
    expect(span({ bracket: 'ELIMINATION', size: 32, bestOf: 3, checkInMinutes: null })[1]).toBe('20261207T020000Z');
    expect(span({ bracket: 'POINTS', size: 16 })).toEqual(['20261206T180000Z', '20261206T200000Z']);
  });
});
