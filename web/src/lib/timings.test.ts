import { describe, expect, it } from 'vitest';
import { shouldReloadAfterChunkFailure } from './timings';

describe('chunk reload guard', () => {
  it('reloads at most once per 60 s', () => {
    expect(shouldReloadAfterChunkFailure(null, 5_000)).toBe(true);
    expect(shouldReloadAfterChunkFailure(10_000, 69_999)).toBe(false);
    expect(shouldReloadAfterChunkFailure(10_000, 70_000)).toBe(true);
  });
});
