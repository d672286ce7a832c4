import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PASSWORD, verifiedUser } from '../functions/test/helpers';
import { defaultFont, openBrowser, WEB } from './browser';

/**
 * The header on every screen: its tooltip, its menus on a tablet and at 400 % zoom, the current page
 * in forced colours, and what a signed-in player keeps when its menus cannot load.
 */

describe('the header', () => {
  it("the disabled Shop's tooltip opens below it, inside the window (record 131)", async () => {
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(`${WEB}/`);
      await page.locator('.main-nav .tooltip-host').focus();
      const tooltip = page.getByRole('tooltip', { name: 'The merch shop opens soon' });
      await expect.poll(() => tooltip.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      const box = (await tooltip.boundingBox())!;
      const shop = (await page.locator('.main-nav .tooltip-host').boundingBox())!;
      expect(box.y).toBeGreaterThan(shop.y + shop.height);
      expect(box.y + box.height).toBeLessThan(page.viewportSize()!.height);
      // A player's larger default font (24 px) puts the links in the ☰ menu at 1,280 px too, as the
      // breakpoints are in em: in px, the links wrapped there (walk AE, record 190).
      await page.setViewportSize({ width: 1280, height: 800 });
      expect(await page.locator('.header-nav').isVisible()).toBe(true);
      await defaultFont(browser, 24);
      await expect.poll(() => page.locator('.header-nav').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
      await defaultFont(browser, 16);
      // On a tablet its links are in the ☰ menu: wrapped onto a second row, the header's height cut
      // them (walk AC, 768 to 1,024 px wide).
      await page.setViewportSize({ width: 900, height: 800 });
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.waitFor();
      expect(await page.locator('.header-nav').isVisible()).toBe(false);
      // Pressed again until it opens, as a player would: the prerendered page shows the button before
      // React has hydrated it (one run's press came first, and the menu never opened).
      const leaderboards = page.locator('.mobile-menu').getByRole('link', { name: 'Leaderboards' });
      await expect
        .poll(
          async () => {
            if (!(await leaderboards.isVisible())) await menu.click();
            return leaderboards.isVisible();
          },
          { interval: 500 },
        )
        .toBe(true);
      // At 400 % zoom (320×256) the menu scrolls inside the window: its last item had lain below it,
      // out of reach of the keyboard's focus too (walk AE).
      await page.setViewportSize({ width: 320, height: 256 });
      const last = page.locator('.mobile-menu a').last();
      await last.focus();
      await expect
        .poll(async () => (await last.boundingBox())!.y + (await last.boundingBox())!.height)
        .toBeLessThan(257);
      // In forced colours the current page still stands out from the others: the palette's fill went
      // (walk AE). Read off the screen, at the top of each link, above its text.
      await page.emulateMedia({ forcedColors: 'active' });
      const fill = async (link: string) => {
        const shot = await page.locator(`.mobile-menu ${link}`).first().screenshot();
        const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
        const at = (2 * info.width + Math.floor(info.width / 2)) * info.channels;
        return [...data.subarray(at, at + 3)].join();
      };
      expect(await fill('a.active')).not.toBe(await fill('a:not(.active)'));
    } finally {
      await browser.close();
    }
  });
});

describe('the header of a signed-in player', () => {
  it('keeps the page, and a way to the account, when its menus cannot load', async () => {
    const me = await verifiedUser();
    const browser = await openBrowser();
    try {
      const { page } = browser;
      // The balance, notifications and user menu are one lazy chunk (app/header/signed-in-actions).
      let asked = 0;
      await page.route('**/assets/signed-in-actions-*.js', async (route) => {
        asked += 1;
        await route.abort();
      });
      await page.goto(`${WEB}/login`);
      await page.getByLabel('E-mail').fill(me.email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      // A lost chunk reloads the page once (a deploy replaces them); failing again, the header
      // shows a link to the profile instead of the menus, and the page stays.
      const link = page.getByRole('link', { name: 'Profile settings' });
      await link.waitFor();
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('coin-balance').count()).toBe(0);
      await expect.poll(() => page.locator('main').innerText()).not.toBe('');
      await link.click();
      await page.waitForURL(/\/profile\/settings$/);
      // Reloaded signed in, the prerendered page may need the lost chunk while it hydrates: React then
      // renders it on the client instead (main.tsx logs that), which is this test's recovery too.
      expect(browser.errors.filter((error) => !error.includes('fell back to a client render'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
