import { describe, expect, it } from 'vitest';
import { reportMeets } from './report-meets';

const report = (winner: string, score?: [number, number]) => ({
  winner,
  by: winner,
  at: 1,
  ...(score ? { score } : {}),
});

describe('reportMeets', () => {
  it('is the first report when the other side has none', () => {
    expect(reportMeets({ bestOf: 1, participants: ['a', 'b'], reports: {} }, 'a', 'a', undefined)).toBe('first');
  });

  it('agrees on the same winner, a best of 1 with or without its 1–0', () => {
    expect(reportMeets({ bestOf: 1, participants: ['a', 'b'], reports: { b: report('a') } }, 'a', 'a', undefined)).toBe(
      'agrees',
    );
    expect(
      reportMeets({ bestOf: 1, participants: ['a', 'b'], reports: { b: report('a', [1, 0]) } }, 'a', 'a', undefined),
    ).toBe('agrees');
    expect(reportMeets({ bestOf: 1, participants: ['a', 'b'], reports: { b: report('b') } }, 'a', 'a', undefined)).toBe(
      'conflicts',
    );
  });

  it('in a series, conflicts on the score alone', () => {
    const match = { bestOf: 3 as const, participants: ['a', 'b'], reports: { b: report('a', [2, 1]) } };
    expect(reportMeets(match, 'a', 'a', [2, 1])).toBe('agrees');
    expect(reportMeets(match, 'a', 'a', [2, 0])).toBe('conflicts');
    // A series' report without a score agrees with none.
    expect(reportMeets({ ...match, reports: { b: report('a') } }, 'a', 'a', [2, 1])).toBe('conflicts');
  });

  it('agrees when a side names the other the winner, as the other did', () => {
    expect(reportMeets({ bestOf: 1, participants: ['a', 'b'], reports: { b: report('b') } }, 'a', 'b', undefined)).toBe(
      'agrees',
    );
  });

  it("reads only the match's other side, not a report kept under another key", () => {
    expect(reportMeets({ bestOf: 1, participants: ['a', 'b'], reports: { c: report('c') } }, 'a', 'a', undefined)).toBe(
      'first',
    );
  });
});
