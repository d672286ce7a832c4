import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { resendEmailVerification } from '../../../lib/session/auth-actions';
import { useSession } from '../../../lib/session/session-store';
import { VerifiedCheckButton } from './verified-check-button';
import '../auth.css';

export function EmailVerificationBanner() {
  const { t } = useTranslation();
  const email = useSession((state) => state.user?.email ?? '');
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  return (
    <div className="banner-row">
      <span>{t('banners.email-verification.text', { email })}</span>
      <span className="banner-actions">
        {sent ? (
          <span role="status">{t('banners.email-verification.sent')}</span>
        ) : (
          <Button
            small
            variant="secondary"
            busy={sending}
            onClick={() => {
              setSending(true);
              // A failure is only logged (SPEC §7).
              resendEmailVerification()
                .then(() => setSent(true))
                .catch((error: unknown) => console.warn('resend verification failed', error))
                .finally(() => setSending(false));
            }}
          >
            {t('banners.email-verification.resend')}
          </Button>
        )}
        <VerifiedCheckButton small variant="ghost" label={t('banners.email-verification.done')} />
      </span>
    </div>
  );
}
