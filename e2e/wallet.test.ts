import { describe, expect, it } from 'vitest';
import {
  battleWonBy,
  adminDb,
  adminUser,
  agedWithdrawal,
  call,
  done,
  fundsOf,
  paypalCode,
  verifiedUser,
} from '../functions/test/helpers';
import { bundleOnSale } from '../functions/test/wallet-helpers';
import { focusedIn, holdRequests, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

async function ensureProducts() {
  await adminDb
    .doc('settings/wallet')
    .set({ minimumWithdrawal: 1000, minimumPurchase: 0, payoutCentsPer100Coins: 70 }, { merge: true });
  await bundleOnSale();
  await adminDb
    .doc('products/coins-590')
    .set({ active: true, bucks: 590, prices: { USD: 549, EUR: 499 }, offers: { 'en-GB': 'Popular' } });
  await adminDb
    .doc('products/coins-2750')
    .set({ active: true, bucks: 2750, prices: { USD: 2299, EUR: 2099 }, offers: {} });
}

/**
 * A creator with a code of this run's own: the seed's VERSUS is left to the seed (a VERSUS made here
 * for another user made `npm run seed` fail on these emulators afterwards).
 */
async function newCreator(): Promise<{ email: string; uid: string; token: string; code: string }> {
  const creator = await verifiedUser();
  const code = `FAN${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const { setCreatorCode } = await import('../functions/src/creators/service');
  await setCreatorCode(creator.uid, code, Date.now());
  return { uid: creator.uid, email: creator.email, token: creator.token, code };
}

describe('buying coins', () => {
  it('buys a bundle through the sandbox approval and sees the header balance rise live', async () => {
    await ensureProducts();
    const buyer = await verifiedUser(100);
    const browser = await signedIn(buyer.email, { at: '/leaderboards' });
    const { page } = browser;
    // The header's balance comes live, after the page: "…" until then.
    await page.getByTestId('coin-balance').filter({ hasText: '100' }).waitFor();

    await page.getByTestId('coin-balance').click();
    await page.getByTestId('coin-shop').waitFor();
    // Sorted by coins, priced in euros Finnish style for en-GB (SPEC §9), with the offer text.
    const options = await page.getByTestId('coin-shop').locator('li').allTextContents();
    expect(options[0]).toContain('130 coins');
    expect(options.join(' ')).toMatch(/4,99\s€/);
    expect(options.join(' ')).toContain('Popular');
    await shot(browser, 'shop');
    // Each button is named by its price and described by what it buys.
    const described = await page.getByTestId('product-coins-590').getByRole('button').getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toContain('590 coins');

    await page.getByTestId('product-coins-590').getByRole('button').click();
    await page.getByTestId('paypal-sandbox').waitFor();
    // The pressed bundle's button is gone with the shop: the keyboard goes on from the payment step.
    await expect.poll(() => focusedIn(page)).toBe('checkout-step');
    expect(await page.getByTestId('checkout').textContent()).toMatch(/590 coins for 4,99\s€/);
    // No creator code supported: no creator's share spoken of.
    expect(await page.getByTestId('checkout-supports').count()).toBe(0);
    await shot(browser, 'checkout');
    // The order is in the address: a reload shows the same order to pay, not a new one.
    await page.waitForURL(/[?&]order=/);
    const address = page.url();
    await page.reload();
    await page.getByTestId('paypal-sandbox').waitFor();
    expect(page.url()).toBe(address);
    await page.getByRole('button', { name: 'Approve in sandbox' }).click();
    await page.getByTestId('checkout-completed').waitFor();
    // And from what came of it, not from the page's top.
    await expect.poll(() => focusedIn(page)).toBe('checkout');
    await page.getByTestId('coin-balance').filter({ hasText: '690' }).waitFor();
    // Paid, then reloaded: the purchase reads as complete, with no second order and nothing to pay.
    await page.reload();
    await page.getByTestId('checkout-completed').waitFor();
    expect(await page.getByTestId('paypal-sandbox').count()).toBe(0);
    expect((await adminDb.collection('paypal_orders').where('uid', '==', buyer.uid).get()).size).toBe(1);
    // Paid: the header's way back no longer reads as undoing the purchase.
    const header = page.getByRole('banner');
    await header.getByRole('button', { name: 'Close' }).waitFor();
    expect(await header.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    // Come from the header, not sent for coins by a page: no way back to one is offered.
    expect(await page.getByTestId('checkout-back').count()).toBe(0);
    // The coins and their history are a link away (the header's balance opens the shop).
    expect(await page.getByRole('link', { name: 'Your coins and their history' }).getAttribute('href')).toBe(
      '/profile/coins',
    );
    // On the narrowest phone both ways on stay inside the card.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 640 });
    const card = (await page.getByTestId('checkout').boundingBox())!;
    for (const way of [page.getByTestId('checkout-see-coins'), page.getByRole('button', { name: 'Buy more coins' })]) {
      const box = (await way.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width - 16);
    }
    await page.setViewportSize(wide);
    await shot(browser, 'checkout-completed');
    expect(await fundsOf(buyer.uid)).toBe(690);
    // Close leaves the shop and the purchase for the page the buyer came from.
    await header.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(`${WEB}/leaderboards`);
    // Bought coins are withdrawable once played (DESIGN §5): the balance's tooltip and the withdraw tab say so.
    expect(await page.getByTestId('coin-balance').getAttribute('title')).toContain(
      '100 of your 690 coins can be withdrawn',
    );
    await page.goto(`${WEB}/profile/withdraw`);
    expect(await page.getByTestId('withdrawable').textContent()).toMatch(/You can withdraw 100 coins \(0,70\s€\)/);
    expect(await page.textContent('body')).toContain('590 bought coins can be withdrawn once you have played them');
    // Below the minimum no amount could pass: the tab says so instead of offering a form.
    expect(await page.getByTestId('withdraw-not-yet').textContent()).toBe(
      'You cannot withdraw yet: withdrawals start at 1,000 coins and you have 100 withdrawable. 900 more coins to go.',
    );
    expect(await page.getByLabel('Coins to withdraw').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('shows a declined card clearly and credits nothing', async () => {
    await ensureProducts();
    const buyer = await verifiedUser();
    const browser = await signedIn(buyer.email, { at: '/en-US/checkout?product=coins-130&currency=USD' });
    const { page } = browser;
    await page.getByTestId('paypal-sandbox').waitFor();
    expect(await page.getByTestId('checkout').textContent()).toContain('130 coins for $1.29');
    await page.getByRole('button', { name: 'Pay with a declined card' }).click();
    await page.getByTestId('checkout-failed').waitFor();
    expect(await page.getByTestId('checkout-failed').textContent()).toContain('declined');
    await expect.poll(() => focusedIn(page)).toBe('checkout');
    expect(await fundsOf(buyer.uid)).toBe(0);
    // Try again: the same bundle as a new order (the declined one is final), its buttons anew.
    const declined = new URL(page.url()).searchParams.get('order');
    await page.getByTestId('checkout-retry').click();
    await page.getByTestId('paypal-sandbox').waitFor();
    await expect
      .poll(() => {
        const order = new URL(page.url()).searchParams.get('order');
        return order !== null && order !== declined;
      })
      .toBe(true);
    // The keyboard stayed in the checkout, not on the page's body.
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    // Nothing was bought: the way back is still a cancel, and with the checkout the tab's first page
    // it goes home, not out of Versus.
    await page.getByRole('banner').getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${WEB}/en-US`);
    // A buyer who leaves while the order is being made: the shop they went back to keeps its
    // address (the order's answer arrives after, and used to rewrite it into that purchase).
    await page.goto(`${WEB}/leaderboards?period=this-month`);
    await page.getByTestId('coin-balance').click();
    await page.getByTestId('coin-shop').waitFor();
    const release = await holdRequests(page, '**/createPurchaseIntent', { limitMs: null });
    await page.getByTestId('product-coins-130').getByRole('button').click();
    await page.getByText('Preparing your order…').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('coin-shop').waitFor();
    const answered = page.waitForResponse('**/createPurchaseIntent');
    release();
    await answered;
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(page.url()).toBe(`${WEB}/checkout`);
    await page.getByTestId('coin-shop').waitFor();
    // An order that is not the buyer's (or not there) is not shown, and no new one is made for it
    // (the declined one, its retry and the one made as the buyer left are theirs).
    await page.goto(`${WEB}/en-US/checkout?product=coins-130&currency=USD&order=NOT-AN-ORDER`);
    await page.getByText('We could not find this purchase. Choose a coin bundle to start a new one.').waitFor();
    expect((await adminDb.collection('paypal_orders').where('uid', '==', buyer.uid).get()).size).toBe(3);
    // Back to the bundles: the keyboard goes on from them.
    await page.getByRole('button', { name: 'Back to the coin bundles' }).click();
    await page.getByTestId('coin-shop').waitFor();
    await expect.poll(() => focusedIn(page)).toBe('checkout-step');
  });

  it("supporting a creator's code makes the creator's balance rise after a purchase", async () => {
    await ensureProducts();
    const creator = await newCreator();
    const fan = await verifiedUser();
    const fanBrowser = await signedIn(fan.email);
    const { page } = fanBrowser;

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Support a creator' }).click();
    // No code is that long: the form says so (it said "This field is required" of a filled field).
    // What supporting costs and gives, before the code (record 132).
    expect(await page.getByTestId('support-creator-how').textContent()).toBe(
      'Supporting costs you nothing: whenever you buy coins, the creator earns 5% of them on top, from Versus.',
    );
    await page.getByLabel('Creator code').fill('C'.repeat(33));
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    await page.getByText('A creator code has at most 32 characters').waitFor();
    // Typed as people type it: spaces around, lower case.
    await page.getByLabel('Creator code').fill(`  ${creator.code.toLowerCase()} `);
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    await page.getByText(`with the code ${creator.code}`).waitFor();
    await page.keyboard.press('Escape');
    // Closed, the keyboard is back on the menu's button (the item that opened it is gone).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Open user menu');
    // Opened again, it says which code the player supports now.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Support a creator' }).click();
    expect(await page.getByTestId('support-creator-current').locator('p').textContent()).toBe(
      `You support the code ${creator.code} now. A new code takes its place.`,
    );
    await page.keyboard.press('Escape');

    const creatorBrowser = await signedIn(creator.email);
    await creatorBrowser.page
      .getByTestId('creator-dropdown')
      .getByRole('button')
      .first()
      .click()
      .catch(async (error: unknown) => {
        // Rarely (3 of about 10 full runs) the header shows no creator chip: say whether the stored
        // profile had the code, to tell a lost write from a page that did not follow it.
        const stored = (await adminDb.doc(`users/${creator.uid}`).get()).data();
        console.error(`creator chip missing; stored profile creatorCode: ${String(stored?.creatorCode)}`);
        throw error;
      });
    const before = Number((await creatorBrowser.page.getByTestId('creator-balance').textContent())!.replace(/\D/g, ''));
    // A new creator: nothing earned, and the chart's line says so (record 143).
    expect(before).toBe(0);
    expect(await creatorBrowser.page.getByTestId('chart-summary').textContent()).toBe('nothing earned yet');
    // The creator was told of the new supporter, not who it is (record 144).
    await creatorBrowser.page.goto(`${WEB}/notifications`);
    await creatorBrowser.page
      .getByText(
        'A player chose your creator code. You earn 5% of the coins they buy, and your menu counts them among your supporters.',
      )
      .waitFor();

    await page.goto(`${WEB}/checkout?product=coins-2750&currency=EUR`);
    // The checkout names the code it supports, and the creator's share of this purchase.
    expect(await page.getByTestId('checkout-supports').textContent()).toBe(
      `You support the creator code ${creator.code}: while it is active, its creator earns 137 coins from this purchase, at no cost to you.`,
    );
    await page.getByRole('button', { name: 'Approve in sandbox' }).click();
    await page.getByTestId('checkout-completed').waitFor();

    // Creator data refreshes on opening, at most every 30 s: a new session opens it fresh.
    const creatorAgain = await signedIn(creator.email);
    await creatorAgain.page.getByTestId('creator-dropdown').getByRole('button').first().click();
    await creatorAgain.page
      .getByTestId('creator-balance')
      .filter({ hasText: String(before + 137) })
      .waitFor();
    expect(Number((await creatorAgain.page.getByTestId('creator-supporters').textContent())!)).toBeGreaterThan(0);
    // How old the figures are, and how earnings work (record 132).
    const panel = creatorAgain.page.getByTestId('creator-panel');
    expect(await panel.getByTestId('creator-updated').textContent()).toMatch(
      /^As of \d\d:\d\d:\d\d; refreshed when you open this menu, at most every 30 seconds\.$/,
    );
    await panel
      .getByText(
        'Share your code: you earn 5% of the coins your supporters buy, at no cost to them. 100 coins pay out as 0,70',
        { exact: false },
      )
      .waitFor();
    // The chart's figures are written out: a line any screen shows, and a table of the 14 days.
    expect(await panel.getByTestId('chart-summary').textContent()).toMatch(
      /^137 coins in all, the most on \d{1,2} [A-Z][a-z]{2} \(137\)$/,
    );
    expect(await panel.locator('.earnings-chart table tbody tr').count()).toBe(14);
    await shot(creatorAgain, 'creator-dropdown');
    // The coins tab names the balance a creator balance line shows, beside the coins' own (walk Z).
    await creatorAgain.page.goto(`${WEB}/profile/coins`);
    const history = creatorAgain.page.getByTestId('coin-history');
    const earning = history.locator('tbody tr', { hasText: "Creator earning from a supporter's purchase" });
    expect(await earning.locator('td').last().textContent()).toBe('137Creator balance');
    await history
      .getByText('Every change to your coins and to your creator balance, newest first. On a creator balance line', {
        exact: false,
      })
      .waitFor();

    // The fan stops supporting: the creator counts one supporter fewer (walk Z: only a swap was possible).
    const supporters = async () => (await adminDb.doc(`creators/${creator.uid}`).get()).get('numberSupporting');
    expect(await supporters()).toBe(1);
    await page.goto(`${WEB}/`);
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Support a creator' }).click();
    await page.getByRole('button', { name: `Stop supporting ${creator.code}` }).click();
    await page
      .getByTestId('support-creator-stopped')
      .getByText('You no longer support a creator: your purchases no longer earn a creator anything.', { exact: false })
      .waitFor();
    expect(await page.getByTestId('support-creator-current').count()).toBe(0);
    expect(await supporters()).toBe(0);
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBeNull();
    expect(fanBrowser.errors).toEqual([]);
  });

  it("a creator's profile shows their code, and another player supports it from there", async () => {
    const creator = await newCreator();
    const fan = await verifiedUser();
    const { page, errors } = await signedIn(fan.email, { at: `/user/${creator.uid}` });
    const code = page.getByTestId('creator-code');
    await code.getByText(`Creator code: ${creator.code}`).waitFor();
    await code.getByRole('button', { name: 'Support this creator' }).click();
    // The form comes filled in with the code.
    const modal = page.getByTestId('support-creator-modal');
    expect(await modal.getByLabel('Creator code').inputValue()).toBe(creator.code);
    await modal.getByRole('button', { name: 'Support', exact: true }).click();
    await modal.getByText(`with the code ${creator.code}`).waitFor();
    await page.keyboard.press('Escape');
    await code.getByText('You support this creator').waitFor();
    expect((await adminDb.doc(`users/${fan.uid}/private/account`).get()).get('supportingCreatorCode')).toBe(
      creator.code,
    );
    expect(errors).toEqual([]);
  });
});

describe('withdrawing', () => {
  it('connects PayPal through the consent page and withdraws coins, listed in the history', async () => {
    const player = await verifiedUser(2500);
    const browser = await signedIn(player.email, { at: '/profile/withdraw' });
    const { page } = browser;
    await page.getByRole('link', { name: 'Connect PayPal' }).click();
    await page.getByTestId('paypal-connect').waitFor();
    await page.getByRole('button', { name: 'Connect with PayPal' }).click();
    // The stand-in's consent page, as PayPal's would be.
    await page.getByLabel('PayPal account e-mail').fill(`payee-${player.uid}@example.com`);
    await page.getByRole('button', { name: 'Agree and connect' }).click();
    await page.getByTestId('paypal-connected').waitFor();
    expect(await page.getByTestId('paypal-connected').textContent()).toContain(`payee-${player.uid}@example.com`);
    // Connected, the button offers another account, not the same connection again.
    expect(await page.getByRole('button', { name: 'Connect another PayPal account' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Connect with PayPal' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Withdraw coins' }).click();
    // The history listed (empty) first, so the withdrawal is seen arriving in a loaded list (records
    // 101, 102).
    await page.getByText('You have not withdrawn anything yet.').waitFor();
    expect(await page.getByTestId('withdraw-creator').count()).toBe(0);
    await page.getByLabel('Coins to withdraw').fill('500');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('The minimum is 1,000 coins').waitFor();
    await page.getByLabel('Coins to withdraw').fill('1100');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    // A withdrawal cannot be taken back: it asks once more, naming the coins, the money and the account.
    const confirm = page.getByTestId('withdraw-confirm');
    await confirm.waitFor();
    // The keyboard's place goes to the question, and back to the button after Back (record 107).
    await expect.poll(() => focusedIn(page)).toBe('withdraw-confirm');
    expect(await confirm.textContent()).toMatch(
      new RegExp(
        `^Withdraw 1,100 coins\\? You receive 7,70\\s€ in the PayPal account payee-${player.uid}@example\\.com\\.`,
      ),
    );
    // Back sends nothing; another amount asks again, for that amount.
    await confirm.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).waitFor();
    await expect.poll(() => focusedIn(page)).toBe('Withdraw');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await confirm.filter({ hasText: 'Withdraw 1,100 coins?' }).waitFor();
    // Enter in the field asks again; it never sends.
    await page.getByLabel('Coins to withdraw').press('Enter');
    await page.getByLabel('Coins to withdraw').press('Enter');
    await confirm.filter({ hasText: 'Withdraw 1,100 coins?' }).waitFor();
    expect(await fundsOf(player.uid)).toBe(2500);
    // Another amount hides the question; submitting asks for that amount.
    await page.getByLabel('Coins to withdraw').fill('1200');
    expect(await confirm.count()).toBe(0);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect.poll(() => focusedIn(page)).toBe('withdraw-confirm');
    await shot(browser, 'withdraw-confirm');
    expect(await fundsOf(player.uid)).toBe(2500);
    await confirm.getByRole('button', { name: /^Yes, withdraw 8,40\s€$/ }).click();
    await page
      .getByTestId('withdraw-result')
      .filter({ hasText: 'Paid: 8,40 € went to your PayPal account.' })
      .waitFor();
    expect(await confirm.count()).toBe(0);
    await page.getByTestId('payout-history').getByText('Paid').waitFor();
    await page.getByTestId('coin-balance').filter({ hasText: '1,300' }).waitFor();
    await shot(browser, 'withdraw');
    expect(await fundsOf(player.uid)).toBe(1300);

    // The coins tab lists both movements, newest first, with the balance after each.
    await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Coins' }).click();
    const history = page.getByTestId('coin-history');
    await history.getByText('Withdrawal to PayPal').waitFor();
    const rows = history.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    const cells = async (row: number) => (await rows.nth(row).locator('td').allTextContents()).slice(1);
    expect(await cells(0)).toEqual(['−1,200', '1,300']);
    expect(await cells(1)).toEqual(['+2,500', '2,500']);
    expect(await rows.nth(0).locator('td').first().textContent()).toContain('Withdrawal to PayPal');
    expect(await rows.nth(1).locator('td').first().textContent()).toContain('Coins granted');
    await shot(browser, 'coin-history');

    await page.goto(`${WEB}/profile/connections`);
    expect(await page.getByTestId('connection-paypal').textContent()).toContain(`payee-${player.uid}@example.com`);
  });
});

describe('a creator redeeming', () => {
  it('asks once more, naming the money and the account, then pays the whole creator balance out', async () => {
    await ensureProducts();
    const creator = await newCreator();
    const { applyBalanceChange } = await import('../functions/src/wallet/ledger');
    const { runOptimistic } = await import('../functions/src/platform/optimistic');
    await runOptimistic((tx) =>
      applyBalanceChange(
        tx,
        { uid: creator.uid, account: 'creator', delta: 1500, reason: 'creator-earning', ref: 'e2e' },
        Date.now(),
      ),
    );
    const email = `creator-${creator.uid}@example.com`;
    await done('/profile/paypal', { token: creator.token, body: { code: await paypalCode(email) } });
    const browser = await signedIn(creator.email);
    const { page } = browser;
    // Their own code, entered to support: the form says why it is refused (record 132).
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Support a creator' }).click();
    await page.getByLabel('Creator code').fill(creator.code);
    await page.getByRole('button', { name: 'Support', exact: true }).click();
    await page
      .getByTestId('support-creator-modal')
      .getByText('This is your own creator code: you can support another creator.')
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('creator-dropdown').getByRole('button').first().click();
    const panel = page.getByTestId('creator-panel');
    await panel.getByRole('button', { name: 'Redeem 1,500 coins' }).click();
    const confirm = panel.getByTestId('redeem-confirm');
    await expect.poll(() => focusedIn(page)).toBe('redeem-confirm');
    expect(await confirm.textContent()).toMatch(
      new RegExp(
        `^Redeem 1,500 coins\\? You receive 10,50\\s€ in the PayPal account ${email.replace(/\./g, '\\.')}\\.`,
      ),
    );
    // Back sends nothing.
    await confirm.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => focusedIn(page)).toBe('Redeem 1,500 coins');
    await panel.getByRole('button', { name: 'Redeem 1,500 coins' }).click();
    await shot(browser, 'creator-redeem-confirm');
    expect((await adminDb.collection('payouts').where('uid', '==', creator.uid).get()).size).toBe(0);
    await confirm.getByRole('button', { name: 'Yes, redeem' }).click();
    await panel.getByText('Redeemed: 1,500 coins are on their way to your PayPal account.').waitFor();
    // The data reloads after redeeming (SPEC §7): nothing left to redeem.
    await panel
      .getByTestId('creator-balance')
      .filter({ hasText: /^◎Coins: 0$/ })
      .waitFor();
    expect(await confirm.count()).toBe(0);
    const payouts = await adminDb.collection('payouts').where('uid', '==', creator.uid).get();
    expect(payouts.docs.map((doc) => [doc.get('source'), doc.get('bucks'), doc.get('state')])).toEqual([
      ['creator', 1500, 'PAID'],
    ]);
    await shot(browser, 'creator-redeemed');
    // The withdraw tab points a creator to where creator earnings are redeemed.
    await page.goto(`${WEB}/profile/withdraw`);
    expect(await page.getByTestId('withdraw-creator').textContent()).toContain('redeem them from the Creator menu');
    expect(browser.errors).toEqual([]);
  });
});

describe('a withdrawal PayPal refuses', () => {
  it('says so with the account to check, and the coins are back at once', async () => {
    const player = await verifiedUser(2500);
    const email = `payee+deny-${player.uid.slice(0, 6)}@example.com`;
    await done('/profile/paypal', { token: player.token, body: { code: await paypalCode(email) } });
    const { page } = await signedIn(player.email, { at: '/profile/withdraw' });
    await page.getByText('You have not withdrawn anything yet.').waitFor();
    await page.getByLabel('Coins to withdraw').fill('1000');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('button', { name: /^Yes, withdraw/ }).click();
    await expect
      .poll(() => page.getByTestId('withdraw-result').textContent())
      .toBe(
        `PayPal did not pay this withdrawal, so your coins are back in your balance. Check that ${email} can receive payments in PayPal, or connect another account, then try again.`,
      );
    await page.getByTestId('payout-history').getByText('Failed, refunded').waitFor();
    expect(await fundsOf(player.uid)).toBe(2500);
  });
});

describe('a withdrawal PayPal does not answer', () => {
  it('is shown held, not refunded, and paid once the sweeper has sent it again', async () => {
    // 1,500 coins: the withdrawal leaves fewer than the minimum, which the page says after its outcome.
    const player = await verifiedUser(1500);
    const email = `payee+down-once-${player.uid.slice(0, 6)}@example.com`;
    await done('/profile/paypal', { token: player.token, body: { code: await paypalCode(email) } });
    const browser = await signedIn(player.email, { at: '/profile/withdraw' });
    const { page } = browser;
    // The history listed (empty) first (record 101).
    await page.getByText('You have not withdrawn anything yet.').waitFor();
    await page.getByLabel('Coins to withdraw').fill('1000');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('button', { name: /^Yes, withdraw/ }).click();
    await page
      .getByTestId('withdraw-result')
      .filter({ hasText: 'PayPal has not confirmed your withdrawal yet. Your coins are held' })
      .waitFor();
    await page.getByTestId('payout-history').getByText('Waiting for PayPal').waitFor();
    await page
      .getByTestId('coin-balance')
      .filter({ hasText: /(^|[^,\d])500$/ })
      .waitFor();
    const order = () =>
      page
        .getByTestId('withdraw-form')
        .locator('[data-testid="withdraw-result"], [data-testid="withdraw-not-yet"]')
        .evaluateAll((lines) => lines.map((line) => line.getAttribute('data-testid')));
    await expect.poll(order).toEqual(['withdraw-result', 'withdraw-not-yet']);
    // The list itself says what it waits for, as a reload shows it (the list said only "Requested").
    await page.getByTestId('payout-pending-note').getByText('we ask PayPal again every 10 minutes').waitFor();
    await shot(browser, 'withdraw-held');

    // Ten minutes on, the sweeper sends it again; PayPal is back, and the history says so live.
    const payouts = await adminDb.collection('payouts').where('uid', '==', player.uid).get();
    expect(payouts.size).toBe(1);
    await payouts.docs[0]!.ref.update({ createdAt: Date.now() - 20 * 60_000, nextSendAt: Date.now() - 1 });
    expect((await call('/internal/sweep', { body: { payouts: true } })).status).toBe(200);
    await page.getByTestId('payout-history').getByText('Paid').waitFor();
    expect(await fundsOf(player.uid)).toBe(500);
    expect(browser.errors).toEqual([]);
  });
});

describe('a withdrawal left for review', () => {
  it('an admin sends one to PayPal again and refunds one PayPal still does not take; the player sees it live', async () => {
    await ensureProducts();
    // PayPal took neither request; a week of the sweeper's sends later, both wait for an admin.
    const [paid, refunded, admin] = await Promise.all([verifiedUser(2500), verifiedUser(2500), adminUser()]);
    const emails = {
      paid: `payee+down-once-${paid.uid.slice(0, 6)}@example.com`,
      refunded: `payee+unavailable-${refunded.uid.slice(0, 6)}@example.com`,
    };
    await agedWithdrawal(paid, emails.paid);
    await agedWithdrawal(refunded, emails.refunded);
    expect((await call('/internal/sweep', { body: { payouts: true } })).status).toBe(200);

    const player = await signedIn(refunded.email, { at: '/profile/withdraw' });
    await player.page.getByTestId('payout-history').getByText('Under review').waitFor();
    await player.page.getByTestId('payout-review-note').getByText('our team is checking the payment').waitFor();

    const adminBrowser = await signedIn(admin.email, { at: '/admin' });
    const { page } = adminBrowser;
    const section = page.getByTestId('admin-payouts');
    const item = (email: string) => section.getByTestId('payout-review').filter({ hasText: email });
    await item(emails.paid).waitFor();
    await item(emails.refunded).waitFor();
    // What the list is, said above it while it lists any (an empty list says only that it is empty).
    await section.getByText(/^PayPal gave no answer to these for a week/).waitFor();
    // Every decision needs a reason; recording a batch needs its id too.
    expect(await item(emails.paid).getByRole('button', { name: 'Send to PayPal again' }).isDisabled()).toBe(true);
    await shot(adminBrowser, 'payout-review');

    await item(emails.paid).getByLabel('Reason').fill('PayPal is answering again.');
    expect(await item(emails.paid).getByRole('button', { name: 'Record as paid by this batch' }).isDisabled()).toBe(
      true,
    );
    await item(emails.paid).getByRole('button', { name: 'Send to PayPal again' }).click();
    await section
      .getByRole('status')
      .filter({ hasText: /^Sent to PayPal: 7,00\s€ to / })
      .filter({ hasText: `to ${emails.paid}. State: ` })
      .waitFor();
    await item(emails.paid).waitFor({ state: 'detached' });

    // PayPal still does not take the other: it stays, with the try on it, and is refunded instead.
    await item(emails.refunded).getByLabel('Reason').fill('Trying once more.');
    await item(emails.refunded).getByRole('button', { name: 'Send to PayPal again' }).click();
    await section.getByRole('alert').filter({ hasText: 'PayPal did not answer this time' }).waitFor();
    // Back in the list after the try, with the reason still typed.
    expect(await item(emails.refunded).getByLabel('Reason').inputValue()).toBe('Trying once more.');
    await item(emails.refunded)
      .getByText(/Sent again on .+ \(Trying once more\.\) with no answer from PayPal to rely on\./)
      .waitFor();
    await item(emails.refunded).getByLabel('Reason').fill('No batch for this withdrawal in PayPal.');
    await item(emails.refunded).getByRole('button', { name: 'Refund the coins' }).click();
    await section
      .getByRole('status')
      .filter({
        hasText: `Refunded: 1,000 coins are back in the player's balance (the withdrawal to ${emails.refunded})`,
      })
      .waitFor();
    await item(emails.refunded).waitFor({ state: 'detached' });
    await shot(adminBrowser, 'payout-review-done');

    await player.page.getByTestId('payout-history').getByText('Failed, refunded').waitFor();
    await player.page.getByTestId('coin-balance').filter({ hasText: '2,500' }).waitFor();
    expect(await fundsOf(paid.uid)).toBe(1500);
    expect(await fundsOf(refunded.uid)).toBe(2500);
    expect(adminBrowser.errors).toEqual([]);
    expect(player.errors).toEqual([]);
  });
});

describe('the coins tab', () => {
  it('shows 25 lines, then the rest after "Show more"; each battle line names the other player', async () => {
    const [player, opponent] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    // A battle won: its fee, and both fees as the prize (record 139: each names the other player).
    await battleWonBy(player, opponent);
    // Its result popup seen (it would cover the tab).
    await done('/notifications/popupSeen', { method: 'POST', token: player.token });
    const { applyBalanceChange } = await import('../functions/src/wallet/ledger');
    const { runOptimistic } = await import('../functions/src/platform/optimistic');
    for (let index = 1; index <= 25; index += 1)
      await runOptimistic((tx) =>
        applyBalanceChange(
          tx,
          { uid: player.uid, delta: 10, reason: 'test-grant', ref: `more-${index}` },
          Date.now() + index,
        ),
      );
    const browser = await signedIn(player.email, { at: '/profile/coins' });
    const { page } = browser;
    const rows = page.getByTestId('coin-history').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(25);
    // Newest first: the last grant's balance on top.
    expect(await rows.first().locator('td').last().textContent()).toBe('1,380');
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => rows.count()).toBe(29);
    expect(await rows.last().locator('td').last().textContent()).toBe('1,000');
    const line = (reason: string) => rows.and(page.locator(`[data-reason="${reason}"]`));
    expect(await line('escrow-hold').locator('td').first().innerText()).toMatch(
      new RegExp(`^Battle entry fee\\s+against ${opponent.displayName}\\s`),
    );
    // Its link is named by where it leads: the battle's other player, not only "Battle entry fee".
    expect(await line('escrow-hold').getByRole('link').textContent()).toBe(`against ${opponent.displayName}`);
    await shot(browser, 'coin-history-battle');
    expect(await line('escrow-prize').allTextContents()).toEqual([
      expect.stringContaining(`against ${opponent.displayName}`),
      expect.stringContaining(`against ${opponent.displayName}`),
    ]);
    expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    // On a phone in Finnish the three columns fit: a long compound breaks at its seam rather than
    // push the balance out of its box (it was cut to "Saldc").
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${WEB}/fi-FI/profile/coins`);
    await page.getByRole('button', { name: 'Näytä lisää' }).click();
    await line('escrow-prize').first().waitFor();
    const box = page.getByTestId('coin-history').locator('.table-scroll');
    expect(await box.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
    await shot(browser, 'coin-history-phone-fi');
    expect(browser.errors).toEqual([]);
  });
});
