import { describe, expect, it } from 'vitest';
import { americanSpelling, americanTexts } from './american-english';

describe('American English from the en-GB texts', () => {
  it.each([
    ['Resend e-mail', 'Resend email'],
    ['E-mail address', 'Email address'],
    ['Turn off these e-mails', 'Turn off these emails'],
    ['The host cancelled it. Cancelled.', 'The host canceled it. Canceled.'],
    ['Cancelling the payment', 'Canceling the payment'],
    ['Riot licence reference; licences', 'Riot license reference; licenses'],
    ['Riot Games allows an organiser 10,000 USD', 'Riot Games allows an organizer 10,000 USD'],
    ['Click to centre the cover here', 'Click to center the cover here'],
    ['days already taken are greyed out', 'days already taken are grayed out'],
    ['Semi-finals; out in the semi-finals', 'Semifinals; out in the semifinals'],
  ])('spells "%s" as "%s"', (british, american) => {
    expect(americanSpelling(british)).toBe(american);
  });

  it('leaves placeholders, nested texts and tags as they are: a text keeps its variables', () => {
    expect(americanSpelling('Riot licence: {{licence}}.')).toBe('Riot license: {{licence}}.');
    expect(americanSpelling('$t(cancelled.title) was cancelled <1>e-mail</1>')).toBe(
      '$t(cancelled.title) was canceled <1>email</1>',
    );
  });

  it('leaves words alone that only look alike, and the verb "license" as it is', () => {
    for (const text of ['Riot licenses each competition', 'the centrepiece', 'mailbox', 'Cancel', 'cancellation'])
      expect(americanSpelling(text)).toBe(text);
  });

  it('gives only the texts that differ, in the shape of the source', () => {
    expect(
      americanTexts({
        checkout: { cancelled: 'You cancelled the payment.', title: 'Checkout' },
        auth: { fields: { email: 'E-mail', password: 'Password' } },
        landing: { title: 'Versus' },
      }),
    ).toEqual({ checkout: { cancelled: 'You canceled the payment.' }, auth: { fields: { email: 'Email' } } });
    expect(americanTexts({ title: 'Versus' })).toBeUndefined();
  });
});
