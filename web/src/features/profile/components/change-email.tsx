import { EmailAuthProvider, reauthenticateWithCredential, verifyBeforeUpdateEmail } from 'firebase/auth';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { emailField } from '@versus/domain/users/register-schema';
import { Button } from '../../../components/button';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { authErrorKey, isRefusedAddress, isWrongPassword } from '../../../lib/auth-errors';
import { auth } from '../../../lib/firebase';
import { useRefusals } from '../../../lib/use-refusals';
import '../../../i18n/later-texts';
import '../../../i18n/page-texts';

const changeEmailSchema = (current: string) =>
  yup.object({
    // The registration's rule (at most 254 characters, as an address can have), and not the same one.
    email: emailField().test(
      'not-same',
      'profile.email.same',
      (value) => value?.toLowerCase() !== current.toLowerCase(),
    ),
    currentPassword: yup.string().required('validation.password-required'),
  });

/**
 * E-mail change, verify before update: Firebase sends a link to the new address and changes it only
 * when that link is opened (auth action `verifyAndChangeEmail`); the old address gets Firebase's
 * undo link (`recoverEmail`). The account copies the new address at the next sign-in.
 */
export function ChangeEmail() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const current = auth.currentUser?.email ?? '';
  const refusals = useRefusals<{ email: string; currentPassword: string }>();
  return (
    <Formik
      initialValues={{ email: '', currentPassword: '' }}
      validationSchema={changeEmailSchema(current)}
      validate={refusals.validate}
      onSubmit={async (values, helpers) => {
        setSent(null);
        setFailure(null);
        const user = auth.currentUser;
        if (!user?.email) return;
        try {
          await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, values.currentPassword));
        } catch (error) {
          if (isWrongPassword(error))
            refusals.refuse(helpers, 'currentPassword', values.currentPassword, t('profile.settings.wrong-password'));
          else setFailure(t(authErrorKey(error) as never));
          return;
        }
        const email = values.email.trim();
        try {
          await verifyBeforeUpdateEmail(user, email);
          refusals.clear();
          helpers.resetForm();
          setSent(email);
        } catch (error) {
          // The address itself stays refused while typed; anything else is the moment's.
          if (isRefusedAddress(error)) refusals.refuse(helpers, 'email', values.email, t(authErrorKey(error) as never));
          else setFailure(t(authErrorKey(error) as never));
        }
      }}
    >
      {({ isSubmitting }) => (
        <CheckedForm className="stack" data-testid="change-email">
          <TextField name="email" type="email" label={t('profile.email.new')} autoComplete="email" />
          <TextField
            name="currentPassword"
            type="password"
            label={t('profile.settings.current-password')}
            autoComplete="current-password"
          />
          <FormError message={failure} />
          {sent ? <p role="status">{t('profile.email.sent', { email: sent })}</p> : null}
          <Button type="submit" busy={isSubmitting}>
            {t('profile.email.submit')}
          </Button>
        </CheckedForm>
      )}
    </Formik>
  );
}
