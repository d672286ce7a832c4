import { useMemo } from 'react';
import { countryCodes } from '@versus/domain/users/countries';
import { useLocale } from './navigation';

/**
 * A country's name in the page's language, by the browser's own data (Intl.DisplayNames): no
 * country list in the pages that only name one (a tournament's Riot licence, its embed).
 */
export function useCountryName(): (code: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [locale]);
}

/** Every country with its name in the page's language, sorted by that name: the pickers' lists. */
export function useCountriesByName(): { code: string; name: string }[] {
  const locale = useLocale();
  const name = useCountryName();
  return useMemo(
    () =>
      countryCodes()
        .map((code) => ({ code, name: name(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale)),
    [name, locale],
  );
}
