import { describe, expect, it } from 'vitest';
import { formatPrice, localizePath, splitLocale } from './locale';

describe('locale paths', () => {
  it('reads the locale from the prefix; no prefix is en-GB', () => {
    expect(splitLocale('/fi-FI/battles')).toEqual({ locale: 'fi-FI', path: '/battles' });
    expect(splitLocale('/en-US')).toEqual({ locale: 'en-US', path: '/' });
    expect(splitLocale('/battles')).toEqual({ locale: 'en-GB', path: '/battles' });
    expect(splitLocale('/en-GB/battles')).toEqual({ locale: 'en-GB', path: '/en-GB/battles' });
  });

  it('prefixes every locale but the default', () => {
    expect(localizePath('en-GB', '/tournaments')).toBe('/tournaments');
    expect(localizePath('fi-FI', '/tournaments')).toBe('/fi-FI/tournaments');
    expect(localizePath('en-US', '/')).toBe('/en-US');
  });
});

describe('prices', () => {
  it('shows dollars US style for en-US and euros Finnish style otherwise', () => {
    expect(formatPrice('en-US', 10.99)).toBe('$10.99');
    expect(formatPrice('fi-FI', 9.99).replace(/\s/g, ' ')).toBe('9,99 €');
    expect(formatPrice('en-GB', 9.99).replace(/\s/g, ' ')).toBe('9,99 €');
  });
});
