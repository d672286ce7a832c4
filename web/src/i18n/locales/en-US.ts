import type { enGB } from './en-GB';
import type { enGBPlay } from './en-GB.play';
import type { enGBLater } from './en-GB.later';
import type { enGBPages } from './en-GB.pages';
import type { PartialTranslation } from '../translation-shape';

/** The en-US differences outside the tournament texts. */
const american: PartialTranslation<typeof enGB & typeof enGBPlay & typeof enGBLater & typeof enGBPages> = {
  user: { 'email-not-verified-tooltip': 'Verify your email address first' },
  battles: {
    challenge: { unverified: { title: 'Verify your email first' } },
    'signed-out': { body: 'You need an account with a verified email to challenge players.' },
  },
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
      'email-changed': 'Email address changed',
      'change-failed': 'The email address could not be changed',
    },
    errors: {
      'user-not-found': 'There is no account with this email',
      'wrong-credentials': 'Wrong email or password',
      'email-taken': 'Another account already uses this email.',
    },
  },
  profile: {
    email: {
      title: 'Email address',
      new: 'New email address',
      same: 'This is already your email address.',
    },
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
    'outside-licence-territory':
      'This tournament’s Riot license covers players in some countries only, and your account’s country is not one of them. The tournament page names them.',
    'email-not-verified': 'Verify your email address first.',
    'paypal-connect-failed':
      'Could not connect your PayPal account. Try again; the PayPal account must have a verified email address.',
  },
  legal: {
    updated: 'Last updated November 29, 2026',
    privacy: {
      sections: {
        data: {
          body: 'Your email address, display name, first and last name, country, game account names you connect, and the records of your battles, tournaments and coin transactions.',
        },
        google: {
          body: 'Google Cloud (Firebase) in the EU hosts Versus: your account and sign-in (Firebase Authentication, which also sends our verification and password emails), everything listed above (Firestore), the pictures you upload (Cloud Storage), and the pages and commands you use (Hosting and Cloud Functions). reCAPTCHA Enterprise (App Check) receives signals from your browser to tell people from scripts. Google Analytics receives the pages you visit only if you accept analytics.',
        },
        paypal: {
          body: 'When you buy coins, PayPal receives the order and its amount and handles your payment details; we receive the payment’s status. When you withdraw, PayPal receives the email address of your connected PayPal account and the amount.',
        },
        games: {
          body: 'When you link a Riot ID, Riot Games receives it to confirm the account, and when the game decides a League of Legends tournament match, the account identifiers of its players. When you link a Steam account, OpenDota receives its Dota 2 account ID to confirm it and to read the games of your Dota 2 battles and matches. Neither receives your name or email address.',
        },
      },
    },
  },
  alerts: {
    settings: {
      intro: 'Choose what reaches you outside Versus, and how: pushes on the devices where you allow them, and emails.',
      'email-to': 'Emails go to {{email}}.',
    },
    channels: { email: 'Email' },
    'channel-in-text': { email: 'by email' },
  },
};

/** US spelling: "canceled", "center", "license". */
const spelling: PartialTranslation<typeof enGB & typeof enGBPlay & typeof enGBLater & typeof enGBPages> = {
  battles: {
    states: { CANCELLED: 'Canceled' },
    stages: { cancelled: 'Canceled' },
    battle: {
      cancelled: 'Battle canceled',
      'cancelled-by-admin': 'A platform admin canceled the battle. Both entry fees were refunded.',
    },
    result: { cancelled: 'Battle canceled' },
  },
  checkout: { cancelled: 'You canceled the payment. Nothing was charged.' },
  'paypal-connect': { cancelled: 'You canceled the connection. Nothing changed.' },
  admin: {
    'prize-caps': {
      yearly: {
        intro:
          'The most one host’s tournaments in a publisher’s games may pay out in a calendar year, in coins (Riot Games allows an organizer 10,000 USD a year). Open tournaments count in full, started ones as paid in, canceled ones not at all.',
      },
    },
  },
  notifications: {
    types: {
      TOURNAMENT_CANCELLED: '{{tournament}} was canceled.',
      TOURNAMENT_CANCELLED_refunded: '{{tournament}} was canceled. Your {{payout}} coins are back.',
      BATTLE_CANCELLED: 'Your battle against {{user}} was canceled.',
      BATTLE_CANCELLED_refunded: 'Your battle against {{user}} was canceled. Your {{payout}} coins are back.',
      TOURNAMENT_CANCELLED_too_few: '{{tournament}} was canceled: fewer than {{min}} entrants checked in.',
      TOURNAMENT_CANCELLED_too_few_refunded:
        '{{tournament}} was canceled: fewer than {{min}} entrants checked in. Your {{payout}} coins are back.',
      TOURNAMENT_CANCELLED_inactive: '{{tournament}} was canceled after 48 hours without activity.',
      TOURNAMENT_CANCELLED_inactive_refunded:
        '{{tournament}} was canceled after 48 hours without activity. Your {{payout}} coins are back.',
      TOURNAMENT_CANCELLED_admin: 'Your tournament {{tournament}} was canceled. Every entry fee was refunded.',
      TOURNAMENT_CANCELLED_admin_too_few:
        'Your tournament {{tournament}} was canceled: fewer than {{min}} entrants checked in.',
      TOURNAMENT_CANCELLED_admin_inactive:
        'Your tournament {{tournament}} was canceled after 48 hours without activity.',
      ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED:
        'Your tournament {{tournament}} will be canceled for inactivity within 24 hours. Extend it if it is still running.',
      BATTLE_DEADLINE_SOON_report:
        'Your battle against {{user}} has an hour left to be reported. Without a report it is canceled and the fees go back.',
    },
  },
  banners: { tournament: { 'about-to-be-cancelled': { text: '{{name}} will be canceled for inactivity at' } } },
  tournaments: {
    status: { cancelled: 'Canceled' },
    browse: { 'show-archived': 'Show finished and canceled' },
    'status-text': {
      'about-to-be-cancelled': 'Nothing has happened for a while: this tournament will be canceled and refunded at',
      'cancelled-host': 'The host canceled this tournament. Every entry fee was refunded.',
      'cancelled-too-few-players':
        'Fewer than 4 players checked in, so the tournament was canceled and every fee refunded.',
      'cancelled-inactivity': 'This tournament was canceled after 48 hours without activity. Every fee was refunded.',
      'cancelled-host-free': 'The host canceled this tournament.',
      'cancelled-too-few-players-free': 'Fewer than 4 players checked in, so the tournament was canceled.',
      'cancelled-inactivity-free': 'This tournament was canceled after 48 hours without activity.',
    },
    overview: {
      'min-entrants':
        'It starts only with at least {{min}} entrants checked in; with fewer, it is canceled and every fee refunded.',
      'min-entrants-free': 'It starts only with at least {{min}} entrants checked in; with fewer, it is canceled.',
    },
    create: {
      'money-note':
        'Entry fees are held when players join and refunded if they leave or the tournament is canceled. The host earns 10% of the pool; the rest goes to the winners.',
      'cover-focus-hint': 'Click to center the cover here',
      'riot-licence': 'Riot license reference',
      'riot-licence-countries': 'Countries the license covers',
      'riot-licence-countries-hint':
        'A Riot license is for one country or one region of Europe: only players whose account is in one of these countries can join.',
    },
    errors: {
      'riot-licence': 'Enter the reference of Riot’s license for this competition (3 to 60 characters).',
      'riot-licence-countries': 'Choose the countries the Riot license covers (at least one).',
    },
  },
  legal: { 'riot-licence': 'Riot license: {{licence}}.' },
  'api-errors': {
    'tournament-not-open': 'This tournament is no longer open: it has started, finished or been canceled.',
    'riot-sign-in-cancelled': 'You canceled the sign-in with Riot. Nothing was linked.',
    'steam-sign-in-cancelled': 'You canceled the sign-in on Steam. Nothing was linked.',
    'payment-cancelled': 'The payment was canceled. No coins were added.',
  },
};

type Tree = { [key: string]: string | Tree };
const merge = (base: Tree, extra: Tree): Tree =>
  Object.fromEntries(
    [...new Set([...Object.keys(base), ...Object.keys(extra)])].map((key) => {
      const [a, b] = [base[key], extra[key]];
      return [key, typeof a === 'object' && typeof b === 'object' ? merge(a, b) : (b ?? a)!];
    }),
  );

/** American English: only what differs from the en-GB source (US spelling "email", "canceled", US dates). */
export const enUS = merge(american as Tree, spelling as Tree) as PartialTranslation<
  typeof enGB & typeof enGBPlay & typeof enGBLater
>;
