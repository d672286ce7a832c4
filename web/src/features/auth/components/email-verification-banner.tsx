import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { useSession } from '../../../lib/session/session-store';
import { useResendVerification } from '../use-resend-verification';
import { VerifiedCheckButton } from './verified-check-button';
import '../auth.css';

export default function EmailVerificationBanner() {
  const { t } = useTranslation();
  const email = useSession((state) => state.user?.email ?? '');
  const { sending, sent, failure, resend } = useResendVerification();
  return (
    <div className="banner-row">
      <span>{t('banners.email-verification.text', { email })}</span>
      <span className="banner-actions">
        {sent ? (
          <span role="status">{t('banners.email-verification.sent')}</span>
        ) : (
          <Button small variant="secondary" busy={sending} onClick={resend}>
            {t('banners.email-verification.resend')}
          </Button>
        )}
        {/* SPEC §7 only logs a failure; the player is told too (the brief). */}
        {failure ? (
          <span role="alert" className="form-error">
            {failure}
          </span>
        ) : null}
        <VerifiedCheckButton small variant="ghost" label={t('banners.email-verification.done')} />
      </span>
    </div>
  );
}
