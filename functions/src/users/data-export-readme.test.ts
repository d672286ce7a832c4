import { describe, expect, it } from 'vitest';
import { readableTimes, readmeText } from './data-export-readme';

describe("the data archive's readable times", () => {
  it('writes the times of a record as ISO 8601, and leaves every other number as it is', () => {
    const at = Date.UTC(2026, 11, 7, 18, 30);
    expect(
      readableTimes({
        createdAt: at,
        funds: at,
        trophies: 12,
        lastSeen: at,
        deletionOn: null,
        match: { deadline: at, checkInCloses: at, bestOf: 3 },
        rounds: [{ startTime: at, points: 40 }],
        updatedAt: 5,
        history: { at, sent: at, created: at, expires: at, timesOut: at, lastOpen: at, lastTyped: at },
        window: { start: at, count: 3 },
      }),
    ).toEqual({
      createdAt: '2026-12-07T18:30:00.000Z',
      funds: at,
      trophies: 12,
      lastSeen: '2026-12-07T18:30:00.000Z',
      deletionOn: null,
      match: { deadline: '2026-12-07T18:30:00.000Z', checkInCloses: '2026-12-07T18:30:00.000Z', bestOf: 3 },
      rounds: [{ startTime: '2026-12-07T18:30:00.000Z', points: 40 }],
      // Not a time of this century: a count that a key's name misleads.
      updatedAt: 5,
      history: Object.fromEntries(
        ['at', 'sent', 'created', 'expires', 'timesOut', 'lastOpen', 'lastTyped'].map((key) => [
          key,
          '2026-12-07T18:30:00.000Z',
        ]),
      ),
      window: { start: '2026-12-07T18:30:00.000Z', count: 3 },
    });
  });

  it('names each file with what it holds, in the language asked for, a later kind by its name', () => {
    const readme = readmeText('en-US', ['ledger', 'users_devices', 'profile'], Date.UTC(2026, 11, 7));
    expect(readme.split('\n')).toEqual(
      expect.arrayContaining([
        'Your data from Versus',
        '- ledger.json: every movement of your coins, with your balance after it',
        '- profile.json: your public profile: display name, picture, trophies and what your page shows',
        '- users_devices.json: records kept under your account (users_devices)',
        '- manifest.json: the archive’s contents, counted, for programs',
      ]),
    );
    expect(readme).toContain('as it stood on 2026-12-07 (UTC)');
    expect(readmeText(undefined, [], 0)).toMatch(/^Your data from Versus\n/);
  });
});
