import { EmailAuthProvider, reauthenticateWithCredential, updatePassword } from 'firebase/auth';
import { Formik } from 'formik';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { newPasswordField } from '@versus/domain/users/register-schema';
import { AvatarEditor } from '../components/avatar-editor';
import { ChangeEmail } from '../components/change-email';
import { PersonalDetails } from '../components/personal-details';
import { Button } from '../../../components/button';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { MissingHint } from '../../../components/missing-hint';
import { apiErrorText } from '../../../lib/api-error-text';
import { authErrorKey, isWrongPassword } from '../../../lib/auth-errors';
import { deactivateAccount } from '../api';
import { auth } from '../../../lib/firebase';
import { useSession } from '../../../lib/session/session-store';
import { useRefusals } from '../../../lib/use-refusals';
import { useFollowedAnchor } from '../../../lib/use-followed-anchor';
import '../profile.css';
import { CalendarFeed } from '../components/calendar-feed';
import { AlertSettings } from '../components/alert-settings';
import '../../../i18n/page-texts';

const changePasswordSchema = yup.object({
  currentPassword: yup.string().required('validation.password-required'),
  // The same password again would change nothing, and the form would say it had.
  password: newPasswordField().notOneOf([yup.ref('currentPassword')], 'validation.password-unchanged'),
  confirmPassword: yup
    .string()
    .required('validation.required')
    .oneOf([yup.ref('password')], 'validation.password-mismatch'),
});

function ChangePassword() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const refusals = useRefusals<{ currentPassword: string; password: string; confirmPassword: string }>();
  return (
    <Formik
      initialValues={{ currentPassword: '', password: '', confirmPassword: '' }}
      validationSchema={changePasswordSchema}
      validate={refusals.validate}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        setChanged(false);
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
        try {
          await updatePassword(user, values.password);
          refusals.clear();
          helpers.resetForm();
          setChanged(true);
        } catch (error) {
          // Firebase Auth's own refusal (a weak password, too many tries, no network), in the reader's language.
          setFailure(t(authErrorKey(error) as never));
        }
      }}
    >
      {({ isSubmitting, dirty }) => (
        <CheckedForm className="stack" data-testid="change-password">
          <TextField
            name="currentPassword"
            type="password"
            label={t('profile.settings.current-password')}
            autoComplete="current-password"
            required
          />
          <TextField
            name="password"
            type="password"
            label={t('auth.fields.new-password')}
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
          {/* Until the form is edited again: a new attempt's error never sits beside the last success. */}
          {changed && !dirty ? <p role="status">{t('profile.settings.password-changed')}</p> : null}
          <Button type="submit" busy={isSubmitting}>
            {t('profile.settings.change-password')}
          </Button>
        </CheckedForm>
      )}
    </Formik>
  );
}

/**
 * Deactivation asks for the password again (record 116): the API takes it only from a recent
 * sign-in, which re-entering the password makes, so an open or borrowed session cannot do it alone.
 */
function DeactivateAccount() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // The dimmed button, pressed, says what it needs (record 182: it said nothing).
  const [tried, setTried] = useState(false);
  const hint = useId();
  const close = () => {
    setOpen(false);
    setPassword('');
    setFailure(null);
    setTried(false);
  };
  const deactivate = async () => {
    const user = auth.currentUser;
    if (!user?.email || !password) return;
    setBusy(true);
    setFailure(null);
    try {
      try {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      } catch (error) {
        setFailure(t(isWrongPassword(error) ? 'profile.settings.wrong-password' : (authErrorKey(error) as never)));
        return;
      }
      // The live profile flips to deactivated and the route guard moves the user on.
      await deactivateAccount();
      close();
    } catch (error) {
      setFailure(apiErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <p className="muted">{t('profile.settings.deactivate-body')}</p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('profile.settings.deactivate')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={t('profile.settings.deactivate-confirm-title')}
        footer={
          <div className="button-row">
            <Button variant="ghost" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              form="deactivate-form"
              variant="danger"
              busy={busy}
              disabled={!password}
              onInertPress={() => setTried(true)}
              aria-describedby={hint}
              data-testid="deactivate-confirm"
            >
              {t('profile.settings.deactivate')}
            </Button>
          </div>
        }
      >
        <form
          id="deactivate-form"
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void deactivate();
          }}
        >
          <p>{t('profile.settings.deactivate-confirm-body')}</p>
          <label className="field">
            <span className="field-label">{t('profile.settings.deactivate-password')}</span>
            <input
              type="password"
              autoComplete="current-password"
              value={password}
              required
              onChange={(event) => setPassword(event.target.value)}
              data-testid="deactivate-password"
            />
          </label>
          <FormError message={failure} />
          <MissingHint
            id={hint}
            testId="deactivate-missing"
            text={tried && !password ? t('profile.settings.deactivate-password-first') : null}
          />
        </form>
      </Modal>
    </>
  );
}

export default function SettingsTab() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const profile = useSession((state) => state.profile);
  // Every alert e-mail's "Choose your alerts" opens this page at them (walk AE: it opened at the top).
  const alerts = useRef<HTMLElement>(null);
  useFollowedAnchor('#alerts', alerts, true);
  return (
    <div className="section-grid">
      <section className="card stack">
        <h2>{t('profile.settings.account')}</h2>
        <div className="profile-identity">
          <div>
            <strong>{profile?.displayName}</strong>
            <div className="muted">{user?.email}</div>
            <span className={`chip ${user?.emailVerified ? 'chip-ok' : 'chip-warn'}`}>
              {user?.emailVerified ? t('profile.settings.verified') : t('profile.settings.unverified')}
            </span>
            <p className="muted small identity-note" data-testid="display-name-fixed">
              {t('profile.settings.display-name-fixed')}
            </p>
          </div>
        </div>
      </section>
      <section className="card">
        <h2>{t('profile.personal.title')}</h2>
        <PersonalDetails />
      </section>
      <section className="card stack">
        <h2>{t('profile.avatar.title')}</h2>
        <AvatarEditor />
      </section>
      <section className="card">
        <h2>{t('profile.email.title')}</h2>
        <ChangeEmail />
      </section>
      <section className="card">
        <h2>{t('profile.settings.password')}</h2>
        <ChangePassword />
      </section>
      <section className="card section-wide" id="alerts" ref={alerts}>
        <h2>{t('alerts.settings.title')}</h2>
        <AlertSettings />
      </section>
      <section className="card">
        <h2>{t('profile.calendar.title')}</h2>
        <CalendarFeed />
      </section>
      <section className="card stack">
        <h2>{t('profile.settings.deactivate-title')}</h2>
        <DeactivateAccount />
      </section>
    </div>
  );
}
