import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCodes } from '@versus/domain/users/countries';
import { isCountryAvailable } from '@versus/domain/users/register-schema';
import { useCountryName } from './country-name';
import { useLocale } from './navigation';
import '../i18n/page-texts';

/**
 * A player's country to choose (registration, Settings' personal details), by name in the page's
 * language. The countries Versus does not serve are listed as such, so a player learns it before
 * sending the form (the server refuses them too).
 */
export function useCountryOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useCountryName();
  return useMemo(
    () =>
      countryCodes()
        .map((code) => ({ code, name: name(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale))
        .map(({ code, name: shown }) => ({
          value: code,
          label: isCountryAvailable(code) ? shown : t('auth.register.country-not-served', { country: shown }),
        })),
    [name, locale, t],
  );
}
