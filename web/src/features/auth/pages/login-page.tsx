import { Formik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '@versus/domain/users/register-schema';
import { Button } from '../../../components/button';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { login } from '../../../lib/session/auth-actions';
import { signInErrorKey } from '../../../lib/auth-errors';
import { paths } from '../../../lib/paths';
import { SIGNED_OUT_FLAG } from '../../../lib/session/session-store';
import '../auth.css';
import '../../../i18n/page-texts';

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.login.title'));
  const [failure, setFailure] = useState<string | null>(null);
  // A session that ended elsewhere (session-store's SIGNED_OUT_FLAG) is said once, here.
  // Read as the page first renders, and let go once shown.
  const [endedElsewhere] = useState(() => sessionStorage.getItem(SIGNED_OUT_FLAG) !== null);
  useEffect(() => sessionStorage.removeItem(SIGNED_OUT_FLAG), []);
  return (
    <section className="card auth-card">
      <h1>{t('auth.login.title')}</h1>
      {endedElsewhere ? (
        <p className="notice" role="status" data-testid="signed-out-elsewhere">
          {t('auth.login.signed-out-elsewhere')}
        </p>
      ) : null}
      <p className="muted">{t('auth.login.subtitle')}</p>
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            // The guest guard sends the signed-in user on to ?next or home.
            await login(values.email, values.password);
          } catch (error) {
            setFailure(t(signInErrorKey(error) as never));
          }
        }}
      >
        {({ isSubmitting, values }) => (
          <>
            <CheckedForm className="stack">
              <TextField name="email" type="email" label={t('auth.fields.email')} autoComplete="email" required />
              <TextField
                name="password"
                type="password"
                label={t('auth.fields.password')}
                autoComplete="current-password"
                required
              />
              <FormError message={failure} />
              <Button type="submit" busy={isSubmitting}>
                {t('auth.login.submit')}
              </Button>
            </CheckedForm>
            <div className="auth-links">
              {/* The address typed here goes along (in the history's state, not the address bar). */}
              <LocalLink to={paths.forgotPassword.getHref()} state={{ email: values.email.trim() }}>
                {t('auth.login.forgot')}
              </LocalLink>
              <span>
                {t('auth.login.no-account')}{' '}
                <LocalLink to={paths.register.getHref()}>{t('auth.login.register')}</LocalLink>
              </span>
            </div>
          </>
        )}
      </Formik>
    </section>
  );
}
