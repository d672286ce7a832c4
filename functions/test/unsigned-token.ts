/**
 * An ID token naming `uid` that nobody signed: well formed, as the Auth emulator's own tokens are
 * (they are unsigned). For this project only the check of the user can refuse it; one for another
 * audience, or expired (`expiresIn` < 0), the token's check refuses whoever it names. Used by the
 * hardening tests and bench:abuse; no side effects, so a bench may import it before its stack.
 */
export function unsignedToken(
  uid: string,
  {
    aud = process.env.GCLOUD_PROJECT ?? 'demo-versus',
    expiresIn = 3600,
    issuedAgo = 0,
  }: { aud?: string; expiresIn?: number; issuedAgo?: number } = {},
): string {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return [
    encode({ alg: 'none', typ: 'JWT' }),
    encode({
      iss: `https://securetoken.google.com/${aud}`,
      aud,
      sub: uid,
      user_id: uid,
      iat: now - issuedAgo,
      auth_time: now - issuedAgo,
      exp: now + expiresIn,
      email_verified: true,
      firebase: { identities: {}, sign_in_provider: 'password' },
    }),
    '',
  ].join('.');
}
