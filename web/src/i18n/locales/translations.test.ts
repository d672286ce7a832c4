import { describe, expect, it } from 'vitest';
import { americanSpelling } from '@versus/domain/platform/american-english';
import { enGB } from './en-GB';
import { enGBPlay } from './en-GB.play';
import { enGBStanding } from './en-GB.standing';
import { enGBLater } from './en-GB.later';
import { enGBPages } from './en-GB.pages';
import { enUS } from './en-US';
import { fiFI } from './fi-FI';
import { fiFIPlay } from './fi-FI.play';
import { fiFIStanding } from './fi-FI.standing';
import { fiFILater } from './fi-FI.later';
import { fiFIPages } from './fi-FI.pages';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const variables = (text: string) =>
  [...text.matchAll(/{{(\w+)(?:, \w+)?}}|<(\w+)>/g)].map((match) => match[1] ?? match[2]).sort();

// The shell's texts and the play texts the tournament pages register (../play-texts).
const source = {
  ...flatten(enGB as unknown as Tree),
  ...flatten(enGBPlay as unknown as Tree),
  ...flatten(enGBStanding as unknown as Tree),
  ...flatten(enGBLater as unknown as Tree),
  ...flatten(enGBPages as unknown as Tree),
};

// Finnish per feature, as en-GB: its parts together.
const finnishTexts = () => ({
  ...flatten(fiFI as unknown as Tree),
  ...flatten(fiFIPlay as unknown as Tree),
  ...flatten(fiFIStanding as unknown as Tree),
  ...flatten(fiFILater as unknown as Tree),
  ...flatten(fiFIPages as unknown as Tree),
});

describe('translations', () => {
  it('Finnish translates every key, keeping each placeholder and tag', () => {
    const finnish = finnishTexts();
    expect(Object.keys(finnish).sort()).toEqual(Object.keys(source).sort());
    for (const [key, text] of Object.entries(source)) {
      expect(finnish[key], key).not.toBe('');
      expect(variables(finnish[key] ?? ''), key).toEqual(variables(text));
    }
  });

  it('Finnish is really Finnish, not copied English', () => {
    const finnish = finnishTexts();
    // Game titles and platform names are proper names and stay as they are; so does a string of
    // placeholders only ('{{joined}}/{{size}}').
    const words = (text: string) => /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
    const same = Object.keys(source).filter(
      (key) =>
        !key.startsWith('games.') &&
        !key.startsWith('tournaments.platforms.') &&
        source[key] === finnish[key] &&
        source[key]!.length > 12 &&
        words(source[key]!),
    );
    // Proper names (languages, Discord, Epic Games) may stay; sentences may not.
    expect(same).toEqual([]);
  });

  it('American English only overrides keys that exist, with the same placeholders', () => {
    for (const [key, text] of Object.entries(flatten(enUS as unknown as Tree))) {
      expect(source, key).toHaveProperty([key]);
      expect(variables(text), key).toEqual(variables(source[key]!));
    }
  });

  it('American English spells every text the American way, and its own texts are not mere spellings', () => {
    const own = flatten(enUS as unknown as Tree);
    // What an en-US reader sees: its own text, else the source in US spelling (../index.ts).
    const british = Object.entries(source)
      .map(([key, text]) => [key, (own[key] ?? americanSpelling(text)).replace(/\{\{[^}]*\}\}/g, '')] as const)
      .filter(([, text]) => /e-mail|cancelled|cancelling|licence|organis|\bcentre\b|\bgrey/i.test(text))
      .map(([key]) => key);
    expect(british).toEqual([]);
    // An own text the spelling gives anyway is a copy to keep in step by hand.
    expect(Object.keys(own).filter((key) => own[key] === americanSpelling(source[key]!))).toEqual([]);
  });
});

describe('numbers in texts', () => {
  it("writes an entry fee with the locale's digit grouping", async () => {
    const { default: i18n, loadLocale } = await import('../index');
    await import('../play-texts');
    await loadLocale('fi-FI');
    const fee = (lng: string, count: number) => i18n.t('tournaments.browse.coins', { lng, count });
    expect([fee('en-GB', 1260), fee('en-US', 1), fee('fi-FI', 1260)]).toEqual([
      '1,260 coins',
      '1 coin',
      '1\u00a0260 kolikkoa',
    ]);
  });

  it('says one coin in the singular where a balance or an earning can be 1', async () => {
    const { default: i18n, loadLocale } = await import('../index');
    await import('../page-texts');
    await loadLocale('fi-FI');
    const texts = (lng: string, count: number) =>
      [
        i18n.t('header.balance-tooltip', { lng, count, funds: String(count), withdrawable: '0' }),
        i18n.t('profile.withdraw.withdrawable', { lng, count, withdrawable: count, amount: '€0.00' }),
        i18n.t('profile.withdraw.unplayed', { lng, count, unplayed: count }),
        i18n.t('creator.remaining', { lng, count, coins: count }),
        i18n.t('creator.chart-day', { lng, count, coins: count, day: 'Mon' }),
      ] as string[];
    expect(texts('en-GB', 1)).toEqual([
      '0 of your 1 coin can be withdrawn.',
      'You can withdraw 1 coin (€0.00).',
      '1 bought coin can be withdrawn once you have played it (staked it as an entry fee).',
      '1 more coin until you can redeem',
      'Mon: 1 coin',
    ]);
    expect(texts('en-US', 2)[3]).toBe('2 more coins until you can redeem');
    expect(texts('fi-FI', 1).slice(1)).toEqual([
      'Voit nostaa 1 kolikon (€0.00).',
      '1 ostetun kolikon voi nostaa, kun olet pelannut sen (käyttänyt sen osallistumismaksuun).',
      'Vielä 1 kolikko, kunnes voit lunastaa',
      'Mon: 1 kolikko',
    ]);
    expect(texts('fi-FI', 0)[1]).toBe('Voit nostaa 0 kolikkoa (€0.00).');
  });

  it('reads a finishing place as English and Finnish write it', async () => {
    const { default: i18n, loadLocale } = await import('../index');
    await import('../standing-texts');
    await loadLocale('fi-FI');
    const placed = (lng: string, count: number) =>
      i18n.t('standing.history.placed', { lng, count, ordinal: true, tournament: 'Cup' });
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23].map((place) => placed('en-GB', place))).toEqual(
      ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd'].map(
        (text) => `${text} place in Cup`,
      ),
    );
    expect(placed('en-US', 2)).toBe('2nd place in Cup');
    expect(placed('fi-FI', 2)).toBe('2. sija turnauksessa Cup');
  });

  it("writes a refusal's coins as the reader does: it read 4610 where the balance reads 4,610 (walk AK)", async () => {
    const { default: i18n, loadLocale } = await import('../index');
    await loadLocale('fi-FI');
    const refused = (lng: string) => i18n.t('api-errors.not-enough-coins', { lng, needed: 4610, funds: 1260 });
    expect(refused('en-GB')).toBe('Not enough coins: 4,610 needed and you have 1,260.');
    expect(refused('en-US')).toBe('Not enough coins: 4,610 needed and you have 1,260.');
    expect(refused('fi-FI')).toBe('Kolikot eivät riitä: tarvitaan 4\u00a0610, ja sinulla on 1\u00a0260.');
  });
});
