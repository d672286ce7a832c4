import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDb, createTournament, fundsOf, verifiedUser } from '../functions/test/helpers';
import { bundleOnSale } from '../functions/test/wallet-helpers';
import { listensAnswered, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

/** Whether the answers hold exactly one success and a refusal (a `busy` one is tried again). */
const oneWon = (statuses: number[]) =>
  statuses.filter((status) => status < 300).length === 1 && statuses.some((status) => status === 409);

/** After the page has handled what it was answered: its handlers and a render. */
const settled = (tab: Page) =>
  tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));

// What a lost network, a second tab and the browser's Back do to a player's flow (walk AD).
describe('interruptions', () => {
  it('offline: every page says so; a page not loaded yet opens once the network is back, without a reload; a purchase that could not start tries again', async () => {
    const [buyer] = await Promise.all([
      verifiedUser(),
      bundleOnSale(),
      // As e2e/wallet.test.ts sets them: any bundle may be bought.
      adminDb.doc('settings/wallet').set({ minimumPurchase: 0 }, { merge: true }),
    ]);
    const browser = await signedIn(buyer.email, { at: '/tournaments' });
    const { page } = browser;
    const loads = browser.loads();
    const offline = page.getByTestId('offline');
    await page.context().setOffline(true);
    await offline
      .getByText(
        'You are offline: the page shows what it last had, and nothing can be sent now. Try again once the connection is back.',
      )
      .waitFor();
    // The leaderboards' code is not loaded yet: the page waits for it, in place of reloading into the
    // browser's own offline page (which stayed blank after Back).
    const chunk = page.waitForEvent('requestfailed', (request) => request.url().includes('/assets/leaderboards-page-'));
    await page.locator('header').getByRole('link', { name: 'Leaderboards' }).click();
    await chunk;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tournaments');
    await shot(browser, 'offline-waiting');
    await page.context().setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Leaderboards' }).waitFor();
    await offline.waitFor({ state: 'detached' });
    expect(browser.loads()).toBe(loads);
    // With its styles: the stylesheet that failed offline is asked for again.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/assets/leaderboards-page-')),
        ),
      )
      .toBe(true);

    // A purchase whose order could not be made offers to try again, as a declined one does.
    await page.getByTestId('coin-balance').click();
    await page.getByTestId('coin-shop').waitFor();
    await page.context().setOffline(true);
    await offline.waitFor();
    await page.getByTestId('product-coins-130').getByRole('button').click();
    await page.getByText('Could not reach Versus. Check your connection and try again.').waitFor();
    await page.context().setOffline(false);
    await offline.waitFor({ state: 'detached' });
    await page.getByTestId('checkout-retry').click();
    await page.getByRole('button', { name: 'Approve in sandbox' }).click();
    await page.getByTestId('checkout-completed').waitFor();
    expect(await fundsOf(buyer.uid)).toBe(130);
    expect(browser.errors).toEqual([]);
  });

  it('two tabs of one player: a join or a leave pressed in both is done once, and the slower tab says what is so, not an error', async () => {
    const [hostUser, playerUser] = await Promise.all([verifiedUser(), verifiedUser(500)]);
    const cup = await createTournament(hostUser.token, {
      name: `Two Tabs Cup ${randomUUID().slice(0, 6)}`,
      game: 'csgo',
      entryFee: 130,
      startTime: Date.now() + 2 * 3_600_000,
    });
    expect(cup.status).toBe(201);
    const at = `/tournaments/${cup.body.id as string}`;
    const browser = await signedIn(playerUser.email, { at, ready: 'join' });
    const tabA = browser.page;
    const tabB = await tabA.context().newPage();
    await tabB.goto(`${WEB}${at}`);
    await tabB.getByTestId('join').waitFor();
    await listensAnswered(browser);
    const answers: number[] = [];
    tabA.context().on('response', (response) => {
      if (/\/api\/tournaments\/[^/]+\/(join|leave)$/.test(response.url())) answers.push(response.status());
    });
    const statusOf = (tab: Page) => tab.getByTestId('tournament-status');
    const errorIn = (tab: Page) => tab.locator('.status-panel .form-error');

    // Both ask, then both say yes at once: one join, one 409, and both tabs say the player is in.
    for (const tab of [tabA, tabB]) {
      await tab.getByTestId('join').click();
      await tab.getByTestId('confirm-join').waitFor();
    }
    // Pressed in the same moment (a click waits for a still button, and the other tab's answer came first).
    const pressBoth = (testId: string) =>
      Promise.all([tabA, tabB].map((tab) => tab.getByTestId(testId).evaluate((button: HTMLElement) => button.click())));
    await pressBoth('confirm-join');
    for (const tab of [tabA, tabB]) await statusOf(tab).getByText('You are in.', { exact: false }).waitFor();
    await expect.poll(() => oneWon(answers)).toBe(true);
    for (const tab of [tabA, tabB]) {
      await settled(tab);
      expect(await errorIn(tab).count()).toBe(0);
    }
    expect(await fundsOf(playerUser.uid)).toBe(370);

    // The same with Leave: refunded once, and each tab says the player left.
    for (const tab of [tabA, tabB]) {
      await tab.getByTestId('leave').click();
      await tab.getByTestId('confirm-leave').waitFor();
    }
    const joins = answers.length;
    await pressBoth('confirm-leave');
    for (const tab of [tabA, tabB])
      await tab
        .getByTestId('left-tournament')
        .getByText('You left this tournament: your 130 coins are back in your balance.')
        .waitFor();
    await expect.poll(() => oneWon(answers.slice(joins))).toBe(true);
    for (const tab of [tabA, tabB]) {
      await settled(tab);
      expect(await errorIn(tab).count()).toBe(0);
    }
    await shot(browser, 'two-tabs-left');
    expect(await fundsOf(playerUser.uid)).toBe(500);
    expect(browser.errors).toEqual([]);
  });
});
