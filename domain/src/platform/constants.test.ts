import { describe, expect, it } from 'vitest';
import { currencyForLocale, shouldReloadAfterChunkFailure } from './constants';

describe('chunk reload guard', () => {
  it('reloads at most once per 60 s', () => {
    expect(shouldReloadAfterChunkFailure(null, 5_000)).toBe(true);
    expect(shouldReloadAfterChunkFailure(10_000, 69_999)).toBe(false);
    expect(shouldReloadAfterChunkFailure(10_000, 70_000)).toBe(true);
  });
});

describe('currency', () => {
  it('is USD for en-US and EUR otherwise', () => {
    expect(currencyForLocale('en-US')).toBe('USD');
    expect(currencyForLocale('en-GB')).toBe('EUR');
    expect(currencyForLocale('fi-FI')).toBe('EUR');
  });
});
