import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAME_MIN } from '@versus/domain/platform/constants';
import { personalDetailsSchema, type PersonalDetails as Details } from '@versus/domain/users/register-schema';
import { Button } from '../../../components/button';
import { CheckedForm, FormError, SelectField, TextField } from '../../../components/form-fields';
import { toApiError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCountryOptions } from '../../../lib/country-options';
import { useSession } from '../../../lib/session/session-store';
import { updatePersonalDetails } from '../api';
import '../../../i18n/later-texts';
import '../../../i18n/page-texts';

/**
 * The real name and country given at registration, seen and corrected (record 119; the privacy
 * policy promises it). The form starts from the live private account and follows it when it changes
 * elsewhere, unless the player is editing.
 */
export function PersonalDetails() {
  const { t } = useTranslation();
  const account = useSession((state) => state.account);
  const countries = useCountryOptions();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!account) return null;
  const initialValues: Details = {
    firstName: account.firstName,
    lastName: account.lastName,
    country: account.country,
  };
  const hint = t('auth.register.name-hint', { min: String(NAME_MIN) });
  return (
    <Formik
      initialValues={initialValues}
      enableReinitialize
      validationSchema={personalDetailsSchema}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        setSaved(false);
        try {
          await updatePersonalDetails(values);
          setSaved(true);
        } catch (error) {
          const apiError = toApiError(error);
          if (apiError.fields)
            for (const [field, key] of Object.entries(apiError.fields)) helpers.setFieldError(field, key);
          else setFailure(apiErrorText(t, apiError));
        }
      }}
    >
      {({ isSubmitting, dirty }) => (
        <CheckedForm className="stack" data-testid="personal-details">
          <p className="muted">{t('profile.personal.body')}</p>
          <div className="field-row">
            <TextField
              name="firstName"
              label={t('auth.fields.first-name')}
              hint={hint}
              autoComplete="given-name"
              required
            />
            <TextField
              name="lastName"
              label={t('auth.fields.last-name')}
              hint={hint}
              autoComplete="family-name"
              required
            />
          </div>
          <SelectField
            name="country"
            label={t('auth.fields.country')}
            placeholder={t('auth.register.choose-country')}
            options={countries}
            required
          />
          <FormError message={failure} />
          {/* Until the form is edited again: a new attempt's error never sits beside the last success. */}
          {saved && !dirty ? (
            <p className="success small" role="status" data-testid="personal-details-saved">
              {t('profile.personal.saved')}
            </p>
          ) : null}
          <Button type="submit" busy={isSubmitting} disabled={!dirty}>
            {t('profile.personal.submit')}
          </Button>
        </CheckedForm>
      )}
    </Formik>
  );
}
