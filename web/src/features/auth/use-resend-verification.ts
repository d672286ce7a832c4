import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { apiErrorText } from '../../lib/api-error-text';
import { resendEmailVerification } from '../../lib/session/auth-actions';

/**
 * The register page's own first send, when it was refused: the page has moved on to check-your-mail
 * by then, which says why beside its Resend (as the banner does) until the player sends again.
 */
const useFirstSend = create<{ failure: string | null }>(() => ({ failure: null }));

/** The verification e-mail sent right after registering. */
export async function sendFirstVerification(t: TFunction): Promise<void> {
  useFirstSend.setState({ failure: null });
  await resendEmailVerification().catch((error: unknown) => useFirstSend.setState({ failure: apiErrorText(t, error) }));
}

/**
 * The verification e-mail's Resend, for the banner and the check-your-mail page: sent, it says so;
 * refused (too many e-mails, the provider down, the rate limit), it says why where the button is.
 */
export function useResendVerification() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const firstFailure = useFirstSend((state) => state.failure);
  const resend = () => {
    setSending(true);
    setFailure(null);
    useFirstSend.setState({ failure: null });
    resendEmailVerification()
      .then(() => setSent(true))
      .catch((error: unknown) => setFailure(apiErrorText(t, error)))
      .finally(() => setSending(false));
  };
  return { sending, sent, failure: failure ?? firstFailure, resend };
}
