import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorAria, FieldFrame } from '../../../components/form-fields';
import { useCountriesByName, useCountryName } from '../../../lib/country-name';

/**
 * The countries a tournament's Riot licence covers (issue #58, docs/decisions/0066): one licence is
 * for one country or one sub-region of Europe, so the host names each country; only players whose
 * account is in one of them may join. Chosen one at a time from a list, each removable.
 */
export function LicenceCountries({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (countries: string[]) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const name = useCountryName();
  const byName = useCountriesByName();
  const options = useMemo(() => byName.filter(({ code }) => !value.includes(code)), [byName, value]);
  return (
    <FieldFrame
      id="tournament-riot-licence-countries"
      label={t('tournaments.create.riot-licence-countries')}
      required
      error={error}
      hint={t('tournaments.create.riot-licence-countries-hint')}
    >
      {value.length > 0 ? (
        <ul className="licence-countries" data-testid="licence-countries">
          {value.map((code) => (
            <li key={code} className="chip">
              {name(code)}{' '}
              <button
                type="button"
                className="link-button"
                aria-label={t('tournaments.create.riot-licence-country-remove', { country: name(code) })}
                onClick={() => onChange(value.filter((other) => other !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <select
        id="tournament-riot-licence-countries"
        {...errorAria('tournament-riot-licence-countries', error)}
        value=""
        data-testid="licence-country-add"
        onChange={(event) => {
          if (event.target.value) onChange([...value, event.target.value]);
        }}
      >
        <option value="">{t('tournaments.create.riot-licence-country-add')}</option>
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
