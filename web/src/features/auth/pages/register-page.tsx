import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, RESET_PASSWORD_MIN } from '@versus/domain/platform/constants';
import { registerFormSchema, type RegisterInput } from '@versus/domain/users/register-schema';
import { Button } from '../../../components/button';
import { CheckboxField, FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { PersonalFields } from '../../../components/personal-fields';
import { toApiError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/api-error-text';
import { register } from '../api';
import { LocalLink, useLocalePath, usePageTitle } from '../../../lib/navigation';
import { login } from '../../../lib/session/auth-actions';
import { sendFirstVerification } from '../use-resend-verification';
import { useSession } from '../../../lib/session/session-store';
import { authErrorKey } from '../../../lib/auth-errors';
import { paths } from '../../../lib/paths';
import { useRefusals } from '../../../lib/use-refusals';
import '../auth.css';
import '../../../i18n/page-texts';

type Values = RegisterInput & { confirmPassword: string };

const initialValues: Values = {
  email: '',
  displayName: '',
  firstName: '',
  lastName: '',
  country: '',
  password: '',
  confirmPassword: '',
  terms: false,
};

export default function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.register.title'));
  const toPath = useLocalePath();
  const [failure, setFailure] = useState<string | null>(null);
  const refusals = useRefusals<Values>();

  const submit = async ({ confirmPassword: _confirm, ...input }: Values, helpers: FormikHelpers<Values>) => {
    setFailure(null);
    try {
      await register(input);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.code === 'email-in-use')
        refusals.refuse(helpers, 'email', input.email, t('auth.errors.email-in-use'));
      else if (apiError.code === 'display-name-taken')
        refusals.refuse(helpers, 'displayName', input.displayName, t('auth.errors.display-name-taken'));
      else if (apiError.fields) {
        if (!refusals.refuseFields(helpers, apiError.fields, input)) setFailure(apiErrorText(t, apiError));
        if (apiError.fields.country === 'validation.country-unavailable')
          setFailure(t('auth.errors.country-unavailable-long'));
      } else setFailure(apiErrorText(t, apiError));
      return;
    }
    useSession.getState().setRedirectAfterAuth(toPath(paths.checkYourMail.getHref()));
    try {
      await login(input.email, input.password);
    } catch (error) {
      // The account exists; only signing in failed. Send the player to log in normally.
      useSession.getState().setRedirectAfterAuth(null);
      setFailure(t(authErrorKey(error) as never));
      return;
    }
    // Refused, the check-your-mail page it leads to says why: SPEC §7 only logs it, and we tell the
    // player too (record 174).
    await sendFirstVerification(input.email);
  };

  return (
    <section className="card auth-card auth-card-wide">
      <h1>{t('auth.register.title')}</h1>
      <p className="muted">{t('auth.register.subtitle')}</p>
      <Formik
        initialValues={initialValues}
        validationSchema={registerFormSchema}
        validate={refusals.validate}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <CheckedForm className="stack">
            <TextField name="email" type="email" label={t('auth.fields.email')} autoComplete="email" required />
            <TextField
              name="displayName"
              label={t('auth.fields.display-name')}
              hint={t('auth.register.display-name-hint', {
                min: String(DISPLAY_NAME_MIN),
                max: String(DISPLAY_NAME_MAX),
              })}
              maxLength={DISPLAY_NAME_MAX}
              autoComplete="nickname"
              required
            />
            <PersonalFields />
            <TextField
              name="password"
              type="password"
              label={t('auth.fields.password')}
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
            <CheckboxField name="terms">
              <Trans
                i18nKey="auth.register.terms"
                components={{
                  terms: <LocalLink to={paths.termsOfService.getHref()} target="_blank" />,
                  privacy: <LocalLink to={paths.privacyPolicy.getHref()} target="_blank" />,
                }}
              />
            </CheckboxField>
            <FormError message={failure} />
            <Button type="submit" busy={isSubmitting}>
              {t('auth.register.submit')}
            </Button>
          </CheckedForm>
        )}
      </Formik>
      <div className="auth-links">
        <span>
          {t('auth.register.have-account')} <LocalLink to={paths.login.getHref()}>{t('auth.register.login')}</LocalLink>
        </span>
      </div>
    </section>
  );
}
