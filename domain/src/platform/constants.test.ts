import { describe, expect, it } from 'vitest';
import { currencyForLocale } from './constants';

describe('currency', () => {
  it('is USD for en-US and EUR otherwise', () => {
    expect(currencyForLocale('en-US')).toBe('USD');
    expect(currencyForLocale('en-GB')).toBe('EUR');
    expect(currencyForLocale('fi-FI')).toBe('EUR');
  });
});
