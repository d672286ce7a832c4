import { confirmPasswordReset, verifyPasswordResetCode } from 'firebase/auth';
import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_PASSWORD_MIN } from '@versus/domain/platform/constants';
import { resetPasswordSchema } from '@versus/domain/users/register-schema';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/feedback';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { auth } from '../../../lib/firebase';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { authErrorKey } from '../../../lib/auth-errors';
import { paths } from '../../../lib/paths';
import { forgetSessionHere } from '../../../lib/session/session-store';
import '../auth.css';
import '../../../i18n/page-texts';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.reset.title'));
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const [email, setEmail] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(code ? null : 'auth.errors.reset-code-invalid');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!code) return;
    verifyPasswordResetCode(auth, code).then(setEmail, () => setCodeError('auth.errors.reset-code-invalid'));
  }, [code]);

  if (codeError) {
    return (
      <section className="card auth-card stack">
        <h1>{t('auth.reset.title')}</h1>
        <p role="alert">{t(codeError as never)}</p>
        <LocalLink className="btn btn-primary" to={paths.forgotPassword.getHref()}>
          {t('auth.reset.request-new')}
        </LocalLink>
      </section>
    );
  }
  if (done) {
    return (
      <section className="card auth-card stack">
        <h1>{t('auth.reset.done')}</h1>
        <LocalLink className="btn btn-primary" to={paths.login.getHref()}>
          {t('auth.back-to-login')}
        </LocalLink>
      </section>
    );
  }
  if (email === null) return <Spinner label={t('common.loading')} />;
  return (
    <section className="card auth-card">
      <h1>{t('auth.reset.title')}</h1>
      <p className="muted">{t('auth.reset.for', { email })}</p>
      <Formik
        initialValues={{ password: '', confirmPassword: '' }}
        validationSchema={resetPasswordSchema}
        onSubmit={async ({ password }) => {
          setFailure(null);
          try {
            await confirmPasswordReset(auth, code, password);
            // A new password ends the account's sessions, this browser's too.
            forgetSessionHere();
            setDone(true);
          } catch (error) {
            setFailure(t(authErrorKey(error) as never));
          }
        }}
      >
        {({ isSubmitting }) => (
          <CheckedForm className="stack">
            <TextField
              name="password"
              type="password"
              label={t('auth.fields.new-password')}
              // The rules up front, as the sign-up says them (a walk met them only as errors).
              hint={t('auth.register.password-hint', { min: String(RESET_PASSWORD_MIN) })}
              autoComplete="new-password"
              required
            />
            <TextField
              name="confirmPassword"
              type="password"
              label={t('auth.fields.confirm-password')}
              autoComplete="new-password"
              required
            />
            <FormError message={failure} />
            <Button type="submit" busy={isSubmitting}>
              {t('auth.reset.submit')}
            </Button>
          </CheckedForm>
        )}
      </Formik>
    </section>
  );
}
