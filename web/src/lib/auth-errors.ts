import '../i18n/page-texts';
/** A Firebase Auth error's code, or '' for anything else. */
const codeOf = (error: unknown): string => (error as { code?: string } | null)?.code ?? '';

/** Firebase Auth error codes → i18n keys for the messages of SPEC §8. */
export function authErrorKey(error: unknown): string {
  const code = codeOf(error);
  switch (code) {
    case 'auth/invalid-credential':
    case 'auth/wrong-password':
    case 'auth/user-not-found':
    case 'auth/invalid-email':
      return code === 'auth/user-not-found' ? 'auth.errors.user-not-found' : 'auth.errors.wrong-credentials';
    case 'auth/too-many-requests':
      return 'auth.errors.too-many-requests';
    case 'auth/user-disabled':
      return 'auth.errors.user-disabled';
    case 'auth/expired-action-code':
      return 'auth.errors.expired-code';
    case 'auth/invalid-action-code':
      return 'auth.errors.invalid-code';
    case 'auth/weak-password':
      return 'auth.errors.weak-password';
    case 'auth/email-already-in-use':
      return 'auth.errors.email-taken';
    default:
      return 'auth.errors.general';
  }
}

/** A refusal of the password itself, not of the moment (too many tries, no network): a form may
 *  hold it refused while it is typed (lib/use-refusals.ts). */
export const isWrongPassword = (error: unknown): boolean =>
  ['auth/invalid-credential', 'auth/wrong-password'].includes(codeOf(error));

/** A refusal of the address itself (taken, malformed), as `isWrongPassword` is of the password. */
export const isRefusedAddress = (error: unknown): boolean =>
  ['auth/email-already-in-use', 'auth/invalid-email'].includes(codeOf(error));

/**
 * A sign-in's refusal: an unknown address reads as a wrong password (record 185), as production's
 * Firebase answers it (e-mail enumeration protection) and the reset page keeps it; the out-of-band
 * links keep SPEC §8's "user not found".
 */
export const signInErrorKey = (error: unknown): string =>
  codeOf(error) === 'auth/user-not-found' ? 'auth.errors.wrong-credentials' : authErrorKey(error);
