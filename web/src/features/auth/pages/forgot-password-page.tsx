import { sendPasswordResetEmail } from 'firebase/auth';
import { Formik } from 'formik';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '@versus/domain/users/register-schema';
import { Button } from '../../../components/button';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { auth } from '../../../lib/firebase';
import { LocalLink, useLocalNavigate, usePageTitle } from '../../../lib/navigation';
import { authErrorKey } from '../../../lib/auth-errors';
import { paths } from '../../../lib/paths';
import '../auth.css';
import '../../../i18n/page-texts';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgot.title'));
  const navigate = useLocalNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  // The address the login form held, when its link was followed (a walk typed it twice).
  const typed = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <section className="card auth-card">
      <h1>{t('auth.forgot.title')}</h1>
      <p className="muted">{t('auth.forgot.body')}</p>
      <Formik
        initialValues={{ email: typeof typed === 'string' ? typed : '' }}
        validationSchema={forgotPasswordSchema}
        onSubmit={async ({ email }) => {
          setFailure(null);
          try {
            await sendPasswordResetEmail(auth, email.trim());
          } catch (error) {
            // Never reveal whether an address has an account.
            if ((error as { code?: string }).code !== 'auth/user-not-found') {
              setFailure(t(authErrorKey(error) as never));
              return;
            }
          }
          void navigate(paths.passwordEmailSent.getHref(email.trim()));
        }}
      >
        {({ isSubmitting }) => (
          <CheckedForm className="stack">
            <TextField name="email" type="email" label={t('auth.fields.email')} autoComplete="email" required />
            <FormError message={failure} />
            <Button type="submit" busy={isSubmitting}>
              {t('auth.forgot.submit')}
            </Button>
          </CheckedForm>
        )}
      </Formik>
      <div className="auth-links">
        <LocalLink to={paths.login.getHref()}>{t('auth.back-to-login')}</LocalLink>
      </div>
    </section>
  );
}
