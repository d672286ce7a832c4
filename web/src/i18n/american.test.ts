import { describe, expect, it } from 'vitest';
import i18n, { loadLocale } from './index';

describe('American English in the app', () => {
  it('spells the shell, and every part of the texts registered after it, the American way; its own texts win', async () => {
    await loadLocale('en-US');
    const t = i18n.getFixedT('en-US');
    // The shell's texts, there before en-US: spelled, with the placeholder kept.
    expect(t('legal.riot-licence', { licence: 'RL-1' })).toBe('Riot license: RL-1.');
    // The pages' texts, registered after en-US was chosen (page-texts), come spelled too.
    expect(i18n.exists('checkout.cancelled')).toBe(false);
    await import('./page-texts');
    expect(t('checkout.cancelled')).toBe('You canceled the payment. Nothing was charged.');
    expect(t('auth.fields.email')).toBe('Email');
    // Its own text, not a spelling, wins; en-GB is left as it is.
    expect(t('profile.settings.deactivate-body')).toMatch(/^Your profile is hidden right away/);
    expect(i18n.getFixedT('en-GB')('checkout.cancelled')).toBe('You cancelled the payment. Nothing was charged.');
    // An own en-US text is not written over by the spelling of a part of en-GB registered after it.
    i18n.addResourceBundle('en-US', 'translation', { check: { own: 'Our own words' } }, true, true);
    i18n.addResourceBundle('en-GB', 'translation', { check: { own: 'The e-mail', other: 'The e-mail' } }, true, false);
    const american = (key: string) => i18n.getResource('en-US', 'translation', key) as unknown;
    expect([american('check.own'), american('check.other')]).toEqual(['Our own words', 'The email']);
  });
});
