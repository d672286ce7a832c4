import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../lib/api-error-text';
import { resendEmailVerification } from '../../lib/session/auth-actions';

/**
 * The verification e-mail's Resend, for the banner and the check-your-mail page: sent, it says so;
 * refused (too many e-mails, the provider down, the rate limit), it says why where the button is.
 */
export function useResendVerification() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const resend = () => {
    setSending(true);
    setFailure(null);
    resendEmailVerification()
      .then(() => setSent(true))
      .catch((error: unknown) => setFailure(apiErrorText(t, error)))
      .finally(() => setSending(false));
  };
  return { sending, sent, failure, resend };
}
