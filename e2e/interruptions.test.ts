import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDb, createTournament, fundsOf, verifiedUser } from '../functions/test/helpers';
import { bundleOnSale } from '../functions/test/wallet-helpers';
import { listensAnswered, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

/** Answers' statuses, a success as `ok`, sorted. */
const outcomes = (statuses: number[]) => statuses.map((status) => (status < 300 ? 'ok' : String(status))).sort();

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
      .getByText('You are offline. The page shows what it last had, and nothing is sent until the connection is back.')
      .waitFor();
    // The leaderboards' code is not loaded yet: the page waits for it, in place of reloading into the
    // browser's own offline page (which stayed blank after Back).
    await page.locator('header').getByRole('link', { name: 'Leaderboards' }).click();
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tournaments');
    await shot(browser, 'offline-waiting');
    await page.context().setOffline(false);
    await page.getByRole('heading', { level: 1, name: 'Leaderboards' }).waitFor();
    await offline.waitFor({ state: 'detached' });
    expect(browser.loads()).toBe(loads);

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
    await expect.poll(() => outcomes(answers)).toEqual(['409', 'ok']);
    for (const tab of [tabA, tabB]) expect(await errorIn(tab).count()).toBe(0);
    expect(await fundsOf(playerUser.uid)).toBe(370);

    // The same with Leave: refunded once, and each tab says the player left.
    for (const tab of [tabA, tabB]) {
      await tab.getByTestId('leave').click();
      await tab.getByTestId('confirm-leave').waitFor();
    }
    await pressBoth('confirm-leave');
    for (const tab of [tabA, tabB])
      await tab
        .getByTestId('left-tournament')
        .getByText('You left this tournament: your 130 coins are back in your balance.')
        .waitFor();
    await expect.poll(() => outcomes(answers.slice(2))).toEqual(['409', 'ok']);
    for (const tab of [tabA, tabB]) expect(await errorIn(tab).count()).toBe(0);
    await shot(browser, 'two-tabs-left');
    expect(await fundsOf(playerUser.uid)).toBe(500);
    expect(browser.errors).toEqual([]);
  });
});
