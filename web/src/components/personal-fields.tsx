import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MIN } from '@versus/domain/platform/constants';
import { countryCodes } from '@versus/domain/users/countries';
import { isCountryAvailable } from '@versus/domain/users/register-schema';
import { useCountryName } from '../lib/country-name';
import { useLocale } from '../lib/navigation';
import { SelectField, TextField } from './form-fields';
import '../i18n/page-texts';

/**
 * A player's real name and country, by the registration's rules (`firstName`, `lastName`,
 * `country` of the Formik form around it): the registration and Settings' personal details. The
 * rules are told before the form is sent: the names' least length, and the countries Versus does
 * not serve listed as such (still selectable, so the refusal explains itself). Country names are
 * the browser's (Intl.DisplayNames), in the page's language.
 */
export function PersonalFields() {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useCountryName();
  const countries = useMemo(
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
  const hint = t('auth.register.name-hint', { min: String(NAME_MIN) });
  return (
    <>
      <div className="field-row">
        <TextField
          name="firstName"
          label={t('auth.fields.first-name')}
          hint={hint}
          autoComplete="given-name"
          required
        />
        <TextField name="lastName" label={t('auth.fields.last-name')} hint={hint} autoComplete="family-name" required />
      </div>
      <SelectField
        name="country"
        label={t('auth.fields.country')}
        placeholder={t('auth.register.choose-country')}
        options={countries}
        required
      />
    </>
  );
}
