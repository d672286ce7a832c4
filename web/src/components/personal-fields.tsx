import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MIN } from '@versus/domain/platform/constants';
import { isCountryAvailable } from '@versus/domain/users/register-schema';
import { useCountriesByName } from '../lib/country-name';
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
  const byName = useCountriesByName();
  const countries = useMemo(
    () =>
      byName.map(({ code, name }) => ({
        value: code,
        label: isCountryAvailable(code) ? name : t('auth.register.country-not-served', { country: name }),
      })),
    [byName, t],
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
