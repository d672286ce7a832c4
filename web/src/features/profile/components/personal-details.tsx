import { Formik, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { personalDetailsSchema, type PersonalDetails as Details } from '@versus/domain/users/register-schema';
import { Button } from '../../../components/button';
import { CheckedForm, FormError } from '../../../components/form-fields';
import { PersonalFields } from '../../../components/personal-fields';
import { toApiError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session/session-store';
import { updatePersonalDetails } from '../api';
import { useRefusals } from '../../../lib/use-refusals';
import '../../../i18n/later-texts';
import '../../../i18n/page-texts';

/**
 * The live account's details become the form's while the player is not editing: a save from
 * another tab shows here, but never wipes what is being typed (Formik's enableReinitialize would).
 * While editing, a field the player has not changed takes the other save too, so saving here keeps
 * it: it sent the older value, and undid the other save (walk AK).
 */
function FollowAccount({ details }: { details: Details }) {
  const { dirty, isSubmitting, resetForm, values, setFieldValue } = useFormikContext<Details>();
  const { firstName, lastName, country } = details;
  const followed = useRef(details);
  useEffect(() => {
    const before = followed.current;
    followed.current = details;
    if (isSubmitting) return;
    if (!dirty) {
      resetForm({ values: { firstName, lastName, country } });
      return;
    }
    for (const field of ['firstName', 'lastName', 'country'] as const)
      if (values[field] === before[field]) void setFieldValue(field, details[field]);
    // Only a change of the account's details: the form's own state changing is no reason to follow.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstName, lastName, country]);
  return null;
}

/**
 * The real name and country given at registration, seen and corrected (record 119; the privacy
 * policy promises it), from the live private account.
 */
export function PersonalDetails() {
  const { t } = useTranslation();
  const account = useSession((state) => state.account);
  const [failure, setFailure] = useState<string | null>(null);
  const refusals = useRefusals<Details>();
  const [saved, setSaved] = useState(false);
  if (!account) return null;
  const details: Details = { firstName: account.firstName, lastName: account.lastName, country: account.country };
  return (
    <Formik
      initialValues={details}
      validationSchema={personalDetailsSchema}
      validate={refusals.validate}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        setSaved(false);
        try {
          // What was saved is the form's new starting point: nothing left to save.
          helpers.resetForm({ values: await updatePersonalDetails(values) });
          refusals.clear();
          setSaved(true);
        } catch (error) {
          const apiError = toApiError(error);
          if (!apiError.fields || !refusals.refuseFields(helpers, apiError.fields, values))
            setFailure(apiErrorText(t, apiError));
        }
      }}
    >
      {({ isSubmitting, dirty }) => (
        <CheckedForm className="stack" data-testid="personal-details">
          <FollowAccount details={details} />
          <p className="muted">{t('profile.personal.body')}</p>
          <PersonalFields />
          <FormError message={failure} />
          {/* Always there, so a screen reader announces the text when it comes; gone once edited again. */}
          <p className="success small" role="status" data-testid="personal-details-saved">
            {saved && !dirty ? t('profile.personal.saved') : ''}
          </p>
          <Button type="submit" busy={isSubmitting} disabled={!dirty}>
            {t('profile.personal.submit')}
          </Button>
        </CheckedForm>
      )}
    </Formik>
  );
}
