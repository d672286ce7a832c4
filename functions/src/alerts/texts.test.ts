import { describe, expect, it } from 'vitest';
import { alertTexts, describeAlert } from './texts';

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

  it('say of a match report whether the reader or the reporters won, in the reader’s language', () => {
    const reported = (reasoning: string) => ({
      type: 'TOURNAMENT_OPPONENT_REPORTED' as const,
      tournament: { id: 't', name: 'Cup' },
      match: 'm',
      winner: { uid: 'ben', displayName: 'Ben' },
      reasoning,
    });
    const line = (language: 'en-GB' | 'fi-FI', reasoning: string) =>
      describeAlert(alertTexts(language), 'opponentReported', reported(reasoning), 'me').line;
    expect(line('en-GB', 'they')).toBe('Your opponent in Cup reported that they won your match. Confirm or dispute.');
    expect(line('en-GB', 'you')).toBe(
      'Your opponent in Cup reported that you won your match. Report it too to confirm.',
    );
    expect(line('fi-FI', 'they')).toBe(
      'Vastustajasi turnauksessa Cup ilmoitti voittaneensa ottelunne. Vahvista tai kiistä.',
    );
  });
});
