import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { apiErrorText } from '../../lib/api-error-text';
import { resendEmailVerification } from '../../lib/session/auth-actions';
import { useSession } from '../../lib/session/session-store';
import { RESEND_AGAIN_MS } from '../../lib/timings';

/**
 * The register page's own first send, when it was refused: the page has moved on to check-your-mail
 * by then, which says why beside its Resend (as the banner does) until the player sends again. It is
 * the account's it was sent for (another signing in here reads nothing of it), in the language of
 * the moment it is read, and a Resend pressed while it was on its way has the last word (`round`).
 */
const useFirstSend = create<{ email: string | null; error: unknown; round: number }>(() => ({
  email: null,
  error: null,
  round: 0,
}));

const sendingAgain = () => useFirstSend.setState((state) => ({ email: null, error: null, round: state.round + 1 }));

/** The verification e-mail sent right after registering `email`. */
export async function sendFirstVerification(email: string): Promise<void> {
  sendingAgain();
  const { round } = useFirstSend.getState();
  await resendEmailVerification().catch((error: unknown) => {
    // Logged as SPEC §7 has it, and said to the player (record 174).
    console.warn('verification e-mail failed', error);
    if (useFirstSend.getState().round === round) useFirstSend.setState({ email: email.toLowerCase(), error });
  });
}

/**
 * The verification e-mail's Resend, for the banner and the check-your-mail page: sent, it says so;
 * refused (too many e-mails, the provider down, the rate limit), it says why where the button is.
 */
export function useResendVerification() {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  // When the last e-mail went: "Sent" for RESEND_AGAIN_MS, then the button again (read against the
  // clock each second while it waits, so a tab put to sleep meanwhile comes back right).
  const [sentAt, setSentAt] = useState<number | null>(null);
  useEffect(() => {
    if (sentAt === null) return;
    const timer = window.setInterval(() => {
      if (Date.now() - sentAt >= RESEND_AGAIN_MS) setSentAt(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [sentAt]);
  const [failure, setFailure] = useState<string | null>(null);
  const email = useSession((state) => state.user?.email ?? null);
  const first = useFirstSend();
  const firstFailure =
    first.error !== null && first.email === email?.toLowerCase() ? apiErrorText(t, first.error) : null;
  const resend = () => {
    setSending(true);
    setFailure(null);
    sendingAgain();
    resendEmailVerification()
      .then(() => setSentAt(Date.now()))
      .catch((error: unknown) => setFailure(apiErrorText(t, error)))
      .finally(() => setSending(false));
  };
  return { sending, sent: sentAt !== null, failure: failure ?? firstFailure, resend };
}
