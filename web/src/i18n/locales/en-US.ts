import type { enGB } from './en-GB';
import type { PartialTranslation } from '../translation-shape';

/** American English: only what differs from the en-GB source (US spelling "email", US dates). */
export const enUS: PartialTranslation<typeof enGB> = {
  user: { 'email-not-verified-tooltip': 'Verify your email address first' },
  battles: { challenge: { unverified: { title: 'Verify your email first' } } },
  banners: {
    'email-verification': {
      text: 'Verify your email address to battle, host tournaments and get coins. We sent a link to {{email}}.',
      resend: 'Resend email',
      'not-yet': '{{email}} is not verified yet. Open the link in the email we sent, then try again.',
    },
  },
  auth: {
    fields: { email: 'Email' },
    'check-mail': {
      title: 'Check your email',
      body: 'We sent a verification link to {{email}}. Open it to unlock battles, hosting and coins.',
      hint: 'No email? Look in your spam folder or send it again.',
      verified: 'I have verified my email',
    },
    forgot: { body: 'Enter your email address and we will send you a link to choose a new password.' },
    'email-sent': { title: 'Check your email' },
    action: {
      verifying: 'Verifying your email…',
      verified: 'Email verified',
      'verify-failed': 'Email verification failed',
      recovered: 'Email address restored',
      'recover-failed': 'Email recovery failed',
    },
    errors: { 'user-not-found': 'There is no account with this email' },
  },
  profile: {
    settings: {
      verified: 'Email verified',
      unverified: 'Email not verified',
      'deactivate-body':
        'Your profile is hidden right away and deleted after 14 days. Log in before then to restore it.',
    },
    privacy: { private: 'Your email, real name, country, coin balance and payment details are visible only to you.' },
    withdraw: { 'needs-verified': 'Verify your email address to withdraw.' },
  },
  'paypal-connect': {
    body: 'Connect your PayPal account to withdraw coins and redeem creator earnings. The PayPal account needs a verified email address.',
    failed: 'Could not connect your PayPal account. Try again; the PayPal account must have a verified email address.',
  },
  'api-errors': {
    'email-not-verified': 'Verify your email address first.',
    'paypal-connect-failed':
      'Could not connect your PayPal account. Try again; the PayPal account must have a verified email address.',
  },
  legal: { updated: 'Last updated November 22, 2026' },
};
