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

/**
 * The next request to `pattern` is made, and its answer thrown away before the page has it: a phone's
 * connection lost on the way back (walk AH). `early`: the page hears of the failure at once, before
 * the server has done it (a slow phone's live update then comes after the failure).
 */
async function loseAnswerOnce(page: Page, pattern: string, { early = false } = {}): Promise<() => Promise<void>> {
  let lost = () => {};
  const gone = new Promise<void>((resolve) => (lost = resolve));
  await page.route(
    pattern,
    async (route) => {
      const made = route.fetch();
      if (!early) await made;
      await route.abort();
      lost();
      await made;
    },
    { times: 1 },
  );
  // What resolves once the page has been told of the failure (a function: an async one's promise
  // would be awaited with it).
  return () => gone;
}

/** A wizard's draft at its review step, as the wizard keeps one in the browser. */
const reviewDraft = (name: string) => ({
  state: {
    step: 5,
    reached: 5,
    game: 'rocket-league',
    region: 'EU',
    platform: ['PC'],
    gameFormat: 'SOLO',
    teamSize: 1,
    size: 8,
    bracket: 'ELIMINATION',
    grandFinalReset: true,
    swissRounds: null,
    bestOf: 1,
    finalBestOf: 1,
    checkInMinutes: 10,
    bothAbsent: 'HIGHER_SEED',
    entryFee: 0,
    payoutStructure: 'winner-takes-all',
    name,
    description: 'Best of one, the higher seed picks the arena. Be on time.',
    rules: 'No cheats.',
    startTime: Date.now() + 3 * 86_400_000,
    cover: null,
    terms: true,
  },
  version: 0,
});

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

  it('an answer lost on the way back: Create pressed again makes one tournament; a join and a chat message that went through say so', async () => {
    const host = await verifiedUser();
    const browser = await signedIn(host.email, { at: '/tournaments' });
    const { page } = browser;
    const name = `Lost Answer Cup ${randomUUID().slice(0, 6)}`;
    await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [
      'versus:tournamentDraft',
      JSON.stringify(reviewDraft(name)),
    ] as const);
    await page.goto(`${WEB}/tournaments/add?step=6`);
    const create = page.getByRole('button', { name: 'Create tournament' });
    await loseAnswerOnce(page, '**/api/tournaments/create');
    await create.click();
    // It was made: the page says it may have been, and that pressing again is safe.
    await page
      .getByText('No answer came, so it may have gone through. Trying again is safe: it will not happen twice.')
      .waitFor();
    await create.click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/tournaments\/(?!add$)[^/]+$/);
    const made = await adminDb.collection('tournaments').where('uid', '==', host.uid).get();
    expect(made.docs.map((doc) => doc.get('name') as string)).toEqual([name]);
    // Its start names the viewer's zone, as players in other zones agree on a time by it.
    const zone = await page.evaluate(
      (at) =>
        new Intl.DateTimeFormat('en-GB', { timeZoneName: 'short' })
          .formatToParts(at)
          .find((part) => part.type === 'timeZoneName')!.value,
      made.docs[0]!.get('startTime') as number,
    );
    expect(await page.getByTestId('start-time').textContent()).toMatch(
      new RegExp(` at \\d\\d:\\d\\d ${zone.replace('+', '\\+')}$`),
    );

    // The host plays in their free cup: the join went through, and the panel says so, with no error.
    const joinLost = await loseAnswerOnce(page, '**/api/tournaments/*/join');
    await page.getByTestId('join').click();
    await page.getByTestId('tournament-status').getByText('You are in.', { exact: false }).waitFor();
    await joinLost();
    await settled(page);
    expect(await page.locator('.status-panel .form-error').count()).toBe(0);
    // Nor does a leave bring the join's error back.
    await page.getByTestId('leave').click();
    await page.getByTestId('confirm-leave').click();
    await page.getByTestId('left-tournament').waitFor();
    await settled(page);
    expect(await page.locator('.status-panel .form-error').count()).toBe(0);

    // A chat message stored after its failure was heard: back in the box with the error, then, once
    // the room shows it, the box gives it up and the error goes, so Enter cannot post it twice.
    await page.getByTestId('chat-open').click();
    const input = page.getByTestId('chat-input');
    await loseAnswerOnce(page, '**/api/rooms/*/sendMessage', { early: true });
    await input.fill('Lost on the way back');
    await input.press('Enter');
    await page.getByTestId('chat-messages').getByText('Lost on the way back', { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    await expect.poll(() => page.getByText('Could not reach Versus', { exact: false }).count()).toBe(0);
    // Offline, the room says so itself: on a phone it covers the page's notice.
    await page.context().setOffline(true);
    await page
      .getByTestId('chat-offline')
      .getByText('You are offline: messages can be sent once the connection is back.')
      .waitFor();
    await page.context().setOffline(false);
    await page.getByTestId('chat-offline').waitFor({ state: 'detached' });
    await shot(browser, 'lost-answers');
    expect(browser.errors).toEqual([]);
  });
});
