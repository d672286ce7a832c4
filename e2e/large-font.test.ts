import { expect, it, describe } from 'vitest';
import type { Page } from 'playwright-core';
import { verifiedUser } from '../functions/test/helpers';
import { defaultFont, shot, useSignedInBrowsers } from './browser';

const signedIn = useSignedInBrowsers();

/** How far the page reaches past the window's right edge (0: nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The right edge of `selector`'s first element, and of its `within` ancestor's content. */
const rightEdges = (page: Page, selector: string, within: string) =>
  page.evaluate(
    ([selector, within]) => {
      const element = document.querySelector(selector)!;
      const box = element.closest(within)!;
      const style = getComputedStyle(box);
      return [
        element.getBoundingClientRect().right,
        box.getBoundingClientRect().right - parseFloat(style.paddingRight) - parseFloat(style.borderRightWidth),
      ];
    },
    [selector, within] as const,
  );

/**
 * A player whose default font is 24 px (walk AG, record 190): the layouts come at wider windows
 * (breakpoints in em), and widths set in rem grow with the text, so nothing runs past the window.
 */
describe('a default font of 24 px', () => {
  it('on a laptop: the user menu fits the window down to Log out', async () => {
    const user = await verifiedUser();
    const browser = await signedIn(user.email, { width: 1280, height: 800 });
    await defaultFont(browser, 24);
    const { page } = browser;
    await page.getByTestId('user-menu').getByRole('button').first().click();
    const logOut = page.getByRole('menuitem', { name: 'Log out' });
    await logOut.waitFor();
    // Its items wrapped in a panel 240 px wide, and Log out lay below the window (818 of 800 px).
    const box = (await logOut.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    expect(await overflow(page)).toBe(0);
  });

  it('on a phone: every step of the wizard fits the window, the calendar its card, Create the screen', async () => {
    const user = await verifiedUser();
    const browser = await signedIn(user.email, {
      at: '/tournaments/add',
      ready: 'wizard-next',
      width: 390,
      height: 844,
    });
    await defaultFont(browser, 24);
    const { page } = browser;
    // The games: one column where a name does not fit beside its picture (they spilled over each other).
    await page.locator('.game-option').filter({ hasText: 'Rocket League' }).click();
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('chips-platform').getByText('PC', { exact: true }).click();
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('free-note').waitFor();
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('wizard-next').click();
    await page.getByLabel('Name').fill('Large Print Cup');
    await page.getByLabel('Description').fill('Eight players, one evening.');
    await page.getByLabel('Rules').fill('Screenshots of every result.');
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('wizard-next').click();
    // The calendar's week within its card (Sunday lay on and past its border).
    await page.getByTestId('open-date-picker').click();
    await page.getByTestId('picker-zone').waitFor();
    const [week, card] = await rightEdges(page, '.calendar-grid', '.date-time-picker');
    expect(week).toBeLessThanOrEqual(card! + 0.5);
    await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator('.calendar-day:not([aria-disabled])').filter({ hasText: /^15$/ }).click();
    await page.getByTestId('date-picker-done').click();
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-review').waitFor();
    // The review: Create tournament was half off the screen, the page 502 px wide.
    expect(await overflow(page)).toBe(0);
    await page.getByTestId('create-tournament').scrollIntoViewIfNeeded();
    const create = (await page.getByTestId('create-tournament').boundingBox())!;
    expect(create.x + create.width).toBeLessThanOrEqual(390);
    await shot(browser, 'large-font-wizard-review');
    expect(browser.errors).toEqual([]);
  });
});
