import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useLocalePath, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { VerifiedCheckButton } from '../components/verified-check-button';
import { useResendVerification } from '../use-resend-verification';
import { paths } from '../../../lib/paths';
import '../auth.css';
import '../../../i18n/page-texts';

export default function CheckYourMailPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.check-mail.title'));
  const toPath = useLocalePath();
  const email = useSession((state) => state.user?.email ?? '');
  const verified = useSession((state) => state.user?.emailVerified === true);
  const { sending, sent, failure, resend } = useResendVerification();

  useEffect(() => useSession.getState().setRedirectAfterAuth(null), []);

  if (verified) return <Navigate to={toPath(paths.home.getHref())} replace />;
  return (
    <section className="card auth-card stack" data-testid="check-your-mail">
      <h1>{t('auth.check-mail.title')}</h1>
      <p>{t('auth.check-mail.body', { email })}</p>
      <p className="muted">{t('auth.check-mail.hint')}</p>
      <div className="button-row">
        {/* A new link sent, an earlier "not verified yet" no longer stands (keyed: it starts afresh). */}
        <VerifiedCheckButton key={String(sent)} label={t('auth.check-mail.verified')} />
        <Button variant="secondary" disabled={sent} busy={sending} onClick={resend}>
          {sent ? t('banners.email-verification.sent') : t('banners.email-verification.resend')}
        </Button>
      </div>
      {failure ? (
        <p role="alert" className="form-error">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
