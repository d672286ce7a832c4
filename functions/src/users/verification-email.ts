import { authEmailLanguage, type Locale } from '@versus/domain/platform/constants';
import { HttpError, conflict } from '../errors/http-error';

/**
 * Asks Firebase Auth to e-mail a verification link, on behalf of the caller's own ID token
 * (Identity Toolkit sendOobCode; the Auth emulator serves the same endpoint), written in the
 * language of the page that asked (`X-Firebase-Locale`, as the web SDK sends it for its own e-mails).
 */
export function verificationEmailRequest(idToken: string, locale: Locale): { url: string; init: RequestInit } {
  const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const base = emulator
    ? `http://${emulator}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const key = process.env.VERSUS_WEB_API_KEY ?? 'demo-api-key';
  return {
    url: `${base}/v1/accounts:sendOobCode?key=${encodeURIComponent(key)}`,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Firebase-Locale': authEmailLanguage(locale) },
      body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
    },
  };
}

export async function sendVerificationEmail(idToken: string, emailVerified: boolean, locale: Locale): Promise<void> {
  if (emailVerified) throw conflict('Your e-mail address is already verified.', 'email-already-verified');
  const { url, init } = verificationEmailRequest(idToken, locale);
  const notSent = () =>
    new HttpError(502, 'The verification e-mail could not be sent. Try again later.', 'email-not-sent');
  // Firebase Auth not answering (a timeout, a refused connection) is the provider's failure too.
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (!response) throw notSent();
  if (!response.ok) {
    const detail = await response.text();
    if (detail.includes('TOO_MANY_ATTEMPTS'))
      throw new HttpError(429, 'Too many e-mails sent. Try again later.', 'too-many-emails');
    throw notSent();
  }
}
