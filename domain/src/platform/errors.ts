/** The one error shape every command answers with (DESIGN §7). */
export interface ApiErrorBody {
  message: string;
  statusCode: number;
  /** Field name → i18n message key, for 400 answers from schema validation. */
  fields?: Record<string, string>;
  /** A stable machine code the client may translate (e.g. 'email-in-use'). */
  code?: string;
  /** Numbers the message names, for the client's own wording (e.g. needed and funds). */
  details?: Record<string, number | string>;
}

/** Stable error codes shared by server answers and client translations. */
export const ERROR_CODES = [
  'unauthenticated',
  'forbidden',
  'not-found',
  'invalid-input',
  'email-in-use',
  'display-name-taken',
  'country-unavailable',
  'weak-password',
  'account-not-deactivated',
  'restore-window-passed',
  'email-not-verified',
  'not-enough-coins',
  'below-minimum',
  'payment-not-approved',
  'payment-declined',
  'payment-cancelled',
  'payment-unavailable',
  'no-paypal-account',
  'paypal-connect-failed',
  'not-a-creator',
  'creator-balance-changed',
  'idempotency-key-reused',
  'idempotency-key-in-progress',
  'busy',
  'self-challenge',
  'challenge-active',
  'challenge-not-pending',
  'challenge-expired',
  'battle-wrong-stage',
  'not-a-participant',
  'campaign-month-open',
  'campaign-already-drawn',
  'campaign-no-entries',
  'image-type',
  'image-too-large',
  'image-dimensions',
  'account-deactivated',
  'coins-not-played',
  'payment-expired',
  'payout-rate-too-high',
  'tournament-not-open',
  'tournament-full',
  'already-joined',
  'not-joined',
  'not-the-host',
  'free-day-taken',
  'tournament-locked',
  'check-in-closed',
  'team-tournament',
  'solo-tournament',
  'already-in-party',
  'not-party-leader',
  'not-invited',
  'party-ready',
  'party-wrong-size',
  'party-full',
  'not-timing-out',
  'cover-missing',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
