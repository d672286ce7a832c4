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

/** The fields the form edits, as the shared schema names them. */
const FIELDS = Object.keys(personalDetailsSchema.fields) as (keyof Details)[];

/**
 * The live account's details become the form's while the player is not editing: a save from
 * another tab shows here, but never wipes what is being typed (Formik's enableReinitialize would).
 * While editing, a field the player has not changed takes the other save too, so saving here keeps
 * it: it sent the older value, and undid the other save (walk AK). `followed` is the account as the
 * form last took it: a field still equal to it is one the player has not changed. While a save is
 * on its way the form waits; what it sends takes the account as it is for fields not changed.
 */
function FollowAccount({ details, followed }: { details: Details; followed: { current: Details | null } }) {
  const { dirty, isSubmitting, resetForm, values, setFieldValue } = useFormikContext<Details>();
  const { firstName, lastName, country } = details;
  useEffect(() => {
    if (isSubmitting) return;
    const before = followed.current ?? details;
    followed.current = details;
    if (!dirty) {
      resetForm({ values: { firstName, lastName, country } });
      return;
    }
    for (const field of FIELDS) if (values[field] === before[field]) void setFieldValue(field, details[field]);
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
  const followed = useRef<Details | null>(null);
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
          // A field the player has not changed goes as the account is now (another tab may have saved
          // it while this one waited). What was saved is the form's new starting point.
          const base = followed.current ?? details;
          const sent = { ...values };
          for (const field of FIELDS) if (values[field] === base[field]) sent[field] = details[field];
          const stored = await updatePersonalDetails(sent);
          followed.current = stored;
          helpers.resetForm({ values: stored });
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
          <FollowAccount details={details} followed={followed} />
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
