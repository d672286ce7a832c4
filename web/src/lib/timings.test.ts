import { describe, expect, it } from 'vitest';
import { beatDue, PRESENCE_HEARTBEAT_MS, shouldReloadAfterChunkFailure } from './timings';

describe('chunk reload guard', () => {
  it('reloads at most once per 60 s', () => {
    expect(shouldReloadAfterChunkFailure(null, 5_000)).toBe(true);
    expect(shouldReloadAfterChunkFailure(10_000, 69_999)).toBe(false);
    expect(shouldReloadAfterChunkFailure(10_000, 70_000)).toBe(true);
  });
});

describe('the presence heartbeat', () => {
  it('writes a beat unless the tab wrote one in the last half heartbeat', () => {
    expect(beatDue(100_000, null)).toBe(true);
    expect(beatDue(100_000, 100_000 - 29_999)).toBe(false);
    expect(beatDue(100_000, 100_000 - 30_000)).toBe(true);
    // Skipped at most until the next tick: the last beat is never older than 1.5 heartbeats, under 120 s.
    expect(PRESENCE_HEARTBEAT_MS * 1.5).toBeLessThan(120_000);
  });
});
