import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscordPost } from '@versus/domain/alerts/outbox';
import { discordText } from './discord';

const post = (fields: Partial<DiscordPost>): DiscordPost =>
  ({ channel: 'discord', tournament: { id: 't1', name: 'Cup' }, ...fields }) as DiscordPost;

describe('a Discord message', () => {
  // The links name the site, as the function's environment does (functions/.env.demo-versus).
  const had = process.env.SITE_ORIGIN;
  beforeAll(() => {
    process.env.SITE_ORIGIN ??= 'http://localhost:5173';
  });
  afterAll(() => {
    if (had === undefined) delete process.env.SITE_ORIGIN;
  });

  it("says a commit's events in the order they happened: the result, the round it completed, the standings", () => {
    const text = discordText(
      post({
        posts: [
          { event: 'result', winner: 'Ann', sides: ['Ann', 'Ben'], score: null, outcome: 'REPORTED' },
          { event: 'round', round: 2, stage: 'final' },
          { event: 'finish', places: [{ place: 1, name: 'Ann', coins: 90 }] },
        ],
      }),
      'en-GB',
    );
    expect(text.split('\n').slice(0, 4)).toEqual([
      'Cup: **Ann** beat Ben.',
      'The final of **Cup** is complete.',
      '🏆 **Cup** is finished. Final standings:',
      '1. Ann: 90 coins',
    ]);
  });

  it('names a bracket that starts at its semi-finals as its page does', () => {
    expect(
      discordText(post({ posts: [{ event: 'start', entrants: 4, round: 1, stage: 'semi-final' }] }), 'fi-FI'),
    ).toMatch(/^🏁 \*\*Cup\*\* alkoi, mukana 4 osallistujaa\. Välierät ovat käynnissä\.\n/);
    expect(discordText(post({ posts: [{ event: 'start', entrants: 9 }] }), 'en-GB')).toMatch(/Round 1 is on\.\n/);
  });

  it('promises a points table only what it posts, and links to its standings (record 170)', () => {
    const lines = (posts: DiscordPost['posts'], language: 'en-GB' | 'fi-FI' = 'en-GB') =>
      discordText(post({ posts }), language).split('\n');
    expect(lines([{ event: 'hello', points: true }])).toEqual([
      'Versus will post Cup here: its start and its final standings.',
      'Standings: http://localhost:5173/tournaments/t1',
    ]);
    expect(lines([{ event: 'start', entrants: 4, points: true }], 'fi-FI')).toEqual([
      '🏁 **Cup** alkoi, mukana 4 osallistujaa: pisteitä voi nyt lähettää.',
      'Sijoitukset: http://localhost:5173/fi-FI/tournaments/t1',
    ]);
    expect(lines([{ event: 'finish', places: [{ place: 1, name: 'Ann', coins: 0 }], points: true }]).at(-1)).toBe(
      'Standings: http://localhost:5173/tournaments/t1',
    );
    // A bracket's are as before.
    expect(lines([{ event: 'hello' }])).toEqual([
      'Versus will post Cup here: its start, each round, each result and the final standings.',
      'Bracket: http://localhost:5173/tournaments/t1',
    ]);
  });

  it('tells a higher seed through from a win over one who stayed away', () => {
    const noShow = (seeded: boolean) =>
      discordText(
        post({
          posts: [
            {
              event: 'result',
              winner: 'Ann',
              sides: ['Ann', 'Ben'],
              outcome: 'NO_SHOW',
              ...(seeded ? { seeded } : {}),
            },
          ],
        }),
        'en-GB',
      );
    expect(noShow(false)).toBe('Cup: **Ann** wins, Ben did not check in.');
    expect(noShow(true)).toBe('Cup: neither Ann nor Ben checked in; **Ann**, the higher seed, wins.');
  });

  it('reads a document from before, with one event', () => {
    expect(discordText(post({ post: { event: 'round', round: 3 } }), 'en-GB')).toBe('Round 3 of **Cup** is complete.');
  });
});
