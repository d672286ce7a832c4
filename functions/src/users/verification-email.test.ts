import { describe, expect, it } from 'vitest';
import { verificationEmailRequest } from './verification-email';

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
