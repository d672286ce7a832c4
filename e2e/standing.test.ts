import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  adminAuth,
  adminDb,
  battleWonBy,
  call,
  createTournament,
  newUser,
  oobCodesFor,
  PASSWORD,
  verifiedUser,
  type Player,
} from '../functions/test/helpers';
import { focusedIn, openBrowser, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

/** `count` battles of 130 coins that `winner` wins against fresh opponents. */
async function wins(winner: Player, count: number) {
  for (let index = 0; index < count; index += 1) await battleWonBy(winner, await verifiedUser(500));
  // The "You won!" popups were seen (battles' own tests show them).
  await adminDb.doc(`users/${winner.uid}/private/account`).update({ popups: [] });
}

describe('standing in the browser', () => {
  it('leaderboards switch board and period, with the signed-in player’s own rank', async () => {
    const player = await verifiedUser(2000);
    await wins(player, 2);
    const browser = await signedIn(player.email, { at: '/leaderboards' });
    const { page } = browser;
    // Default: top players, all time.
    await expect.poll(() => page.getByTestId('board').inputValue()).toBe('top-players');
    // Each board says what it counts, the trophies by the rule that gives them.
    expect(await page.getByTestId('board-about').textContent()).toBe(
      'Trophies from finished tournaments: 10 for a win, 6 for second place, 3 for 3rd–4th and 1 for 5th–8th. A shared place gets the average of the places it covers, rounded down.',
    );
    // Top battle players: two wins put them on the board, with their rank, highlighted.
    await page.getByTestId('board').selectOption('battle-players');
    await page.getByTestId('board-about').getByText('Battles won.', { exact: true }).waitFor();
    await page
      .getByTestId('own-rank')
      .getByText(/Your rank: \d+/)
      .waitFor();
    const row = page.getByTestId('leaderboard').locator('tr.is-own');
    await row.getByText(player.displayName).waitFor();
    await expect.poll(() => row.locator('td.numeric').textContent()).toBe('2');
    // Back on top players (their own figures are loaded now): with no trophies they are not on it,
    // which the page says above the others' rows. An empty board (nobody in this run has trophies
    // yet) says no rank, only "No entries yet" and the way onto it (checked when it is empty: a file
    // run alone). Their own row gone, the battle board's rows are.
    await page.getByTestId('board').selectOption('top-players');
    await expect.poll(() => row.count()).toBe(0);
    const board = page.getByTestId('leaderboard');
    await board.or(page.getByText('No entries yet', { exact: true })).waitFor();
    if ((await board.count()) > 0)
      await page.getByTestId('own-rank').getByText('You are not on this board yet.').waitFor();
    else {
      expect(await page.getByTestId('own-rank').count()).toBe(0);
      // An empty board says the way onto it (a walk read "Play battles" on the hosts' board).
      await page.getByText('Win trophies in tournaments to be on this board.', { exact: true }).waitFor();
    }
    await page.getByTestId('board').selectOption('battle-players');
    await row.getByText(player.displayName).waitFor();
    // Boards other than all-time trophies say each player's trophies under the name.
    await row.getByText('0 trophies', { exact: true }).waitFor();
    // This month: the same two wins; the choice lives in the URL.
    await shot(browser, 'leaderboards-all-time');
    // The periods are tabs: one Tab stop, the arrow keys move and choose (WAI-ARIA's tabs pattern).
    await page.getByRole('tab', { name: 'All time' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('this-month');
    expect(await focusedIn(page)).toBe('This month');
    // The panel is named by the tab once the page has rendered the address's period.
    await page.getByRole('tabpanel', { name: 'This month' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('all-time');
    await page.getByRole('tab', { name: 'This month' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('this-month');
    await row.getByText(player.displayName).waitFor();
    // The trophies under a name are of all time, and a month's board says so.
    await row.getByText('0 trophies in all').waitFor();
    // The month is named, with when the board starts afresh (the 1st of the next, in the reader's time).
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.now(),
    );
    expect(await page.getByTestId('board-month').textContent()).toMatch(
      new RegExp(`^${month}\\. The board starts afresh on 1 \\w{3,4} \\d{4}, \\d\\d:\\d\\d\\.$`),
    );
    // Coins won in battles: the prizes, 2 × 260.
    await page.getByTestId('board').selectOption('earned-battle');
    await expect.poll(() => row.locator('td.numeric').textContent()).toContain('520');
    await shot(browser, 'leaderboards');
    expect(browser.errors).toEqual([]);
  });

  it('a player with no figures this month is told they are not on its board', async () => {
    await wins(await verifiedUser(500), 1);
    const player = await verifiedUser();
    const browser = await signedIn(player.email, { at: '/leaderboards?board=battle-players&period=this-month' });
    const { page } = browser;
    await page.getByTestId('leaderboard').waitFor();
    await page.getByTestId('own-rank').getByText('You are not on this board yet.').waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('a profile shows statistics, badges, progress for its owner, and history with load-more', async () => {
    const player = await verifiedUser(4000);
    await wins(player, 11);
    // A bracket's semi-final losers share 3rd–4th: the line says so (written as the finish writes it).
    await adminDb.doc(`users/${player.uid}/history/tournament_shared-cup`).set({
      kind: 'tournament',
      at: Date.now() - 86_400_000,
      ref: 'shared-cup',
      tournamentName: 'Shared Cup',
      game: 'fortnite',
      place: 3,
      placeTo: 4,
      coins: 0,
      trophies: 3,
    });
    const browser = await signedIn(player.email, { at: `/user/${player.uid}` });
    const { page } = browser;
    const stats = page.getByTestId('stats');
    // Polled on the whole section, so a failure shows what it said instead.
    await expect.poll(() => stats.textContent(), { timeout: 30_000 }).toContain('100%');
    await page.getByTestId('badges').getByText('Ten wins', { exact: true }).waitFor();
    await page.getByTestId('badges').getByText('First win', { exact: true }).waitFor();
    await page.getByTestId('badges').getByText('Alpha player', { exact: true }).waitFor();
    // 11 battles: Regular (5), on the way to Contender (20).
    await page.getByTestId('progress').getByText('Class: Regular').waitFor();
    await page.getByTestId('progress').getByText('9 more activity points to Contender').waitFor();
    // Ten lines, then the eleventh after "Show more"; each battle links to its page for its player.
    const history = page.getByTestId('history');
    await expect.poll(() => history.locator('li').count()).toBe(10);
    await history.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => history.locator('li').count()).toBe(12);
    await expect(history.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
    const shared = history.locator('li').last();
    await shared.getByText('Shared 3rd–4th place in Shared Cup').waitFor();
    expect(await shared.locator('.chip').first().textContent()).toBe('#3–4');
    await shot(browser, 'profile-standing');

    // Someone else sees the same statistics and badges, not the owner's progress.
    const visitor = await verifiedUser();
    const other = await signedIn(visitor.email, { at: `/user/${player.uid}` });
    await other.page.getByTestId('badges').getByText('Ten wins', { exact: true }).waitFor();
    await expect(other.page.getByTestId('progress').count()).resolves.toBe(0);
    expect([...browser.errors, ...other.errors]).toEqual([]);
  });

  it('a profile shows reliability as the share of tournament matches shown up to, for a record of before 2026-12-01 too', async () => {
    const [player, early, visitor] = await Promise.all([verifiedUser(), verifiedUser(), verifiedUser()]);
    const noShowLog = [{ at: Date.now() - 86_400_000, match: 'cup/match' }];
    await adminDb
      .doc(`users/${player.uid}`)
      .set({ reliability: { matches: 4, noShows: 1, noShowLog } }, { merge: true });
    // Written before `noShows` came with every match: a player who never missed one has none.
    await adminDb.doc(`users/${early.uid}`).set({ reliability: { matches: 3 } }, { merge: true });
    const browser = await signedIn(visitor.email, { at: `/user/${player.uid}` });
    const card = browser.page.getByTestId('reliability');
    await expect.poll(() => card.getByTestId('reliability-figure').textContent()).toBe('75%');
    await card.getByText('Showed up for 3 of 4 tournament matches.').waitFor();
    await browser.page.goto(`${WEB}/user/${early.uid}`);
    await expect.poll(() => card.getByTestId('reliability-figure').textContent()).toBe('100%');
    await card.getByText('Showed up for 3 of 3 tournament matches.').waitFor();
    expect(browser.errors).toEqual([]);
  });

  it("a player kept out by their reliability reads why, instead of a Join button: a no-show ban, a host's bar", async () => {
    const [host, player] = await Promise.all([verifiedUser(), verifiedUser()]);
    // Two absences in other tournaments, the latest an hour ago: banned for 24 hours from it.
    const noShowLog = [
      { at: Date.now() - 2 * 86_400_000, match: 'cup-a/match' },
      { at: Date.now() - 3_600_000, match: 'cup-b/match' },
    ];
    await adminDb
      .doc(`users/${player.uid}`)
      .set({ reliability: { matches: 4, noShows: 2, noShowLog } }, { merge: true });
    const { id } = (await createTournament(host.token, { entryFee: 130, startTime: Date.now() + 86_400_000 })).body;
    const browser = await signedIn(player.email, { at: `/tournaments/${id}` });
    await expect
      .poll(() => browser.page.getByTestId('tournament-status').textContent())
      .toMatch(/^You missed too many matches lately, so you cannot join paid tournaments until .+\.$/);
    expect(await browser.page.getByTestId('join').count()).toBe(0);
    // A free tournament whose host asks for 80 % keeps out a player who showed up to half their matches.
    const strict = (
      await createTournament(host.token, { entryFee: 0, minReliability: 80, startTime: Date.now() + 86_400_000 })
    ).body;
    await browser.page.goto(`${WEB}/tournaments/${strict.id}`);
    await expect
      .poll(() => browser.page.getByTestId('tournament-status').textContent())
      .toBe('This tournament asks for a reliability of 80% or more, and yours is 50%. Play your matches to raise it.');
    expect(await browser.page.getByTestId('join').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('search: random players with no text, then by name five at a time with load-more', async () => {
    const stem = `Find${randomUUID().slice(0, 5)}`;
    for (let index = 0; index < 7; index += 1) await newUser({ displayName: `${stem}${index}` });
    const viewer = await verifiedUser();
    await createTournament(viewer.token, { name: `${stem} Cup`, startTime: Date.now() + 2 * 86_400_000 });
    // The search page is a full-screen overlay, without the header's coin balance. Opened from the
    // header's Search, its box has the keyboard, ready to type in.
    const browser = await signedIn(viewer.email, { at: '/tournaments' });
    const { page } = browser;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Search', exact: true }).click();
    await page.getByTestId('search-users').waitFor();
    await expect.poll(() => page.getByRole('searchbox').evaluate((box) => box === document.activeElement)).toBe(true);
    await page.getByRole('heading', { name: 'Players to discover' }).waitFor();
    await expect.poll(() => page.getByTestId('search-users').locator('li').count()).toBe(5);
    expect(await page.getByTestId('more-users').count()).toBe(0);
    // Typing is debounced; the results are the name's, five first.
    await page.getByRole('searchbox').fill(stem.toLowerCase());
    await page.getByRole('heading', { name: 'Players', exact: true }).waitFor();
    const users = page.getByTestId('search-users');
    await users.getByText(`${stem}0`).waitFor();
    await expect.poll(() => users.locator('li').count()).toBe(5);
    await page.getByTestId('more-users').click();
    await users.getByText(`${stem}6`).waitFor();
    await expect.poll(() => users.locator('li').count()).toBe(7);
    expect(await page.getByTestId('more-users').count()).toBe(0);
    // A tournament found by name says what state it is in.
    await page
      .getByTestId('search-tournaments')
      .getByRole('link', { name: `${stem} Cup Open` })
      .waitFor();
    // Each preview offers follow and challenge.
    const row = users.locator('li').filter({ hasText: `${stem}3` });
    await row.getByRole('button', { name: 'Follow' }).waitFor();
    await row.getByRole('link', { name: 'Challenge' }).waitFor();
    await shot(browser, 'search');
    // On a 360 px phone the field's placeholder is whole, and Close is a cross still named Close.
    await page.setViewportSize({ width: 360, height: 740 });
    const room = await page.getByRole('searchbox').evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const placeholder = getComputedStyle(input, '::placeholder');
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${placeholder.fontSize} ${placeholder.fontFamily}`;
      const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inner - context.measureText(input.placeholder).width;
    });
    expect(room).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close' }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('search: players to discover never lists the player themself', async () => {
    // Enough players for a full page, whoever else the database holds.
    await Promise.all(Array.from({ length: 5 }, () => newUser()));
    const viewer = await verifiedUser();
    const browser = await signedIn(viewer.email);
    const { page } = browser;
    // The page is random: here the server's answer starts with the viewer, as it may by chance.
    await page.route('**/api/searchUsers?*', async (route) => {
      const response = await route.fetch();
      if (!route.request().url().includes('random=true')) return route.fulfill({ response });
      const body = (await response.json()) as { hits: unknown[] };
      body.hits.unshift({
        id: viewer.uid,
        source: { uid: viewer.uid, displayName: viewer.displayName, avatar: null, trophies: 0 },
      });
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${WEB}/search`);
    await page.getByRole('heading', { name: 'Players to discover' }).waitFor();
    const users = page.getByTestId('search-users');
    await expect.poll(() => users.locator('li').count()).toBe(5);
    expect(await users.getByText(viewer.displayName).count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('the landing page counts live: a new player shows with the next published figures; the next tournaments link to their pages', async () => {
    await createTournament((await verifiedUser()).token, { startTime: Date.now() + 2 * 86_400_000 });
    const publish = () => call('/internal/sweep', { body: { figures: true } });
    await publish();
    const browser = await openBrowser();
    try {
      const { page } = browser;
      await page.goto(WEB);
      const players = page.getByTestId('live-figures').locator('[data-figure="players"] .big-number');
      await expect.poll(async () => /^[\d,]+$/.test((await players.textContent()) ?? '')).toBe(true);
      const before = Number((await players.textContent())!.replaceAll(',', ''));
      await newUser();
      // The sweeper publishes the figures (every minute in production): the open page takes them.
      // (Another browser file may have published them first: then this publish changes nothing.)
      expect((await publish()).status).toBe(200);
      // Other browser tests may register players at the same moment: at least ours is counted.
      await expect
        .poll(async () => Number((await players.textContent())!.replaceAll(',', '')))
        .toBeGreaterThanOrEqual(before + 1);
      const upcoming = page.getByTestId('upcoming-tournaments').locator('li a');
      await expect.poll(() => upcoming.count()).toBeGreaterThan(0);
      expect(await upcoming.first().getAttribute('href')).toMatch(/^\/tournaments\/[\w-]+$/);
      await shot(browser, 'landing-figures');
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('the consent banner gates analytics: nothing before a choice, never under the emulator, changeable', async () => {
    const browser = await openBrowser({ consent: true });
    try {
      const { page } = browser;
      const trackers: string[] = [];
      page.on('request', (request) => {
        if (/google-analytics|googletagmanager|firebase-analytics|analytics\.google/.test(request.url()))
          trackers.push(request.url());
      });
      const state = () => page.evaluate(() => document.documentElement.dataset.analytics);
      await page.goto(`${WEB}/fi-FI`);
      const banner = page.getByTestId('consent-banner');
      await banner.getByText('Saammeko laskea sivujen katselut').waitFor();
      // The bar comes with the HTML; the app says what analytics does once it runs.
      await expect.poll(state).toBe('awaiting-consent');
      await shot(browser, 'consent-banner');
      // Declined: the banner goes and stays gone after a reload.
      await banner.getByRole('button', { name: 'Kieltäydy' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await state()).toBe('declined');
      await page.reload();
      await page.getByTestId('live-figures').waitFor();
      // In the HTML but never shown to a visitor who has chosen; the app then removes it.
      expect(await page.getByTestId('consent-banner').isVisible()).toBe(false);
      await expect.poll(() => page.getByTestId('consent-banner').count()).toBe(0);
      // The footer asks again; accepting under the emulator starts nothing.
      await page.getByTestId('consent-settings').click();
      await page.getByTestId('consent-accept').click();
      await expect.poll(state).toBe('off');
      expect(await page.evaluate(() => localStorage.getItem('versus:analyticsConsent'))).toBe('granted');
      await page.goto(`${WEB}/fi-FI/leaderboards`);
      await page.getByRole('heading', { name: 'Tulostaulut' }).waitFor();
      expect(trackers).toEqual([]);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a player uploads a picture, crops it square, is told when a file is no readable image, and can go back to the illustration', async () => {
    const player = await verifiedUser();
    // On a phone, where the crop area once ran past the dialog's padding.
    const browser = await signedIn(player.email, { at: '/profile/settings', width: 375 });
    const { page } = browser;
    const editor = page.getByTestId('avatar-editor');
    await expect
      .poll(() => editor.locator('img.avatar').getAttribute('src'))
      .toMatch(/^\/avatars\/random-avatar-[1-8]\.svg$/);
    // A wide picture: the browser crops it square before it goes.
    const wide = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#20c997' } })
      .png()
      .toBuffer();
    await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: wide });
    const dialog = page.getByTestId('avatar-crop');
    await dialog.getByText('Drag the picture to place it in the circle.').waitFor();
    // The crop area keeps inside the dialog's content, as wide as the zoom slider at most.
    const [area, slider] = await Promise.all([
      dialog.locator('.avatar-crop-area').boundingBox(),
      dialog.getByRole('slider').boundingBox(),
    ]);
    expect(area!.x + area!.width).toBeLessThanOrEqual(slider!.x + slider!.width + 0.5);
    await shot(browser, 'avatar-crop');
    await dialog.getByTestId('avatar-save').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => editor.locator('img.avatar').getAttribute('src'))
      .toContain(`/blobs/avatars/${player.uid}/`);
    const stored = (await adminDb.doc(`users/${player.uid}`).get()).get('avatar') as string;
    expect(stored).toContain(`/blobs/avatars/${player.uid}/`);
    // Saying so: the picture changing alone was easy to miss.
    await expect
      .poll(() => editor.getByTestId('avatar-done').textContent())
      .toBe('Your new picture is saved: everyone sees it now.');
    // A file that is not an image is refused in the browser with the rule.
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await editor
      .getByText(/jpg|jpeg|png|gif/i)
      .first()
      .waitFor();
    // A file typed as a PNG that no browser can decode is refused too, and the crop stays shut.
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: wide.subarray(0, 40) });
    await editor.getByText('This file could not be read as an image. Choose another one.').waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await editor.getByTestId('avatar-remove').click();
    await expect.poll(() => editor.locator('img.avatar').getAttribute('src')).toMatch(/^\/avatars\/random-avatar-/);
    await expect
      .poll(() => editor.getByTestId('avatar-done').textContent())
      .toBe('Your picture is gone: everyone sees the illustration now.');
    expect(browser.errors).toEqual([]);
  });

  it('a player sees the real name and country they registered with, and corrects them by the same rules', async () => {
    const player = await verifiedUser();
    const browser = await signedIn(player.email, { at: '/fi-FI/profile/settings' });
    const { page } = browser;
    const form = page.getByTestId('personal-details');
    await expect.poll(() => form.getByLabel('Etunimi').inputValue()).toBe('Test');
    expect(await form.getByLabel('Sukunimi').inputValue()).toBe('Player');
    expect(await form.getByLabel('Maa').inputValue()).toBe('FI');
    // The display name beside them is for good, and the page says so.
    expect(await page.getByTestId('display-name-fixed').textContent()).toBe(
      'Muut pelaajat löytävät sinut nimimerkistäsi, joten sitä ei voi vaihtaa.',
    );
    // Nothing changed, nothing to save; the registration's rules, told before and after sending.
    expect(await form.getByRole('button', { name: 'Tallenna tiedot' }).isDisabled()).toBe(true);
    await form.getByLabel('Etunimi').fill('Al');
    await form.getByLabel('Maa').selectOption('CA');
    expect(await form.locator('option[value="CA"]').textContent()).toBe('Kanada (ei vielä saatavilla)');
    await form.getByRole('button', { name: 'Tallenna tiedot' }).click();
    await form.getByText('Valitettavasti emme ole vielä saatavilla maassasi').waitFor();
    expect(await form.getByText('Vähintään 3 merkkiä').count()).toBe(2);
    // Corrected, saved, and kept across a reload.
    await form.getByLabel('Etunimi').fill('Aino');
    await form.getByLabel('Sukunimi').fill('Virtanen');
    await form.getByLabel('Maa').selectOption('SE');
    await form.getByRole('button', { name: 'Tallenna tiedot' }).click();
    await form.getByTestId('personal-details-saved').filter({ hasText: 'Tietosi on tallennettu.' }).waitFor();
    // Saved, nothing is left to save: the button says so and keeps the keyboard (record 148).
    expect(await form.getByRole('button', { name: 'Tallenna tiedot' }).isDisabled()).toBe(true);
    expect(await focusedIn(page)).toBe('Tallenna tiedot');
    expect((await adminDb.doc(`users/${player.uid}/private/account`).get()).data()).toMatchObject({
      firstName: 'Aino',
      lastName: 'Virtanen',
      country: 'SE',
    });
    await page.reload();
    await expect.poll(() => form.getByLabel('Etunimi').inputValue()).toBe('Aino');
    expect(await form.getByLabel('Maa').inputValue()).toBe('SE');
    // Another place saves a first name while this one types a last name: this form takes the other's
    // first name, keeps what is typed, and saving keeps both. It sent its older first name (walk AK).
    await form.getByLabel('Sukunimi').fill('Korhonen');
    const elsewhere = await call('/profile/personalDetails', {
      token: player.token,
      method: 'PUT',
      body: { firstName: 'Alpha', lastName: 'Virtanen', country: 'SE' },
    });
    expect(elsewhere.status).toBe(200);
    await expect.poll(() => form.getByLabel('Etunimi').inputValue()).toBe('Alpha');
    expect(await form.getByLabel('Sukunimi').inputValue()).toBe('Korhonen');
    await form.getByRole('button', { name: 'Tallenna tiedot' }).click();
    await form.getByTestId('personal-details-saved').filter({ hasText: 'Tietosi on tallennettu.' }).waitFor();
    expect((await adminDb.doc(`users/${player.uid}/private/account`).get()).data()).toMatchObject({
      firstName: 'Alpha',
      lastName: 'Korhonen',
      country: 'SE',
    });
    // Nobody else sees them: the public profile has no such fields.
    const profile = (await adminDb.doc(`users/${player.uid}`).get()).data()!;
    expect(JSON.stringify(profile)).not.toContain('Korhonen');
    expect(browser.errors).toEqual([]);
  });

  it('a player changes their e-mail: a link to the new address, then a login with it', async () => {
    const player = await verifiedUser();
    const browser = await signedIn(player.email, { at: '/profile/settings' });
    const { page } = browser;
    const form = page.getByTestId('change-email');
    // An address longer than any can be (254 characters) is refused in the form, as at registration.
    await form.getByLabel('New e-mail address').fill(`${'a'.repeat(300)}@versus.test`);
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Send a confirmation link' }).click();
    await form.getByText('Enter a valid e-mail address').waitFor();
    // The same address is refused in the form; a new one gets a link.
    await form.getByLabel('New e-mail address').fill(player.email);
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Send a confirmation link' }).click();
    await form.getByText('This is already your e-mail address.').waitFor();
    const next = `moved-${randomUUID().slice(0, 8)}@versus.test`;
    await form.getByLabel('New e-mail address').fill(next);
    await form.getByRole('button', { name: 'Send a confirmation link' }).click();
    await form.getByText(`We sent a link to ${next}.`, { exact: false }).waitFor();
    // The Auth emulator files the link under the current address (the new one is in the link).
    const codes = await oobCodesFor(player.email);
    const link = codes.find((code) => code.requestType === 'VERIFY_AND_CHANGE_EMAIL');
    expect(link).toBeDefined();
    await page.goto(`${WEB}/auth/action?mode=verifyAndChangeEmail&oobCode=${link!.oobCode}`);
    await page.getByTestId('email-changed').getByText(`Your account now uses ${next}. Log in with it.`).waitFor();
    // The next sign-in is with the new address; the account copies it. This browser ended its own
    // session: its login page has nothing to say of a session ended elsewhere.
    await page.goto(`${WEB}/login`);
    await page.getByLabel('E-mail').waitFor();
    expect(await page.getByTestId('signed-out-elsewhere').count()).toBe(0);
    await page.getByLabel('E-mail').fill(next);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('coin-balance').waitFor();
    await expect
      .poll(async () => (await adminDb.doc(`users/${player.uid}/private/account`).get()).get('email'))
      .toBe(next);
    await shot(browser, 'email-changed');

    // Then the password: its success goes as the form is used again, so a refusal never sits beside it.
    // The player is signed in on a phone too, which the new password signs out.
    const phone = await signedIn(next, { at: '/my-games', width: 390, height: 844 });
    await page.goto(`${WEB}/profile/settings`);
    const passwordForm = page.getByTestId('change-password');
    // A wrong current password, sent by Enter from the last field: said at its field, which has the
    // keyboard. The validation on that move wiped it once (walk AC); it is refused while it is typed.
    const current = passwordForm.getByLabel('Current password');
    const wrong = passwordForm.getByText('The current password is wrong');
    await current.fill('Not-my-password-1');
    await passwordForm.getByLabel('New password').fill('Fresh-start-9');
    await passwordForm.getByLabel('Confirm password').fill('Fresh-start-9');
    await passwordForm.getByLabel('Confirm password').press('Enter');
    await expect.poll(() => current.evaluate((input) => input === document.activeElement)).toBe(true);
    await wrong.waitFor();
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    await current.fill('Not-my-password-2');
    await wrong.waitFor({ state: 'detached' });
    await current.fill('Not-my-password-1');
    await wrong.waitFor();
    await current.fill(PASSWORD);
    // The same password again is no change, and the form says so instead of "changed".
    await passwordForm.getByLabel('New password').fill(PASSWORD);
    await passwordForm.getByLabel('Confirm password').fill(PASSWORD);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Choose a password other than your current one').waitFor();
    await passwordForm.getByLabel('New password').fill('Fresh-start-9');
    await passwordForm.getByLabel('Confirm password').fill('Fresh-start-9');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('Your password has been changed.').waitFor();
    // The phone's next page finds its session over, and its login page says why: it read only
    // "Log in" (walk AK).
    await phone.page.reload();
    await phone.page
      .getByTestId('signed-out-elsewhere')
      .getByText('You were signed out here because your account changed elsewhere', { exact: false })
      .waitFor();
    expect(phone.page.url()).toContain('/login');
    expect(phone.errors).toEqual([]);
    await passwordForm.getByLabel('New password').fill(`Aa1${'x'.repeat(200)}`);
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await passwordForm.getByText('The password is too long').waitFor();
    expect(await passwordForm.getByText('Your password has been changed.').count()).toBe(0);

    // (Firebase mails the old address an undo link; the Auth emulator issues none for a verified
    // change, so the next test takes the undo link it issues for a changed address.)
    expect(browser.errors).toEqual([]);
  });

  it('the undo link sent to the old address takes the account back to it', async () => {
    const player = await verifiedUser();
    const moved = `moved-${randomUUID().slice(0, 8)}@versus.test`;
    await adminAuth.updateUser(player.uid, { email: moved });
    const undo = (await oobCodesFor(player.email)).find((code) => code.requestType === 'RECOVER_EMAIL');
    expect(undo).toBeDefined();
    const browser = await openBrowser();
    try {
      await browser.page.goto(`${WEB}/auth/action?mode=recoverEmail&oobCode=${undo!.oobCode}`);
      await browser.page.getByText(`Your account uses ${player.email} again.`, { exact: false }).waitFor();
      expect((await adminAuth.getUser(player.uid)).email).toBe(player.email);
    } finally {
      await browser.close();
    }
    // Signed in with it, the account copies the address back from Auth (it had the moved one).
    await adminDb.doc(`users/${player.uid}/private/account`).update({ email: moved });
    const again = await signedIn(player.email);
    await expect
      .poll(async () => (await adminDb.doc(`users/${player.uid}/private/account`).get()).get('email'))
      .toBe(player.email);
    expect(again.errors).toEqual([]);
  });
});
