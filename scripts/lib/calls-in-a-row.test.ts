import { describe, expect, it } from 'vitest';
import { nextDepth } from './calls-in-a-row.mjs';

const call = (depth: number, start: number, end: number) => ({ depth, start, end });

describe('calls in a row', () => {
  it('counts one link per call that waited for the one before it', () => {
    expect(nextDepth({ answered: [], outbound: [] })).toBe(1);
    expect(nextDepth({ answered: [call(1, 0, 10), call(2, 10, 20)], outbound: [] })).toBe(3);
  });

  it('counts calls side by side as one link', () => {
    expect(nextDepth({ answered: [call(1, 0, 10), call(1, 0, 15)], outbound: [] })).toBe(2);
  });

  it('leaves out a call that ran wholly while a provider was asked, once the provider has answered', () => {
    // The battle read, then the day's budget counted beside the game's API, then the commit.
    const answered = [call(1, 0, 10), call(2, 10, 14)];
    expect(nextDepth({ answered, outbound: [{ start: 10, end: 200 }] })).toBe(2);
    // Without the provider the budget's write is a link like any other.
    expect(nextDepth({ answered, outbound: [] })).toBe(3);
  });

  it('leaves out a call started just before the provider that answered while it was open', () => {
    // The day's budget counted as the call is taken, a moment before the request goes out.
    expect(nextDepth({ answered: [call(1, 0, 10), call(2, 10, 14)], outbound: [{ start: 11, end: 200 }] })).toBe(2);
  });

  it('keeps a call that outlasted the provider, or answered before it started', () => {
    expect(nextDepth({ answered: [call(1, 0, 10), call(2, 10, 300)], outbound: [{ start: 10, end: 200 }] })).toBe(3);
    expect(nextDepth({ answered: [call(1, 0, 10), call(2, 10, 20)], outbound: [{ start: 30, end: 200 }] })).toBe(3);
  });
});
