import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chosenLocale,
  localeOfTag,
  droppedDefaultPrefix,
  formatPrice,
  formatSigned,
  localeToMoveTo,
  languageTagMoved,
  localizePath,
  splitLocale,
} from './locale';
import { LOCALE_COOKIE } from './timings';

describe('locale paths', () => {
  it('reads the locale from the prefix; no prefix is en-GB', () => {
    expect(splitLocale('/fi-FI/battles')).toEqual({ locale: 'fi-FI', path: '/battles' });
    expect(splitLocale('/en-US')).toEqual({ locale: 'en-US', path: '/' });
    expect(splitLocale('/battles')).toEqual({ locale: 'en-GB', path: '/battles' });
    expect(splitLocale('/en-GB/battles')).toEqual({ locale: 'en-GB', path: '/en-GB/battles' });
  });

  it('drops a typed en-GB prefix, and only that one', () => {
    expect(droppedDefaultPrefix('/en-GB')).toBe('/');
    expect(droppedDefaultPrefix('/en-GB/')).toBe('/');
    expect(droppedDefaultPrefix('/en-GB/tournaments/abc/chat')).toBe('/tournaments/abc/chat');
    expect(droppedDefaultPrefix('/en-GB//evil.example/x')).toBe('/evil.example/x');
    expect(droppedDefaultPrefix('/en-GBX/battles')).toBeUndefined();
    expect(droppedDefaultPrefix('/en-gb/battles')).toBeUndefined();
    expect(droppedDefaultPrefix('/fi-FI/battles')).toBeUndefined();
    expect(droppedDefaultPrefix('/battles/en-GB')).toBeUndefined();
  });

  it('prefixes every locale but the default', () => {
    expect(localizePath('en-GB', '/tournaments')).toBe('/tournaments');
    expect(localizePath('fi-FI', '/tournaments')).toBe('/fi-FI/tournaments');
    expect(localizePath('en-US', '/')).toBe('/en-US');
  });
});

describe('signed figures', () => {
  it("write a true minus, a plus, and a bare zero, in the locale's digits", () => {
    expect(formatSigned('en-GB', 1200)).toBe('+1,200');
    expect(formatSigned('en-US', -30)).toBe('−30');
    expect(formatSigned('fi-FI', -1200).replace(/\s/g, ' ')).toBe('−1 200');
    expect(formatSigned('en-GB', 0)).toBe('0');
  });
});

describe('prices', () => {
  it('shows dollars US style for en-US and euros Finnish style otherwise', () => {
    expect(formatPrice('en-US', 10.99)).toBe('$10.99');
    expect(formatPrice('fi-FI', 9.99).replace(/\s/g, ' ')).toBe('9,99 €');
    expect(formatPrice('en-GB', 9.99).replace(/\s/g, ' ')).toBe('9,99 €');
  });
});

describe('the saved language', () => {
  afterEach(() => vi.unstubAllGlobals());
  const withCookie = (value: string) => {
    let reads = 0;
    vi.stubGlobal('document', {
      get cookie() {
        reads += 1;
        return value;
      },
    });
    return () => reads;
  };

  it('moves an address without a language tag to the saved language, but not to the default one', () => {
    withCookie(`${LOCALE_COOKIE}=fi-FI`);
    expect(localeToMoveTo('/')).toBe('fi-FI');
    // A calendar file's or an e-mail's link names no language (record 123).
    expect(localeToMoveTo('/tournaments/abc')).toBe('fi-FI');
    expect(localeToMoveTo('/checkout')).toBe('fi-FI');
    withCookie(`${LOCALE_COOKIE}=en-GB`);
    expect(localeToMoveTo('/')).toBeUndefined();
    expect(localeToMoveTo('/battles')).toBeUndefined();
    withCookie(`${LOCALE_COOKIE}=xx-XX`);
    expect(localeToMoveTo('/battles')).toBeUndefined();
  });

  it('leaves an address that names its language where it is, without reading the cookie', () => {
    const reads = withCookie(`${LOCALE_COOKIE}=fi-FI`);
    expect(localeToMoveTo('/en-US')).toBeUndefined();
    expect(localeToMoveTo('/en-US/battles')).toBeUndefined();
    expect(localeToMoveTo('/fi-FI/battles')).toBeUndefined();
    expect(localeToMoveTo('/en-GB/battles')).toBeUndefined();
    expect(reads()).toBe(0);
  });

  it('lets alerts follow the language chosen, else only a page whose address names one', () => {
    withCookie(`${LOCALE_COOKIE}=fi-FI`);
    expect(chosenLocale('en-GB')).toBe('fi-FI');
    expect(chosenLocale('en-US')).toBe('fi-FI');
    withCookie(`${LOCALE_COOKIE}=en-GB`);
    expect(chosenLocale('fi-FI')).toBe('en-GB');
    withCookie('');
    expect(chosenLocale('fi-FI')).toBe('fi-FI');
    expect(chosenLocale('en-GB')).toBeUndefined();
  });
});

describe("a language tag from outside (an auth e-mail's lang)", () => {
  it('names its exact locale, or its language’s only one here', () => {
    expect(localeOfTag('fi')).toBe('fi-FI');
    expect(localeOfTag('fi-FI')).toBe('fi-FI');
    expect(localeOfTag('en-us')).toBe('en-US');
    expect(localeOfTag('en-GB')).toBe('en-GB');
    expect(localeOfTag('en')).toBeUndefined();
    expect(localeOfTag('sv')).toBeUndefined();
    expect(localeOfTag(null)).toBeUndefined();
  });
});

describe('a bare language tag typed by hand', () => {
  it("moves to its locale's address when the language has one locale here", () => {
    expect(languageTagMoved('/fi')).toBe('/fi-FI');
    expect(languageTagMoved('/fi/')).toBe('/fi-FI/');
    expect(languageTagMoved('/fi/leaderboards')).toBe('/fi-FI/leaderboards');
    expect(languageTagMoved('/fi//evil.example/x')).toBe('/fi-FI/evil.example/x');
  });

  it('leaves English (two locales), a locale and every other address alone', () => {
    for (const path of ['/en', '/en/battles', '/fi-FI/battles', '/finland', '/battles', '/'])
      expect(languageTagMoved(path)).toBeUndefined();
  });
});
