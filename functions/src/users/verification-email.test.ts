import { describe, expect, it } from 'vitest';
import { sendVerificationEmail, verificationEmailRequest } from './verification-email';

describe('the verification e-mail asked of Firebase Auth', () => {
  it('is written in the language of the page that asked, as Firebase names its templates', () => {
    const headers = (locale: 'en-GB' | 'en-US' | 'fi-FI') =>
      verificationEmailRequest('token', locale).init.headers as Record<string, string>;
    expect(headers('fi-FI')['X-Firebase-Locale']).toBe('fi');
    expect(headers('en-GB')['X-Firebase-Locale']).toBe('en');
    expect(headers('en-US')['X-Firebase-Locale']).toBe('en');
  });

  it("asks on the caller's own token, for a verification", () => {
    const { url, init } = verificationEmailRequest('the-token', 'fi-FI');
    expect(url).toMatch(/\/v1\/accounts:sendOobCode\?key=/);
    expect(JSON.parse(init.body as string)).toEqual({ requestType: 'VERIFY_EMAIL', idToken: 'the-token' });
  });
});

describe('a verification e-mail Firebase Auth does not answer', () => {
  it('is the provider’s failure, a 502 the page can say, not an error of ours', async () => {
    const before = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    // Nothing listens on port 9 (discard) here: the connection is refused.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9';
    try {
      await expect(sendVerificationEmail('token', false, 'fi-FI')).rejects.toMatchObject({
        statusCode: 502,
        code: 'email-not-sent',
      });
    } finally {
      if (before === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = before;
    }
  });
});
