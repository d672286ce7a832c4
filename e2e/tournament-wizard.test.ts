import { expect, it, describe } from 'vitest';
import { verifiedUser } from '../functions/test/helpers';
import { focusedIn, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

// The wizard's own steps (e2e/tournaments.test.ts follows a tournament made through it).
describe('the tournament wizard', () => {
  it('on a phone, step 1 of the wizard is a compact list of games with a search', async () => {
    const hostUser = await verifiedUser();
    const host = await signedIn(hostUser.email, {
      at: '/tournaments/add',
      ready: 'wizard-next',
      width: 375,
      height: 667,
    });
    const { page } = host;
    const step = page.getByTestId('wizard-game');
    await step.locator('.game-option').first().waitFor();
    // Every game within about two screens, not 3,500 px of cards.
    expect((await step.boundingBox())!.height).toBeLessThan(2 * 667);
    await page.getByTestId('game-search').fill('valo');
    await expect.poll(() => step.locator('.game-option').allTextContents()).toEqual(['VALORANT']);
    await page.getByTestId('game-search').fill('zzz');
    await step.getByText('No game matches “zzz”.', { exact: false }).waitFor();
    // …and Other games, which the hint names, is there to choose.
    expect(await step.locator('.game-option').allTextContents()).toEqual(['Other games']);
    await page.getByTestId('game-search').fill('');
    await step.locator('.game-option').filter({ hasText: 'VALORANT' }).click();
    await shot(host, 'wizard-phone-games');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-format').waitFor();
    // Next without a platform: its error was a screen above the button and nothing seemed to happen;
    // the step now brings it into view and focuses its choices.
    await page.getByTestId('wizard-next').click();
    const platforms = page.getByTestId('chips-platform');
    await platforms.locator('.field-error').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-testid="chips-platform"]') !== null))
      .toBe(true);
    const box = (await platforms.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(667);
    // Cancel asks before it drops a started draft (one press lost a filled-in wizard, record 158).
    await page.getByRole('button', { name: 'Cancel' }).click();
    const discard = page.getByTestId('discard-draft');
    await discard.getByText('What you have chosen and written here is not kept.').waitFor();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await discard.waitFor({ state: 'hidden' });
    await page.getByTestId('wizard-format').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/tournaments/add');
    expect(await page.evaluate(() => localStorage.getItem('versus:tournamentDraft'))).toBeNull();
    await page.goto(`${WEB}/tournaments/add`);
    await page.getByTestId('wizard-game').waitFor();
    expect(host.errors).toEqual([]);
  });

  it("a host outside Europe: the wizard starts on Global, and the picker says the time typed in the host's words and zone", async () => {
    const hostUser = await verifiedUser();
    const host = await signedIn(hostUser.email, {
      at: '/en-US/tournaments/add',
      ready: 'wizard-next',
      timezoneId: 'America/New_York',
    });
    const { page } = host;
    await page.locator('.game-option').filter({ hasText: 'Rocket League' }).click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-format').waitFor();
    // The keyboard goes on at the new step's top, not at Next below its fields (record 148).
    await expect.poll(() => focusedIn(page)).toBe('wizard-format');
    // Record 122: Europe's region is for hosts in Europe; New York's host starts on Global.
    expect(await page.locator('input[name="region"]:checked').inputValue()).toBe('GLOB');
    await page.getByTestId('chips-platform').getByText('PC', { exact: true }).click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('free-note').waitFor();
    await page.getByTestId('wizard-next').click();
    await page.getByLabel('Name').fill('Night Owls Cup');
    await page.getByLabel('Description').fill('Eight players, one evening, the best of one.');
    await page.getByLabel('Rules').fill('Screenshots of every result.');
    await page.getByTestId('wizard-next').click();

    await page.getByTestId('open-date-picker').click();
    await page.getByTestId('picker-zone').waitFor();
    // Hours are 0–23 in every language (SPEC §5); the line under them reads 20:30 as Americans do.
    expect(await page.getByTestId('picker-zone').textContent()).toBe('Times are in your time zone, Eastern Time.');
    expect(await page.getByTestId('picker-preview').count()).toBe(0);
    await page.getByTestId('picker-hours').fill('20');
    await page.getByTestId('picker-minutes').fill('30');
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator('.calendar-day:not([aria-disabled])').filter({ hasText: /^15$/ }).click();
    await expect
      .poll(() => page.getByTestId('picker-preview').textContent())
      .toMatch(/^Starts \w+day, \w+ 15, \d{4} at 8:30\sPM\.$/);
    await shot(host, 'date-picker-en-US');
    await page.getByTestId('date-picker-done').click();
    await expect.poll(() => page.getByTestId('chosen-start').textContent()).toMatch(/15, \d{4} at 8:30\sPM$/);
  });

  it("the wizard's steps are in the browser's history: Back and Forward walk them, a reload keeps its step, Cancel leaves from any", async () => {
    const hostUser = await verifiedUser();
    const host = await signedIn(hostUser.email, { at: '/tournaments' });
    const { page } = host;
    await page.getByRole('link', { name: 'Host a tournament' }).click();
    await page.locator('.game-option').filter({ hasText: 'Rocket League' }).click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('chips-platform').getByText('PC', { exact: true }).click();
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-entry').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?step=3');
    // Back walked out of the wizard from any step (walk AD); it now walks its steps, and Forward too.
    await page.goBack();
    await page.getByTestId('wizard-format').waitFor();
    await page.goBack();
    await page.getByTestId('wizard-game').waitFor();
    expect(await page.locator('.game-option input:checked').count()).toBe(1);
    await page.goForward();
    await page.getByTestId('wizard-format').waitFor();
    await page.reload();
    await page.getByTestId('wizard-format').waitFor();
    expect(await page.getByTestId('chips-platform').locator('input:checked').count()).toBe(1);
    // The wizard says it carries on with the kept draft (it said nothing; record 190), until the next step.
    expect(await page.getByTestId('draft-resumed').textContent()).toContain(
      'You are carrying on with the tournament you started earlier.',
    );
    // Cancel leaves the wizard, however many steps it took, for the page before it (after a reload too).
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-entry').waitFor();
    expect(await page.getByTestId('draft-resumed').count()).toBe(0);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('discard-draft').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tournaments');
    // Back in the wizard, a new draft: its first step, in the wizard's one entry (the discarded
    // draft's step, still in memory, once left an entry behind it).
    await page.getByRole('link', { name: 'Host a tournament' }).click();
    await page.getByTestId('wizard-game').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tournaments');
    // A step the draft cannot open (here a new one's last) gives way to the draft's own.
    await page.goto(`${WEB}/tournaments/add?step=6`);
    await page.getByTestId('wizard-game').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // Start over asks as Cancel does, then clears the draft where the host is.
    await page.locator('.game-option').filter({ hasText: 'Rocket League' }).click();
    await page.reload();
    await page.getByTestId('draft-start-over').click();
    await page.getByTestId('discard-draft').getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => page.locator('.game-option input:checked').count()).toBe(0);
    expect(await page.getByTestId('draft-resumed').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/tournaments/add');
    expect(host.errors).toEqual([]);
  });
});
