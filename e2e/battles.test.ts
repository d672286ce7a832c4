import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminAuth,
  adminDb,
  battleWonBy,
  call,
  done,
  fundsOf,
  gameSandbox,
  PASSWORD,
  dotaAccount,
  linkSteam,
  riotAccount,
  verifiedUser,
} from '../functions/test/helpers';
import { bundleOnSale } from '../functions/test/wallet-helpers';
import { focusedIn, openBrowser, shot, useSignedInBrowsers, WEB, type OpenBrowser } from './browser';

const signedIn = useSignedInBrowsers();
/** A browser a test opens itself (with the session's notices), closed after it. */
let browser: OpenBrowser | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

/** A challenges B from the challenge page (type-ahead, game, fee, terms); B accepts from the banner. */
async function playUntilAccepted(fee: number) {
  const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
  const [challenger, opponent] = await Promise.all([
    // A link naming the player themself says why no opponent is chosen (it was dropped unsaid).
    signedIn(a.email, { at: `/battles/challenge?opponent=${a.uid}` }),
    signedIn(b.email),
  ]);

  const page = challenger.page;
  await page
    .getByTestId('challenge-preset')
    .getByText('You cannot challenge yourself. Choose another player')
    .waitFor();
  // A link naming no player says so too.
  await page.goto(`${WEB}/battles/challenge?opponent=no-such-player`);
  await page.getByTestId('challenge-preset').getByText('The player in this link could not be found.').waitFor();
  // Their own name finds no one, and says it is theirs (it said no player has that name).
  await page.getByLabel('Opponent').fill(a.displayName);
  await page.getByTestId('suggestions-status').getByText('That is your own name').waitFor();
  // Sent empty, the form names each thing it lacks.
  await page.getByRole('button', { name: 'Send challenge' }).click();
  // The game's error is not its empty option's "Choose a game" again.
  for (const missing of [
    'Choose an opponent',
    'Choose the game you will play',
    'You must agree to the terms to continue',
  ])
    await page
      .getByRole('alert')
      .filter({ hasText: new RegExp(`^${missing}$`) })
      .waitFor();
  // A text field's error keeps its distance from the next field's label (it touched it).
  const gap = await page.evaluate(
    () =>
      document.querySelector('label[for^="field-game"]')!.getBoundingClientRect().top -
      document.getElementById('field-opponent-search-error')!.getBoundingClientRect().bottom,
  );
  expect(gap).toBeGreaterThanOrEqual(4);
  await page.getByLabel('Opponent').fill(b.displayName.slice(0, 12));
  await page.getByRole('list', { name: 'Matching players' }).getByRole('button', { name: b.displayName }).click();
  await page.getByTestId('chosen-opponent').filter({ hasText: b.displayName }).waitFor();
  await page.getByTestId('challenge-preset').waitFor({ state: 'detached' });
  // The pressed suggestion is gone: the keyboard goes on at Change, and from Change back to the search.
  const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
  await expect.poll(focused).toBe('Change');
  await page.keyboard.press('Enter');
  await expect.poll(focused).toBe('field-opponent-search');
  await page.getByLabel('Opponent').fill(b.displayName.slice(0, 12));
  // Arrow Down goes from the field into the suggestions, Arrow Up back; Enter picks.
  const suggestion = page.getByRole('list', { name: 'Matching players' }).getByRole('button', { name: b.displayName });
  await suggestion.waitFor();
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => suggestion.evaluate((button) => button === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowUp');
  await expect.poll(focused).toBe('field-opponent-search');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.getByTestId('chosen-opponent').filter({ hasText: b.displayName }).waitFor();
  await page.getByLabel('Game').selectOption('valorant');
  // A fee over the balance says what is short, in a box apart from the terms under it (they touched).
  await page.locator('.fee-options label').filter({ hasText: '1,260' }).click();
  const short = page.getByTestId('not-enough-coins');
  await short.getByText('Not enough coins: the entry fee is 1,260 coins and you have 1,000.').waitFor();
  const terms = page.locator('label').filter({ hasText: 'I agree to the terms' });
  expect(
    (await terms.boundingBox())!.y - ((await short.boundingBox())!.y + (await short.boundingBox())!.height),
  ).toBeGreaterThanOrEqual(8);
  // Its way to the coin shop, and back: the opponent, the game and the fee are still chosen.
  await short.getByRole('link', { name: 'Get coins' }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('chosen-opponent').filter({ hasText: b.displayName }).waitFor();
  await short.waitFor();
  expect(await page.getByLabel('Game').inputValue()).toBe('valorant');
  // The shop, paid or not, offers the way back to the challenge, with the same choices (a walk's:
  // it offered only the coin history, and the header's Cancel went back one step at a time).
  await bundleOnSale();
  await short.getByRole('link', { name: 'Get coins' }).click();
  await page.getByTestId('product-coins-130').getByRole('button').click();
  await page.getByRole('button', { name: 'Pay with a declined card' }).click();
  await page.getByTestId('checkout-failed').waitFor();
  await page.getByRole('link', { name: 'Back to the challenge' }).click();
  await page.getByTestId('chosen-opponent').filter({ hasText: b.displayName }).waitFor();
  await short.waitFor();
  expect(await page.getByLabel('Game').inputValue()).toBe('valorant');
  await page
    .locator('.fee-options label')
    .filter({ hasText: String(fee) })
    .click();
  await short.waitFor({ state: 'detached' });
  await page.getByText('I agree to the terms').click();
  await shot(challenger, 'battle-1-challenge-form');
  // Sending, the form never calls the challenge it sends another open one (a walk saw "You already
  // have an open challenge" for a moment after Send, as the live list had it first).
  await page.evaluate(() => {
    const seen = new MutationObserver(() => {
      if (document.querySelector('[data-testid="challenge-active"]')) document.body.dataset.sawActive = 'yes';
    });
    seen.observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('button', { name: 'Send challenge' }).click();
  await page.getByTestId('challenge-card').waitFor();
  expect(await page.evaluate(() => document.body.dataset.sawActive ?? 'no')).toBe('no');
  expect(await page.getByTestId('challenge-card').getByTestId('countdown').textContent()).toMatch(/^in (29|30):\d\d$/);
  await page
    .getByTestId('coin-balance')
    .filter({ hasText: String(1000 - fee) })
    .waitFor();

  // The opponent sees the challenged banner with its live countdown and opens the challenge.
  const banner = opponent.page.locator('[data-testid^="banner-battle-challenged-"]').filter({ hasText: a.displayName });
  await banner.waitFor();
  expect(await banner.textContent()).toContain('challenged you to a battle. Answer by');
  expect(await banner.getByTestId('countdown').textContent()).toMatch(/^in (29|30):\d\d$/);
  await shot(opponent, 'battle-2-challenged-banner');
  await banner.getByRole('link', { name: 'View challenge' }).click();
  // The challenge's own page is its answer: no banner leads to it there (record 168).
  await opponent.page.getByRole('button', { name: 'Accept' }).waitFor();
  await banner.waitFor({ state: 'detached' });
  await opponent.page.getByRole('button', { name: 'Accept' }).click();

  // Both land on the battle page.
  await Promise.all([challenger, opponent].map((browser) => browser.page.getByTestId('battle-card').waitFor()));
  const battleId = opponent.page.url().split('/battles/')[1]!.split('?')[0]!;
  await challenger.page.waitForURL(`**/battles/${battleId}`);
  return { a, b, challenger, opponent, battleId };
}

describe('a battle in two browsers', () => {
  it('challenge → accept → report → confirm: both see the result popup and the winner’s balance rises live', async () => {
    const { a, b, challenger, opponent, battleId } = await playUntilAccepted(270);
    expect(await challenger.page.getByTestId('battle-prize').textContent()).toContain('540');
    await opponent.page.getByTestId('coin-balance').filter({ hasText: '730' }).waitFor();

    // The challenger reports from the submit-scores banner (?showWinnerSubmitForm=true opens the form).
    const submitBanner = challenger.page.locator(`[data-testid="banner-battle-submit-${battleId}"]`);
    await submitBanner.getByRole('link', { name: 'Report result' }).click();
    await challenger.page.waitForURL('**showWinnerSubmitForm=true');
    await challenger.page.getByTestId('winner-form').getByText(`${a.displayName} (you)`).click();
    await challenger.page.getByTestId('winner-form').getByRole('button', { name: 'Report the result' }).click();
    // Asked once more, naming what follows (record 130); the keyboard is on the question.
    const question = challenger.page.getByTestId('report-question');
    await question
      .getByText(
        `You report that you won: unless ${b.displayName} disputes it in time, you get the prize of 540 coins. A report cannot be changed.`,
      )
      .waitFor();
    await expect.poll(() => focusedIn(challenger.page)).toBe('report-question');
    await shot(challenger, 'battle-3-report');
    await question.getByRole('button', { name: 'Yes, I won' }).click();
    await challenger.page.locator('[data-stage="waiting-for-answer"]').waitFor();
    // The question is gone with the form: the keyboard goes on at what the battle says now.
    await expect.poll(() => focusedIn(challenger.page)).toBe('stage-panel');
    expect(await challenger.page.getByTestId('stage-panel').textContent()).toContain('You reported that you won');
    // Its state says the result is in, not "Ongoing".
    expect(await challenger.page.getByTestId('battle-state').textContent()).toBe('Result reported');

    // The opponent is asked to confirm or dispute, and confirms.
    await opponent.page.locator(`[data-testid="banner-battle-opponent-submitted-${battleId}"]`).waitFor();
    await opponent.page.getByTestId('answer-panel').waitFor();
    expect(await opponent.page.getByTestId('answer-panel').textContent()).toContain(
      `${a.displayName} reported that they won.`,
    );
    // Changed by the other side's doing, the page leaves the keyboard where it was.
    expect(await focusedIn(opponent.page)).not.toBe('stage-panel');
    await opponent.page.getByRole('button', { name: 'Confirm result' }).click();

    // Both get the battle-ended popup; only the winner's shows the prize, only the loser's the fee lost.
    const popupA = challenger.page.getByTestId('battle-result-popup');
    const popupB = opponent.page.getByTestId('battle-result-popup');
    await popupA.getByRole('heading', { name: 'You won!' }).waitFor();
    await popupB.getByRole('heading', { name: 'You lost' }).waitFor();
    expect(await popupA.textContent()).toContain(`Against ${b.displayName}`);
    expect(await popupA.getByTestId('result-prize').textContent()).toContain('540');
    expect(await popupB.getByTestId('result-prize').count()).toBe(0);
    // The loser reads what it cost (record 167).
    expect(await popupB.getByTestId('result-lost').textContent()).toContain('270');
    expect(await popupA.getByTestId('result-lost').count()).toBe(0);
    await challenger.page.getByTestId('coin-balance').filter({ hasText: '1,270' }).waitFor();
    await shot(challenger, 'battle-4-won-popup');
    await shot(opponent, 'battle-4-lost-popup');

    // The popup only closes with its button (SPEC §2), even on a second Escape, which Chromium lets
    // close a dialog whatever the page asks (it closed unseen and came back on every load); closing
    // marks it seen for good.
    await challenger.page.keyboard.press('Escape');
    await challenger.page.keyboard.press('Escape');
    await challenger.page.keyboard.press('Escape');
    await expect.poll(() => popupA.evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(true);
    expect(
      await popupA.getByRole('button', { name: 'Close' }).evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await popupA.getByRole('button', { name: 'Close' }).click();
    await popupA.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await adminDb.doc(`users/${a.uid}/private/account`).get()).get('popups'))
      .toEqual([]);
    await challenger.page.reload();
    await challenger.page.getByTestId('battle-outcome').waitFor();
    expect(await challenger.page.getByTestId('battle-result-popup').count()).toBe(0);
    expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([1270, 730]);

    // Recent results: the winner's row says the prize won, the loser's the fee lost (it said 540).
    await popupB.getByRole('button', { name: 'Close' }).click();
    const recent = (page: typeof challenger.page) =>
      page.getByTestId('my-games-recent-battles').getByTestId('battle-row').first();
    await Promise.all([challenger, opponent].map(({ page }) => page.goto(`${WEB}/battles`)));
    await expect.poll(() => recent(challenger.page).textContent()).toMatch(/Prize ◎Coins: 540.*Won/);
    await expect.poll(() => recent(opponent.page).textContent()).toMatch(/Entry fee lost ◎Coins: 270.*Lost/);
    // Each row's Open says which battle to a screen reader.
    await recent(opponent.page)
      .getByRole('link', { name: `Open the battle against ${a.displayName}` })
      .waitFor();
    // A player's own battles come before how battles work (on a phone the rules filled the first screen).
    const top = async (testId: string) => (await challenger.page.getByTestId(testId).boundingBox())!.y;
    expect(await top('my-games-recent-battles')).toBeLessThan(await top('battle-rules'));
    // The loser's profile history says the fee was lost, as My games does: it said "◎-270", then a bare
    // "◎270" that read like a prize. The winner's says the prize.
    await opponent.page.goto(`${WEB}/user/${b.uid}`);
    const line = opponent.page.getByTestId('history').locator('li').first();
    await expect.poll(() => line.textContent()).toContain(`LostBattle against ${a.displayName}`);
    expect(await line.textContent()).toContain('Entry fee lost ◎Coins: 270');
    await challenger.page.goto(`${WEB}/user/${a.uid}`);
    const won = challenger.page.getByTestId('history').locator('li').first();
    await expect.poll(() => won.textContent()).toContain(`WonBattle against ${b.displayName}Prize ◎Coins: 540`);
  });

  it('dispute with a proof image → the other side’s story → the platform admin decides in the admin screen', async () => {
    // The challenge, the accept and the challenger's report (the first test's subject) through the API.
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const sent = await call('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const accepted = await call(`/battles/challenges/${sent.body.id as string}/accept`, {
      token: b.token,
      method: 'POST',
    });
    const battleId = accepted.body.id as string;
    const reported = await call(`/battles/${battleId}/submitWinner`, { token: a.token, body: { winner: a.uid } });
    // The challenger added a Discord name and an Epic ID (and a Riot ID, which a battle never shows).
    const riot = (await riotAccount()).riotId;
    const linked = await Promise.all(
      Object.entries({ discord: 'ann.plays', epic: 'Ann Epic', riot }).map(([platform, value]) =>
        call(`/profile/connections/${platform}`, { token: a.token, method: 'PUT', body: { value } }),
      ),
    );
    expect([sent.status, accepted.status, reported.status, ...linked.map(({ status }) => status)]).toEqual([
      201, 201, 200, 200, 200, 200,
    ]);
    const [challenger, opponent] = await Promise.all([
      signedIn(a.email, { at: `/battles/${battleId}` }),
      signedIn(b.email, { at: `/battles/${battleId}` }),
    ]);

    // Where to find the other to play: the challenger's accounts with a copy button each, no Riot ID;
    // the opponent added none, and the challenger is told so, with a way to their profile.
    const accounts = opponent.page.getByRole('region', { name: `Find ${a.displayName} to play` });
    await expect
      .poll(() => accounts.locator('dt, dd .account-value').allTextContents())
      .toEqual(['Discord', 'ann.plays', 'Epic Games', 'Ann Epic']);
    expect(await accounts.textContent()).not.toContain(riot.split('#')[0]);
    await opponent.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB });
    await accounts.getByRole('button', { name: 'Copy the Epic Games name' }).click();
    await accounts.getByTestId('copy-epic').filter({ hasText: 'Copied' }).waitFor();
    expect(await opponent.page.evaluate(() => navigator.clipboard.readText())).toBe('Ann Epic');
    // Where the browser refuses the clipboard, the name is selected to copy by hand, and that is said.
    await opponent.page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await accounts.getByRole('button', { name: 'Copy the Discord name' }).click();
    await accounts
      .getByRole('status')
      .filter({ hasText: 'Could not copy. It is selected: copy it yourself.' })
      .waitFor();
    expect(await opponent.page.evaluate(() => getSelection()?.toString())).toBe('ann.plays');
    await shot(opponent, 'battle-opponent-accounts');
    const none = challenger.page.getByRole('region', { name: `Find ${b.displayName} to play` });
    await none
      .getByText(`${b.displayName} has added no account to find them by (Discord, Epic Games or Steam).`)
      .waitFor();
    expect(await none.getByRole('link', { name: 'See their profile' }).getAttribute('href')).toBe(`/user/${b.uid}`);
    // An opponent whose account is deleted meanwhile (its profile anonymised; here for a moment): the
    // section says so, live.
    await adminDb.doc(`users/${b.uid}`).update({ anonymised: true });
    await none.getByText(`${b.displayName}'s account is closed.`).waitFor();
    await adminDb.doc(`users/${b.uid}`).update({ anonymised: false });
    await none.getByRole('link', { name: 'See their profile' }).waitFor();

    const proof = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#aa3355' } })
      .png()
      .toBuffer();
    await opponent.page.getByRole('button', { name: 'Dispute' }).click();
    // Sent empty, the form names both things it lacks; a file that is no image keeps its own reason.
    await opponent.page.getByRole('button', { name: 'Send to admin' }).click();
    await opponent.page.getByText('Add a proof image').waitFor();
    // The picker is ours, in the page's language (the browser's own button speaks the browser's).
    const chosen = opponent.page.getByTestId('dispute-form-proof-chosen');
    expect(await chosen.textContent()).toBe('No image chosen');
    await opponent.page.getByTestId('dispute-form').getByText('Choose an image').waitFor();
    await opponent.page
      .getByLabel('Proof image')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('I won') });
    await opponent.page.getByRole('button', { name: 'Send to admin' }).click();
    await opponent.page.getByText('Choose a JPG, PNG or GIF image.').waitFor();
    expect(await opponent.page.getByText('Add a proof image').count()).toBe(0);
    await opponent.page.getByLabel('Your side of the story').fill('I won 2–0. The score screen is attached.');
    await opponent.page
      .getByLabel('Proof image')
      .setInputFiles({ name: 'score.png', mimeType: 'image/png', buffer: proof });
    expect(await chosen.textContent()).toBe('score.png');
    await opponent.page.getByRole('button', { name: 'Send to admin' }).click();
    // What the admin will decide on, and what it waits for.
    const waiting = opponent.page.getByTestId('waiting-for-admin');
    await waiting.waitFor();
    expect(await waiting.textContent()).toMatch(
      new RegExp(
        `^Reported winner: ${a.displayName}\\.${a.displayName} can tell their side until .+ \\(tomorrow\\)Then a platform admin decides`,
      ),
    );

    // A platform admin on the admins' roster (as the grant script puts them, record 126).
    const admin = await verifiedUser();
    await Promise.all([
      adminAuth.setCustomUserClaims(admin.uid, { admin: true }),
      adminDb.doc(`admins/${admin.uid}`).set({ uid: admin.uid, since: Date.now() }),
    ]);

    // The challenger is told and adds their story.
    await challenger.page.locator(`[data-testid="banner-battle-opponent-disputed-${battleId}"]`).waitFor();
    await challenger.page.getByLabel('Your side of the story').fill('They left before the end.');
    await challenger.page
      .getByLabel('Proof image')
      .setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: proof });
    await challenger.page.getByRole('button', { name: 'Send to admin' }).click();
    await expect
      .poll(() => challenger.page.getByTestId('waiting-for-admin').textContent())
      .toBe(
        `Reported winner: ${a.displayName} (you).A platform admin will decide this battle. Both players are notified.`,
      );
    // Each story says when it was told.
    expect(await challenger.page.locator('.dispute-stories time').count()).toBe(2);

    // A player does not see the admin screen.
    await opponent.page.goto(`${WEB}/admin`);
    await opponent.page.getByText('This page could not be found').waitFor();

    // The admin is told that the battle waits for them, and the notification leads to its decision.
    const adminBrowser = await signedIn(admin.email);
    await adminBrowser.page.getByRole('button', { name: /Notifications/ }).click();
    await adminBrowser.page
      .getByText(
        `The battle of ${a.displayName} and ${b.displayName} is disputed and waits for a platform admin to decide it.`,
      )
      .click();
    await adminBrowser.page.waitForURL(`${WEB}/battles/${battleId}`);
    await adminBrowser.page.getByTestId('admin-decision').waitFor();
    // Who was reported the winner, as the admin's list says it (the stories tell the rest).
    expect(await adminBrowser.page.getByTestId('admin-reported-winner').textContent()).toBe(
      `Reported winner: ${a.displayName}.`,
    );
    await adminBrowser.page.goto(`${WEB}/admin`);
    const dispute = adminBrowser.page.getByTestId('admin-dispute').filter({ hasText: b.displayName });
    await dispute.waitFor();
    expect(await dispute.locator('img.proof').count()).toBe(2);
    await dispute.getByText('Both sides are heard: ready to decide.').waitFor();
    await dispute.getByText(b.displayName, { exact: true }).last().click();
    await dispute.getByLabel('Reasoning').fill('The score screen shows 2–0.');
    await shot(adminBrowser, 'battle-5-admin');
    // Coins move for good: the admin is asked once more, with who gets what; Back changes nothing.
    await dispute.getByRole('button', { name: 'Decide winner' }).click();
    const question = dispute.getByTestId('admin-decision-question');
    expect(await question.locator('p').textContent()).toBe(
      `${b.displayName} wins this battle and gets the prize of 260 coins. This cannot be undone.`,
    );
    await question.getByRole('button', { name: 'Back' }).click();
    await question.waitFor({ state: 'detached' });
    expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([870, 870]);
    await dispute.getByRole('button', { name: 'Decide winner' }).click();
    await question.getByRole('button', { name: `Yes, ${b.displayName} wins` }).click();
    await dispute.waitFor({ state: 'detached' });
    // The card leaves the list at once; the page says what became of it, in view.
    const done = adminBrowser.page
      .getByTestId('admin-dispute-done')
      .filter({ hasText: `, won by ${b.displayName}. Both players are notified` });
    await done.waitFor();
    await expect
      .poll(() =>
        done.evaluate(
          (line) => line.getBoundingClientRect().top >= 0 && line.getBoundingClientRect().bottom <= innerHeight,
        ),
      )
      .toBe(true);

    const popupB = opponent.page.getByTestId('battle-result-popup');
    await popupB.getByRole('heading', { name: 'You won!' }).waitFor();
    expect(await popupB.textContent()).toContain('The score screen shows 2–0.');
    await opponent.page.getByTestId('coin-balance').filter({ hasText: '1,130' }).waitFor();
    await challenger.page.getByTestId('battle-result-popup').getByRole('heading', { name: 'You lost' }).waitFor();
    expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([870, 1130]);

    // The admin's own view of the battle shows the winner and the reasoning it gave.
    await adminBrowser.page.goto(`${WEB}/battles/${battleId}`);
    const outcome = adminBrowser.page.getByTestId('battle-outcome');
    await outcome.getByRole('heading', { name: 'Result' }).waitFor();
    expect(await outcome.textContent()).toContain(`Winner: ${b.displayName}`);
    expect(await outcome.textContent()).toContain('The score screen shows 2–0.');
  });

  it('many results while away: three popups one by one, then the rest as "and N more results"; one arriving during a close stays', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    for (let round = 0; round < 5; round += 1) await battleWonBy(a, b);
    const winner = await signedIn(a.email);
    const { page } = winner;
    const refs = async () =>
      ((await adminDb.doc(`users/${a.uid}/private/account`).get()).get('popups') as { ref: string }[]).map(
        (popup) => popup.ref,
      );
    const pending = async () => (await refs()).length;
    // A sixth result arrives after the first Close is pressed, before the server takes it: the close
    // names the result shown, so the one that came stays to be shown (it took the last place, and a
    // close that said "the last" removed it unseen and brought the closed one back).
    const shownFirst = (await refs()).at(-1);
    await page.route(
      '**/api/notifications/popupSeen',
      async (route) => {
        await battleWonBy(a, b);
        await route.continue();
      },
      { times: 1 },
    );
    for (let shown = 0; shown < 3; shown += 1) {
      const popup = page.getByTestId('battle-result-popup');
      await popup.getByRole('heading', { name: 'You won!' }).waitFor();
      const answered = page.waitForResponse('**/api/notifications/popupSeen');
      const closing = await popup.elementHandle();
      await popup.getByRole('button', { name: 'Close' }).click();
      await answered;
      // Gone from the page before the next is looked for: its heading, still there until the
      // account's change arrives, is the next one's too.
      await closing!.waitForElementState('hidden');
      await expect.poll(pending).toBe(5 - shown);
      if (shown === 0) expect(await refs()).not.toContain(shownFirst);
    }
    const more = page.getByTestId('more-results-popup');
    await more.getByRole('heading', { name: 'And 3 more results' }).waitFor();
    await shot(winner, 'battle-more-results');
    await more.getByRole('button', { name: 'Close' }).click();
    await more.waitFor({ state: 'detached' });
    expect(await page.getByTestId('battle-result-popup').count()).toBe(0);
    await expect.poll(pending).toBe(0);
    // They opened by themselves, so nothing had the focus to take back: the page's content takes it,
    // not the page's body (a screen reader would have been left nowhere; record 127).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
  });

  it('an ongoing battle stays under Active battles however many results came after it', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const sent = await done('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const battleId = (await done(`/battles/challenges/${sent.id as string}/accept`, { token: b.token, method: 'POST' }))
      .id as string;
    // Twenty-one results newer than it (more than the recent list reads): it had gone from both
    // lists, its 130 coins held (walk AJ).
    const ongoing = (await adminDb.doc(`battles/${battleId}`).get()).data()!;
    const batch = adminDb.batch();
    for (let i = 1; i <= 21; i++)
      batch.set(adminDb.doc(`battles/${battleId}-after-${i}`), {
        ...ongoing,
        id: `${battleId}-after-${i}`,
        state: 'ENDED',
        winner: { id: a.uid },
        outcome: 'CONFIRMED',
        endedAt: Date.now(),
        createdAt: (ongoing.createdAt as number) + i,
      });
    await batch.commit();
    try {
      const player = await signedIn(a.email, { at: '/battles' });
      const active = player.page.getByTestId('my-games-active-battles').getByTestId('battle-row');
      await expect.poll(() => active.count()).toBe(1);
      await active.getByRole('link', { name: `Open the battle against ${b.displayName}` }).waitFor();
      await expect
        .poll(() => player.page.getByTestId('my-games-recent-battles').getByTestId('battle-row').count())
        .toBe(20);
      expect(player.errors).toEqual([]);
    } finally {
      // Results with no history, statistics or ledger behind them: gone, so check:stats holds after
      // the browser tests.
      await Promise.all(
        Array.from({ length: 21 }, (_, i) => adminDb.doc(`battles/${battleId}-after-${i + 1}`).delete()),
      );
    }
  });

  it('one dialog at a time: results waiting at sign-in wait for the open welcome, then go before the campaign', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    for (let round = 0; round < 2; round += 1) await battleWonBy(a, b);
    browser = await openBrowser({ notices: true });
    const { page } = browser;
    await page.goto(`${WEB}/login`);
    await page.getByLabel('E-mail').fill(b.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('coin-balance').waitFor();
    // A new session on the landing page: the welcome opens at once, the results come with the account.
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`${WEB}/`);
    const open = () => page.locator('dialog[open]').evaluateAll((dialogs) => dialogs.map((d) => d.dataset.testid));
    await page.getByTestId('welcome-notice').getByRole('button', { name: "Let's play" }).waitFor();
    // The first result is ready behind it (its battle read), not shown.
    await page.getByTestId('battle-result-popup').filter({ hasText: 'You lost' }).waitFor({ state: 'attached' });
    expect(await open()).toEqual(['welcome-notice']);
    // A signed-in player is not offered the sign-up.
    expect(await page.getByTestId('welcome-notice').getByRole('link').count()).toBe(0);
    await page.getByTestId('welcome-notice').getByRole('button', { name: "Let's play" }).click();
    // Both results, one by one, before the campaign that became due when the welcome closed.
    for (let shown = 0; shown < 2; shown += 1) {
      const popup = page.getByTestId('battle-result-popup');
      await popup.getByRole('heading', { name: 'You lost' }).waitFor();
      // Polled: the heading found may be the closing one's, a frame before the next opens.
      await expect.poll(open).toEqual(['battle-result-popup']);
      await popup.getByRole('button', { name: 'Close' }).click();
    }
    await page.getByTestId('campaign-dialog').getByRole('button', { name: 'Got it' }).waitFor();
    expect(await open()).toEqual(['campaign-dialog']);
    await page.getByTestId('campaign-dialog').getByRole('button', { name: 'Got it' }).click();
    await expect.poll(open).toEqual([]);
  });

  it('the platform admin cancels a battle from its page, asked once more, and both fees come back', async () => {
    const [a, b, admin] = await Promise.all([verifiedUser(1000), verifiedUser(1000), verifiedUser()]);
    const sent = await done('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const battleId = (await done(`/battles/challenges/${sent.id as string}/accept`, { token: b.token, method: 'POST' }))
      .id as string;
    await adminAuth.setCustomUserClaims(admin.uid, { admin: true });
    const { page } = await signedIn(admin.email, { at: `/battles/${battleId}` });
    const decision = page.getByTestId('admin-decision');
    await decision.getByLabel('Reasoning').fill('Both players asked to call it off.');
    await decision.getByRole('button', { name: 'Cancel battle and refund' }).click();
    const question = decision.getByTestId('admin-decision-question');
    expect(await question.locator('p').textContent()).toBe(
      'The battle is cancelled and each player gets their entry fee of 130 coins back. This cannot be undone.',
    );
    // Another reasoning puts the question away: what is confirmed is what was read.
    await decision.getByLabel('Reasoning').fill('Both players asked to call it off, in the chat.');
    await question.waitFor({ state: 'detached' });
    expect([await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([870, 870]);
    await decision.getByRole('button', { name: 'Cancel battle and refund' }).click();
    await question.getByRole('button', { name: 'Yes, cancel and refund' }).click();
    await page.getByTestId('battle-outcome').waitFor();
    await expect.poll(async () => [await fundsOf(a.uid), await fundsOf(b.uid)]).toEqual([1000, 1000]);
  });

  it('a declined challenge tells the challenger who declined and that the fee came back', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const sent = await call('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    // The opponent declines on the challenge's page, which then says so (it went to My games unsaid).
    const opponent = await signedIn(b.email, { at: `/battles/view-challenge/${sent.body.id as string}` });
    await opponent.page.getByRole('button', { name: 'Decline' }).click();
    await opponent.page.getByText(`You declined the challenge from ${a.displayName}.`).waitFor();
    await opponent.page.getByRole('link', { name: 'My games' }).waitFor();
    // Its pressed button gone, the keyboard is on the page's content, not the body (walk AC).
    await expect.poll(() => opponent.page.evaluate(() => document.activeElement?.id)).toBe('main');
    // A new challenge opened from its banner on the same page can be answered (it was still busy).
    await call('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 0, terms: true },
    });
    await opponent.page
      .locator('[data-testid^="banner-battle-challenged-"]')
      .getByRole('link', { name: 'View challenge' })
      .click();
    await opponent.page.getByText(`${a.displayName} challenges you to a free battle.`).waitFor();
    expect(await opponent.page.getByRole('button', { name: 'Decline' }).isEnabled()).toBe(true);
    expect(await opponent.page.getByRole('button', { name: 'Accept' }).isEnabled()).toBe(true);
    const challenger = await signedIn(a.email, { at: `/battles/view-challenge/${sent.body.id as string}` });
    const closed = challenger.page.getByTestId('challenge-closed');
    await closed.waitFor();
    expect(await closed.textContent()).toBe(
      `${b.displayName} declined your challenge. Your entry fee of 130 coins is back in your balance.`,
    );
    await challenger.page.getByTestId('coin-balance').filter({ hasText: '1,000' }).waitFor();
  });

  it('a free challenge says nothing of a fee held, to either side', async () => {
    const [a, b] = await Promise.all([verifiedUser(0), verifiedUser(0)]);
    const sent = await done('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'valorant', entryFee: 0, terms: true },
    });
    const at = `/battles/view-challenge/${sent.id as string}`;
    const [challenger, opponent] = await Promise.all([signedIn(a.email, { at }), signedIn(b.email, { at })]);
    await challenger.page
      .getByText(`Waiting for ${b.displayName} to answer. The challenge expires if they do not.`)
      .waitFor();
    await opponent.page.getByText(`${a.displayName} challenges you to a free battle.`).waitFor();
    for (const { page } of [challenger, opponent])
      expect(await page.getByText(/fee is held|holds your entry fee/).count()).toBe(0);
    // A second challenge waits for this one: the form says so before anything is sent (not "There
    // was a problem"), with the way to the open one, and cannot be sent.
    await challenger.page.goto(`${WEB}/battles/challenge`);
    await expect
      .poll(() => challenger.page.getByTestId('challenge-active').textContent())
      .toBe('You already have an open challenge: only one may be active at a time. See your open challenge');
    expect(await challenger.page.getByRole('button', { name: 'Send challenge' }).isDisabled()).toBe(true);
    await challenger.page.getByRole('link', { name: 'See your open challenge' }).click();
    await challenger.page.waitForURL(`${WEB}${at}`);
  });
});

describe('a battle the game decides (issue #22)', () => {
  it('two players link their Dota 2 accounts, play, and the game decides without a report', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const [aAccount, bAccount] = await Promise.all([dotaAccount(), dotaAccount()]);
    // A links their Steam account by signing in to Steam (its stand-in) from the connections page;
    // B through the same sign-in, by API.
    const aBrowser = await signedIn(a.email, { at: '/profile/connections' });
    await aBrowser.page.getByTestId('steam-sign-in').click();
    await aBrowser.page.getByRole('heading', { name: 'Sign in through Steam' }).waitFor();
    await shot(aBrowser, 'game-1-steam');
    await aBrowser.page.getByRole('button', { name: `Sign in as Dota player ${aAccount}` }).click();
    await aBrowser.page.waitForURL(`${WEB}/profile/connections`);
    const steam = aBrowser.page.getByTestId('connection-steam');
    await steam.getByText(`Steam account Dota player ${aAccount} linked.`).waitFor();
    await steam.locator('code', { hasText: `Dota player ${aAccount}` }).waitFor();
    await shot(aBrowser, 'game-1-linked');
    await linkSteam(b, bAccount);

    // A challenges B in Dota 2 from the form, verified results only (B's profile's Challenge link).
    await aBrowser.page.goto(`${WEB}/battles/challenge?opponent=${b.uid}`);
    await aBrowser.page.getByTestId('chosen-opponent').filter({ hasText: b.displayName }).waitFor();
    await aBrowser.page.getByLabel('Game').selectOption('dota-2');
    await aBrowser.page.locator('.fee-options label').filter({ hasText: '130' }).click();
    await aBrowser.page.getByText('Verified results only: we both link our Dota 2 accounts').click();
    await aBrowser.page.getByText('I agree to the terms').click();
    await aBrowser.page.getByRole('button', { name: 'Send challenge' }).click();
    await aBrowser.page.waitForURL(/\/battles\/view-challenge\/\w+$/);
    const challengeId = aBrowser.page.url().split('/').pop()!;
    expect((await adminDb.doc(`battle_challenges/${challengeId}`).get()).get('verifiedOnly')).toBe(true);
    // B accepts, then the two accounts play a game: B won.
    const battleId = (
      await call<Record<string, unknown>>(`/battles/challenges/${challengeId}/accept`, {
        token: b.token,
        method: 'POST',
      })
    ).body.id as string;
    const bBrowser = await signedIn(b.email);
    for (const browser of [aBrowser, bBrowser]) await browser.page.goto(`${WEB}/battles/${battleId}`);
    // Dota 2 is played on Steam: the other's Steam friend code comes first (what Steam's "Add a
    // friend" takes; the Steam name shown on a profile is OpenDota's and finds no one).
    await expect
      .poll(() => aBrowser.page.getByTestId('opponent-accounts').locator('dt, .account-value').allTextContents())
      .toEqual(['Steam friend code', bAccount]);
    await aBrowser.page.getByTestId('check-game').click();
    await aBrowser.page.getByTestId('game-check-answer').getByText('No finished game between you two yet').waitFor();
    const createdAt = (await adminDb.doc(`battles/${battleId}`).get()).get('createdAt') as number;
    const { matchId } = await gameSandbox<{ matchId: string }>('/matches', {
      game: 'dota-2',
      winners: [bAccount],
      losers: [aAccount],
      startedAt: createdAt + 60_000,
    });
    // Nobody reports: A asks the game, and both pages show the result the game decided.
    await aBrowser.page.getByTestId('check-game').click();
    for (const browser of [aBrowser, bBrowser]) {
      await browser.page.getByTestId('verified-by-game').getByText(`See the game (${matchId})`).waitFor();
      await expect.poll(() => browser.page.getByTestId('battle-card').getAttribute('data-state')).toBe('ENDED');
    }
    await bBrowser.page.getByTestId('battle-outcome').getByText('You won').waitFor();
    await shot(bBrowser, 'game-2-decided');
    expect(await fundsOf(b.uid)).toBe(1000 - 130 + 260);
    for (const browser of [aBrowser, bBrowser]) expect(browser.errors).toEqual([]);
  });

  it("a League of Legends battle offers no check with the game: Riot's data never touches a wager", async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const sent = await call<Record<string, unknown>>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'league-of-legends', entryFee: 130, terms: true },
    });
    const battleId = (
      await call<Record<string, unknown>>(`/battles/challenges/${sent.body.id as string}/accept`, {
        token: b.token,
        method: 'POST',
      })
    ).body.id as string;
    const aBrowser = await signedIn(a.email, { at: `/battles/${battleId}` });
    await aBrowser.page.getByTestId('battle-card').getByText('then report who won').waitFor();
    expect(await aBrowser.page.getByTestId('check-game').count()).toBe(0);
    // Its report, opened by its button (which is gone then): the keyboard goes on at "Who won?".
    await aBrowser.page.getByRole('button', { name: 'Report the result' }).click();
    await expect
      .poll(() => aBrowser.page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('winner');
    // The opponent picked by mistake: the question says so, and Back leaves nothing reported.
    await aBrowser.page.getByTestId('winner-form').getByText(b.displayName).click();
    await aBrowser.page.getByRole('button', { name: 'Report the result' }).click();
    await aBrowser.page
      .getByTestId('report-question')
      .getByText(`You report that ${b.displayName} won: once they confirm`, { exact: false })
      .waitFor();
    await aBrowser.page.getByTestId('report-question').getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => focusedIn(aBrowser.page)).toBe('Report the result');
    // Escape is Back too, as it closes a dialog.
    await aBrowser.page.getByRole('button', { name: 'Report the result' }).click();
    await expect.poll(() => focusedIn(aBrowser.page)).toBe('report-question');
    await aBrowser.page.keyboard.press('Escape');
    await aBrowser.page.getByTestId('report-question').waitFor({ state: 'detached' });
    await expect.poll(() => focusedIn(aBrowser.page)).toBe('Report the result');
    expect((await adminDb.doc(`battles/${battleId}`).get()).data()!.submittedWinner ?? null).toBeNull();
    expect(aBrowser.errors).toEqual([]);
  });

  it('a Dota 2 battle begun without both accounts goes by reports, linking later changes nothing', async () => {
    const [a, b] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    await linkSteam(a, await dotaAccount());
    const sent = await call<Record<string, unknown>>('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'dota-2', entryFee: 130, terms: true },
    });
    const battleId = (
      await call<Record<string, unknown>>(`/battles/challenges/${sent.body.id as string}/accept`, {
        token: b.token,
        method: 'POST',
      })
    ).body.id as string;
    // B links once the battle has begun: the battle keeps the accounts of its start.
    await linkSteam(b, await dotaAccount());
    const bBrowser = await signedIn(b.email, { at: `/battles/${battleId}` });
    await bBrowser.page
      .getByTestId('game-check-not-recorded')
      .getByText('A game account was not linked when this battle began')
      .waitFor();
    expect(await bBrowser.page.getByTestId('check-game').count()).toBe(0);
    expect(bBrowser.errors).toEqual([]);
  });
});
