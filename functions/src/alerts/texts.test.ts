import { describe, expect, it } from 'vitest';
import { alertTexts } from './texts';

describe("an alert's texts", () => {
  it('are spelled the American way in en-US, the rest as en-GB writes it', () => {
    const [british, american] = [alertTexts('en-GB'), alertTexts('en-US')];
    expect(american('mail.why', { kind: 'Match ready' })).toBe(
      'You get this email because email alerts for “Match ready” are on in your Versus settings.',
    );
    expect(american('mail.off')).toBe('Turn off these emails');
    expect(british('mail.off')).toBe('Turn off these e-mails');
    expect(american('mail.open')).toBe(british('mail.open'));
    expect(american('kind.matchReady')).toBe(british('kind.matchReady'));
  });
});
