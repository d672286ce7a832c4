import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminDb, call, done, createTournament, fundsOf, verifiedUser } from '../functions/test/helpers';
import { prizeSplit } from '@versus/domain/tournaments/tournament';
import { focusedIn, openBrowser, shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

/** A real picture file to pick, wider than 1280 so the browser compresses it first. */
async function coverFile(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'versus-cover-')), 'cover.png');
  const image = await sharp({ create: { width: 1600, height: 1013, channels: 3, background: '#c0392b' } })
    .composite([
      {
        input: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#f1c40f' } })
          .png()
          .toBuffer(),
        left: 1000,
        top: 300,
      },
    ])
    .png()
    .toBuffer();
  writeFileSync(path, image);
  return path;
}

describe('tournaments in the browser', () => {
  it('a host creates a paid tournament with a cover through the wizard; a player finds it, joins, and the count rises live', async () => {
    const hostUser = await verifiedUser();
    const playerUser = await verifiedUser(1000);
    const name = `Wizard Cup ${randomUUID().slice(0, 6)}`;
    const host = await signedIn(hostUser.email, { at: '/tournaments/add', ready: 'wizard-next' });
    const page = host.page;

    // Next without a game says what is missing.
    await page.getByTestId('wizard-next').click();
    // Said as it appears, and with the group it is about (walk AC: a plain line, read by no one).
    await page.getByRole('alert').filter({ hasText: 'Choose a game.' }).waitFor();
    expect(await page.getByTestId('wizard-game').locator('fieldset').getAttribute('aria-describedby')).toBe(
      'tournament-game-error',
    );
    await page.locator('.game-option').filter({ hasText: 'VALORANT' }).click();
    await page.getByTestId('wizard-next').click();

    await page.getByTestId('wizard-format').waitFor();
    await page.getByTestId('chips-platform').getByText('PC', { exact: true }).click();
    await page.getByTestId('chips-size').getByText('16 players').click();
    // The fewest it starts with is said where its size is chosen.
    await page
      .getByTestId('chips-size')
      .getByText('It starts only with at least 4 entrants checked in; with fewer, it is cancelled.')
      .waitFor();
    // The tournament's own check-in before the start is said beside the one per match, which is a choice.
    expect(await page.getByTestId('start-check-in-note').textContent()).toBe(
      'Every tournament also asks its players to check in once, during the 30 minutes before the start: whoever does not loses their place.',
    );
    // Check-in per match: what happens when neither side comes is said under the choice, the final included.
    await page.getByTestId('chips-checkInMinutes').getByText('10 min', { exact: true }).click();
    expect(await page.getByTestId('both-absent-meaning').textContent()).toBe(
      'If neither side checks in, the higher seed advances, in the final too.',
    );
    await page.getByTestId('chips-bothAbsent').getByText('Both forfeit').click();
    expect(await page.getByTestId('both-absent-meaning').textContent()).toBe(
      'If neither side checks in, both forfeit. Where that would leave a later match with nobody, or the final with one player, the higher seed advances instead.',
    );
    // As each bracket plays it: a table's match has nobody to advance; double elimination never drops both.
    await page.getByTestId('chips-bracket').getByText('Round robin', { exact: true }).click();
    expect(await page.getByTestId('both-absent-meaning').textContent()).toBe(
      'If neither side checks in, both forfeit: neither wins the match.',
    );
    await page.getByTestId('chips-bracket').getByText('Double elimination', { exact: true }).click();
    expect(await page.getByTestId('both-absent-meaning').textContent()).toBe(
      'If neither side checks in, the higher seed advances, in the final too: a double elimination bracket cannot drop both sides of a match.',
    );
    await page.getByTestId('chips-bracket').getByText('Single elimination', { exact: true }).click();
    await page.getByTestId('chips-size').getByText('16 players').click();
    await page.getByTestId('chips-checkInMinutes').getByText('None', { exact: true }).click();
    expect(await page.getByTestId('both-absent-meaning').count()).toBe(0);
    await page.getByTestId('wizard-next').click();

    // Free, there is no pool: no payout to choose until a fee is. The one-a-day rule is said here, not
    // only at the schedule (record 190).
    expect(await page.getByTestId('free-note').textContent()).toContain('You can host one free tournament per day.');
    expect(await page.getByTestId('chips-payoutStructure').count()).toBe(0);
    await page.getByTestId('chips-entryFee').getByText('130').click();
    await page.getByTestId('chips-payoutStructure').getByText('Top 2 (70/30)').click();
    // The host learns here, not after creating it, that they cannot also play for its prize.
    await page.getByText('As the host you cannot also play in it for the prize.', { exact: false }).waitFor();
    // How a tie pays is said where a table is chosen, not only on its finished standings (walk AK); a
    // bracket's places are decided by its rounds.
    expect(await page.getByTestId('tie-note').count()).toBe(0);
    const back = () => page.locator('.wizard-nav').getByRole('button', { name: 'Back' }).click();
    await back();
    await page.getByTestId('chips-bracket').getByText('Round robin', { exact: true }).click();
    await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('tie-note').textContent()).toBe(
      'Players still level at the end, after the table’s tiebreaks, share a place and split the prizes of the places it covers; a coin that does not divide evenly goes to the one listed first.',
    );
    await back();
    await page.getByTestId('chips-bracket').getByText('Single elimination', { exact: true }).click();
    await page.getByTestId('chips-size').getByText('16 players').click();
    await page.getByTestId('wizard-next').click();
    expect(await page.getByTestId('tie-note').count()).toBe(0);
    // A paid VALORANT competition in Europe carries Riot's licence (issue #58): the step asks for it.
    await page.getByTestId('wizard-next').click();
    await page.getByText('Enter the reference of Riot’s licence for this competition (3 to 60 characters).').waitFor();
    await page.getByLabel('Riot licence reference').fill('EUR-2026-00421');
    // …and the countries it covers, one at least.
    await page.getByText('Choose the countries the Riot licence covers (at least one).').waitFor();
    await page.getByTestId('licence-country-add').selectOption({ label: 'Sweden' });
    await page.getByTestId('licence-country-add').selectOption({ label: 'Finland' });
    await page.getByRole('button', { name: 'Remove Sweden' }).click();
    expect(await page.getByTestId('licence-countries').textContent()).toContain('Finland');
    expect(await page.getByTestId('licence-countries').textContent()).not.toContain('Sweden');
    await shot(host, 'wizard-entry-licence');
    await page.getByTestId('wizard-next').click();

    await page.getByLabel('Name').fill(name);
    // The description's least length is said before Next refuses it.
    await page.getByText('At least 20 characters: what players can expect.').waitFor();
    await page.getByLabel('Description').fill('Short.');
    await page.getByLabel('Rules').fill('Best of three. Screenshots of every result.');
    // A GIF the browser cannot read (GIFs go up uncompressed) is refused before any upload.
    await page
      .getByTestId('cover-input')
      .setInputFiles({ name: 'broken.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a broken') });
    await page.getByText('This file could not be read as an image. Choose another one.').waitFor();
    expect(await page.locator('.focal-point').count()).toBe(0);
    await page.getByTestId('cover-input').setInputFiles(await coverFile());
    await page.locator('.focal-point').waitFor();
    // A click on the cover moves its focal point.
    const frame = page.getByTestId('cover-frame');
    const box = (await frame.boundingBox())!;
    await frame.click({ position: { x: box.width * 0.75, y: box.height * 0.4 } });
    await page.getByTestId('wizard-next').click();
    // The description is too short: the step stays and says so.
    await page.getByText('The description must be 20 to 450 characters.').waitFor();
    // …tied to its box, as any form's error is, for a screen reader to read with it.
    const description = page.getByLabel('Description');
    expect(await description.getAttribute('aria-invalid')).toBe('true');
    expect(await description.getAttribute('aria-describedby')).toBe('tournament-description-error');
    // The box in the wrong is outlined as a wrong input is, a text area too.
    const border = (label: string) => page.getByLabel(label).evaluate((box) => getComputedStyle(box).borderTopColor);
    expect(await border('Description')).not.toBe(await border('Rules'));
    await page.getByLabel('Description').fill('Sixteen players, best of three, prizes for the top two. Be on time.');

    // The draft survives a reload.
    await page.reload();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(name);
    // Back to the game from the stepper, then straight on to the details: the steps reached stay open.
    const steps = page.getByRole('list', { name: 'Steps' });
    await steps.getByRole('button', { name: 'Game' }).click();
    await page.getByTestId('wizard-game').waitFor();
    expect(await steps.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
    await steps.getByRole('button', { name: 'Details' }).click();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(name);
    await page.getByTestId('wizard-next').click();

    await page.getByTestId('open-date-picker').click();
    // Opened, the keyboard is on a day of the calendar (today's, nothing being chosen yet).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('date');
    // Opened, nothing chosen yet: no error, Done waits for a day.
    await page.getByTestId('date-picker-done').waitFor();
    expect(await page.getByTestId('date-picker-errors').count()).toBe(0);
    expect(await page.getByTestId('date-picker-done').isDisabled()).toBe(true);
    // It opens on this month; the months before have no day left to pick.
    expect(await page.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(true);
    await page.getByTestId('picker-hours').fill('25');
    await page.getByText('Hours are a number from 0 to 23.').waitFor();
    expect(await page.getByTestId('date-picker-done').isDisabled()).toBe(true);
    await page.getByTestId('picker-hours').fill('20');
    await page.getByTestId('picker-minutes').fill('30');
    await page.getByRole('button', { name: 'Next month' }).click();
    expect(await page.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(false);
    // Back to this month by keyboard: Previous month turns disabled and keeps the focus; pressed
    // again, it does nothing (it once moved the focus to Next month, whose next Enter went forward).
    await page.getByRole('button', { name: 'Previous month' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Previous month');
    const thisMonth = await page.getByRole('grid').getAttribute('aria-labelledby');
    const monthName = () => page.locator(`[id="${thisMonth}"]`).textContent();
    const shownMonth = await monthName();
    await page.keyboard.press('Enter');
    expect(await monthName()).toBe(shownMonth);
    // The grid is named by its month; each day by its whole date, today marked.
    expect(await page.getByRole('grid', { name: shownMonth! }).count()).toBe(1);
    expect(await page.locator('[aria-current="date"]').getAttribute('aria-label')).toMatch(
      /^\w+day, \d{1,2} \w+ \d{4}$/,
    );
    await page.getByRole('button', { name: 'Next month' }).click();
    expect(await page.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(false);
    await shot(host, 'date-picker');
    await page.locator('.calendar-day:not([aria-disabled])').filter({ hasText: /^15$/ }).click();
    // The calendar is one Tab stop, and the keys move through it as WAI-ARIA's date picker has them:
    // a week down, Space to choose, a week up, Enter; a month on with Page Down and back with Page Up.
    expect(await page.locator('.calendar-day[tabindex="0"]').allTextContents()).toEqual(['15']);
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.day);
    const fifteenth = (await focused())!;
    const shifted = (days: number, months = 0) => {
      const at = new Date(`${fifteenth}T00:00:00Z`);
      at.setUTCMonth(at.getUTCMonth() + months, at.getUTCDate() + days);
      return at.toISOString().slice(0, 10);
    };
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe(shifted(7));
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByTestId('picker-preview').textContent()).toMatch(/^Starts \w+day, 22 /);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('PageDown');
    await expect.poll(focused).toBe(shifted(0, 1));
    await page.keyboard.press('PageUp');
    await expect.poll(focused).toBe(fifteenth);
    await page.keyboard.press('Enter');
    // The instant typed, in the locale's words, before Done; and the zone it is in.
    await expect
      .poll(() => page.getByTestId('picker-preview').textContent())
      .toMatch(/^Starts \w+day, 15 .* at 20:30\.$/);
    expect(await page.getByTestId('picker-zone').textContent()).toMatch(/^Times are in your time zone, .+\.$/);
    await page.getByTestId('date-picker-done').click();
    await expect.poll(() => page.getByTestId('chosen-start').textContent()).toContain('20:30');
    expect(await page.getByTestId('start-soon-note').count()).toBe(0);
    // A start within two hours says what it risks (a walk's cup, 17 minutes ahead, was cancelled
    // with 2 of 4). The draft is kept in the browser: moved to 30 minutes ahead, then back.
    const startIn = (at: number | null, entryFee = 130) =>
      page.evaluate(
        ([key, time, fee]) => {
          const stored = JSON.parse(localStorage.getItem(key as string)!) as {
            state: { startTime: number; entryFee: number };
          };
          const before = stored.state.startTime;
          if (time !== null) stored.state.startTime = time as number;
          stored.state.entryFee = fee as number;
          localStorage.setItem(key as string, JSON.stringify(stored));
          return before;
        },
        ['versus:tournamentDraft', at, entryFee] as const,
      );
    const chosen = await startIn(Date.now() + 30 * 60_000);
    await page.reload();
    const soon = 'That is soon: players have until then to find it, join and check in. With fewer than 4 checked in,';
    await expect
      .poll(() => page.getByTestId('start-soon-note').textContent())
      .toBe(`${soon} it is cancelled and every fee refunded.`);
    // A free one has no fee to refund.
    await startIn(null, 0);
    await page.reload();
    await expect.poll(() => page.getByTestId('start-soon-note').textContent()).toBe(`${soon} it is cancelled.`);
    await startIn(chosen);
    await page.reload();
    await expect.poll(() => page.getByTestId('chosen-start').textContent()).toContain('20:30');
    expect(await page.getByTestId('start-soon-note').count()).toBe(0);
    await page.getByTestId('wizard-next').click();

    // The preview is the tournament page in state PREVIEW.
    const preview = page.getByTestId('tournament-preview');
    await preview.getByTestId('tournament-state').filter({ hasText: 'Preview' }).waitFor();
    expect(await preview.getByTestId('tournament-name').textContent()).toBe(name);
    await shot(host, 'tournament-1-preview');
    // The sentence ticks its box (a click on the middle of the line opened the terms' link instead).
    await page.getByText('I agree to the terms of service and will run this tournament fairly.').click();
    expect(await page.getByTestId('terms').isChecked()).toBe(true);
    // The start slips under the 15 minutes while the preview is read (16 minutes ahead, then the
    // page's clock two minutes on): Create opens the start's step and says what is wrong there, not
    // only "fix the marked fields".
    await startIn(Date.now() + 16 * 60_000);
    await page.reload();
    await page.getByTestId('tournament-preview').waitFor();
    await page.evaluate(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + 2 * 60_000;
    });
    await page.getByTestId('create-tournament').click();
    await page.getByText('The start must be at least 15 minutes from now.').waitFor();
    expect(await page.locator('[aria-current="step"]').textContent()).toContain('Start');
    // The step says how soon it may start before any day is picked (a walk met it only as this error).
    expect(await page.getByTestId('start-hint').textContent()).toMatch(
      /^In your time zone, at least 15 minutes from now\. Check-in opens 30 minutes before\./,
    );
    await startIn(chosen);
    await page.reload();
    await expect.poll(() => page.getByTestId('chosen-start').textContent()).toContain('20:30');
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('create-tournament').click();
    await page.waitForURL(/\/tournaments\/[A-Za-z0-9]{20}$/);
    // In the wizard's first entry of the history (its steps are entries of their own, record 188): Back
    // from the tournament goes where the wizard began, not through its emptied steps.
    expect(await page.evaluate(() => (window.history.state as { idx: number }).idx)).toBe(0);
    await page.getByTestId('riot-licence').filter({ hasText: 'Riot licence: EUR-2026-00421.' }).waitFor();
    await page.getByTestId('riot-licence-territory').filter({ hasText: 'Open to players in Finland.' }).waitFor();
    const id = page.url().split('/tournaments/')[1]!;
    await page.getByTestId('tournament-state').filter({ hasText: 'Open' }).waitFor();
    // The host reads the players' check-in rule, not an order to check in.
    expect(await page.getByTestId('check-in-note').textContent()).toBe(
      'Players check in during the 30 minutes before the start; the places of those who do not are given up and their fees refunded.',
    );
    const stored = (await adminDb.doc(`tournaments/${id}`).get()).data()!;
    expect(stored).toMatchObject({ name, entryFee: 130, size: 16, payoutStructure: 'top-2', platform: ['PC'] });
    expect(stored.coverImage.x).toBeGreaterThan(60);
    expect(stored.coverImage.downloadUrl).toContain('/api/blobs/tournaments/images/');
    expect(new Date(stored.startTime as number).getMinutes()).toBe(30);
    await page.getByTestId('participant-count').filter({ hasText: '0/16' }).waitFor();

    // A player finds it in browse with filters, kept in the URL.
    const player = await signedIn(playerUser.email, { at: '/tournaments' });
    // Prerendered HTML: the filters work once the app has taken over.
    await player.page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    // Two words of its name, in order: a phrase ("Cup 3f9a1c").
    await player.page.getByTestId('filter-name').fill(name.split(' ').slice(1).join(' '));
    await player.page.getByTestId('toggle-filters').click();
    // Games by name, "Other games" last; fees with the locale's digit grouping.
    const games = await player.page.getByTestId('filter-game').locator('option').allTextContents();
    expect(games.slice(1, 4)).toEqual(['Apex Legends', 'Call of Duty: Warzone', 'CS:GO']);
    expect(games.at(-1)).toBe('Other games');
    expect(await player.page.getByTestId('filter-entryFee').locator('option').allTextContents()).toContain(
      '1,260 coins',
    );
    await player.page.getByTestId('filter-game').selectOption('valorant');
    await player.page.getByTestId('filter-entryFee').selectOption('130');
    await player.page.getByTestId('filter-count').filter({ hasText: '3' }).waitFor();
    // Escape closes the panel from a filter, back on its button; the filters chosen stay.
    await player.page.getByTestId('filter-entryFee').focus();
    await player.page.keyboard.press('Escape');
    await player.page.getByTestId('filters-panel').waitFor({ state: 'detached' });
    expect(await focusedIn(player.page)).toBe('toggle-filters');
    expect(await player.page.getByTestId('filter-count').textContent()).toBe('3');
    // Opened again from its button, Escape there closes it too; and Enter opens it once more.
    await player.page.keyboard.press('Enter');
    await player.page.getByTestId('filters-panel').waitFor();
    await player.page.keyboard.press('Escape');
    await player.page.getByTestId('filters-panel').waitFor({ state: 'detached' });
    await player.page.keyboard.press('Enter');
    await player.page.getByTestId('filters-panel').waitFor();
    await player.page.waitForURL(/game=valorant/);
    const card = player.page.getByTestId('tournament-card').filter({ hasText: name });
    // The list reloads once the filters have been still for a second.
    await expect.poll(() => player.page.getByTestId('tournament-card').count(), { timeout: 10_000 }).toBe(1);
    await card.waitFor();
    // What the filters found is said to a screen reader too, in a live region kept on the page.
    const announced = player.page.getByRole('status').filter({ hasText: 'Showing 1 of 1 tournament' });
    await announced.waitFor({ state: 'attached' });
    await shot(player, 'tournament-2-browse');
    // A filter that excludes it empties the list.
    await player.page.getByTestId('filter-gameFormat').selectOption('TEAM');
    await player.page.locator('.empty-state').getByText('No tournament matches these filters. Try fewer.').waitFor();
    await player.page
      .getByRole('status')
      .filter({ hasText: 'No tournament matches these filters. Try fewer.' })
      .waitFor({ state: 'attached' });
    await player.page.getByTestId('filter-gameFormat').selectOption('');
    await card.click();

    await player.page.getByTestId('join').click();
    await player.page.getByTestId('confirm-join').click();
    await player.page.getByTestId('leave').waitFor();
    // Join is gone: the keyboard goes on at what the panel says now, not at the page's top.
    await expect.poll(() => focusedIn(player.page)).toBe('tournament-status');
    await player.page.getByTestId('coin-balance').filter({ hasText: '870' }).waitFor();
    // One entrant of 16: the prizes shown are a full tournament's, named so.
    await player.page.getByTestId('tournament-facts').getByText('Prizes when full').waitFor();
    const full = prizeSplit(130 * 16, 'top-2');
    const lines = await player.page.getByTestId('prize-split').locator('li').allTextContents();
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(`1st: ◎Coins: ${full.places[0]!.toLocaleString('en-GB')}`);
    expect(lines[1]).toContain(`2nd: ◎Coins: ${full.places[1]!.toLocaleString('en-GB')}`);
    expect(lines[2]).toContain(full.host.toLocaleString('en-GB'));
    await player.page.getByTestId('payout').waitFor();
    // The host's page counts the new player without a reload.
    await page.getByTestId('participant-count').filter({ hasText: '1/16' }).waitFor();
    await page.getByRole('link', { name: /Participants \(1\)/ }).click();
    const entry = page.getByTestId('participant').filter({ hasText: playerUser.displayName });
    await entry.waitFor();
    // The trophies shown are those the seeding used, held at joining: the list says so.
    expect(await page.getByTestId('seeding-note').textContent()).toBe(
      'Seeded by trophies, most first (as held when they joined); on a tie, whoever joined first.',
    );
    expect(await entry.getByRole('img', { name: 'Trophies when they joined' }).count()).toBe(1);
    await shot(host, 'tournament-3-participants');
    expect(await fundsOf(playerUser.uid)).toBe(870);
    expect(host.errors).toEqual([]);
    expect(player.errors).toEqual([]);
  });

  it('the host removes a paid entrant before the start: refunded and told why, live; let back in, they join again; leaving asks once more', async () => {
    const hostUser = await verifiedUser();
    const playerUser = await verifiedUser(500);
    const name = `Fair Cup ${randomUUID().slice(0, 6)}`;
    const why = 'This cup is for EU accounts only.';
    const id = (await createTournament(hostUser.token, { game: 'rocket-league', entryFee: 130, name })).body.id;
    expect((await call(`/tournaments/${id}/join`, { token: playerUser.token, body: {} })).status).toBe(200);
    const host = await signedIn(hostUser.email, { at: `/tournaments/${id}/participants` });
    const player = await signedIn(playerUser.email, { at: `/tournaments/${id}` });
    await player.page.getByTestId('leave').waitFor();

    await host.page.getByTestId(`remove-${playerUser.uid}`).click();
    const dialog = host.page.getByTestId('remove-dialog');
    // Without a reason it says one is needed.
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByText('Write why: they read it.').waitFor();
    await dialog
      .getByText('They leave the tournament, get their 130 coins back and read why.', { exact: false })
      .waitFor();
    await dialog.getByLabel('Why (they read this)').fill(why);
    await shot(host, 'remove-dialog');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    // The host's page: no entrant left, and the player listed as removed with the reasoning.
    await host.page.getByTestId(`removed-${playerUser.uid}`).filter({ hasText: why }).waitFor();
    expect(await host.page.getByTestId('participant').count()).toBe(0);
    await shot(host, 'removed-list');

    // The player reads it live, with no way to join, and the fee back in the balance.
    await expect
      .poll(() => player.page.getByTestId('tournament-status').textContent())
      .toBe(`The host removed you from this tournament: ${why}`);
    expect(await player.page.getByTestId('join').count()).toBe(0);
    await player.page.getByTestId('coin-balance').filter({ hasText: '500' }).waitFor();
    await player.page.getByTestId('notifications').click();
    await player.page
      .getByText(`The host of ${name} removed you from it and gave your 130 coins back. Why: ${why}`)
      .waitFor();
    await shot(player, 'removed-notification');
    await player.page.getByTestId('notifications').click();

    // Let back in, the player joins again from the page.
    await host.page.getByTestId(`allow-back-${playerUser.uid}`).click();
    await host.page.getByTestId('removed-players').waitFor({ state: 'detached' });
    await player.page.getByTestId('notifications').click();
    await player.page.getByText(`The host of ${name} let you back in: you may join it again.`).waitFor();
    await player.page.getByTestId('notifications').click();
    // A paid join asks once more, naming the coins it holds (record 166); Back holds nothing.
    await player.page.getByTestId('join').click();
    await player.page
      .getByTestId('join-question')
      .getByText('Join for 130 coins? They are held for the prizes: you get them back if you leave before the start')
      .waitFor();
    await expect.poll(() => focusedIn(player.page)).toBe('join-question');
    await player.page.keyboard.press('Escape');
    await expect.poll(() => focusedIn(player.page)).toBe('join');
    expect(await fundsOf(playerUser.uid)).toBe(500);
    await player.page.getByTestId('join').click();
    await player.page.getByTestId('confirm-join').click();
    await player.page.getByTestId('leave').waitFor();
    await expect.poll(() => host.page.getByTestId('participant').count()).toBe(1);
    expect(await fundsOf(playerUser.uid)).toBe(370);

    // Leaving asks once more, naming the refund; Back keeps the place, and the keyboard with it.
    await player.page.getByTestId('leave').click();
    await player.page
      .getByTestId('leave-question')
      .getByText('Leave this tournament? Your 130 coins come back now, and you can join again while there are')
      .waitFor();
    await expect.poll(() => focusedIn(player.page)).toBe('leave-question');
    await player.page.getByTestId('leave-question').getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => focusedIn(player.page)).toBe('leave');
    expect(await fundsOf(playerUser.uid)).toBe(370);
    await player.page.getByTestId('leave').click();
    await player.page.getByTestId('confirm-leave').click();
    await player.page.getByTestId('join').waitFor();
    // The panel says it is done, and where the coins went.
    expect(await player.page.getByTestId('left-tournament').textContent()).toBe(
      'You left this tournament: your 130 coins are back in your balance.',
    );
    await expect.poll(() => focusedIn(player.page)).toBe('join');
    await player.page.getByTestId('coin-balance').filter({ hasText: '500' }).waitFor();
    await expect.poll(() => host.page.getByTestId('participant').count()).toBe(0);
    expect(await fundsOf(playerUser.uid)).toBe(500);
    // The host hears of the leave as of the joins (record 163).
    await host.page.getByTestId('notifications').click();
    await host.page.getByText(`${playerUser.displayName} left your tournament ${name}.`).waitFor();
    for (const browser of [host, player]) expect(browser.errors).toEqual([]);
  });

  it('on a small phone, a tournament opened at its last tab scrolls its row of tabs to show it; its host edits and cancels it there', async () => {
    const hostUser = await verifiedUser();
    const created = await createTournament(hostUser.token, { name: `Tab Row Cup ${randomUUID().slice(0, 6)}` });
    expect(created.status).toBe(201);
    // At 320 px (a small phone) the host's three tabs overflow the row whatever the fonts' widths.
    const host = await signedIn(hostUser.email, {
      at: `/tournaments/${created.body.id}/settings`,
      width: 320,
      height: 640,
    });
    const tabs = host.page.getByRole('navigation', { name: 'Tournament sections' });
    await tabs.getByRole('link', { name: 'Settings' }).waitFor();
    const placement = () =>
      tabs.evaluate((row) => {
        const [rowBox, openBox] = [row.getBoundingClientRect(), row.querySelector('.active')!.getBoundingClientRect()];
        return {
          overflows: row.scrollWidth > row.clientWidth,
          inView: openBox.left >= rowBox.left - 1 && openBox.right <= rowBox.right + 1,
        };
      });
    await expect.poll(placement).toEqual({ overflows: true, inView: true });
    const { page } = host;
    // A description too short is said before the edit goes, as the wizard says it; then it saves.
    await page.getByLabel('Description').fill('Too short.');
    await page.getByTestId('save-settings').click();
    await page.getByText('The description must be 20 to 450 characters.').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('edit-description');
    expect(host.apiCalls().filter((line) => line.includes('/edit'))).toEqual([]);
    await page.getByLabel('Description').fill('Long enough to be a description now.');
    await page.getByTestId('save-settings').click();
    await expect.poll(() => page.getByTestId('settings-saved').textContent()).toBe('Saved.');
    // Cancelling asks once more; the keyboard's place goes to the question and back (record 107).
    await page.getByTestId('cancel-tournament').click();
    const question = page.getByRole('group', { name: 'Cancel tournament' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Cancel tournament');
    await question.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => focusedIn(page)).toBe('cancel-tournament');
    await page.getByTestId('cancel-tournament').click();
    // A word to the players goes with it (record 162), and the page says it from then on.
    await question.getByLabel('Tell the players why (optional)').fill('The server is down all week.');
    await page.getByTestId('confirm-cancel').click();
    await page.getByText('The tournament is cancelled; its settings can no longer change.').waitFor();
    await tabs.getByRole('link', { name: 'Overview' }).click();
    // The host reads it as theirs (a walk read "The host cancelled" as the host).
    await page.getByTestId('tournament-status').getByText('You cancelled this tournament.').waitFor();
    await page.getByTestId('cancel-note').getByText('You wrote to the players: The server is down all week.').waitFor();
    await expect
      .poll(async () => (await adminDb.doc(`tournaments/${created.body.id as string}`).get()).data())
      .toMatchObject({ state: 'CANCELLED', cancelNote: 'The server is down all week.' });
    expect(host.errors).toEqual([]);
  });

  it("a Riot game's tournament shows Riot's competition notice, another game's does not; every footer has Riot's boilerplate", async () => {
    const hostUser = await verifiedUser();
    const [valorant, rocket] = await Promise.all([
      createTournament(hostUser.token, { name: `Notice Cup ${randomUUID().slice(0, 6)}` }),
      createTournament((await verifiedUser()).token, {
        game: 'rocket-league',
        name: `No Notice Cup ${randomUUID().slice(0, 6)}`,
      }),
    ]);
    const visitor = await openBrowser();
    try {
      await visitor.page.goto(`${WEB}/tournaments/${valorant.body.id}`);
      await visitor.page
        .getByTestId('publisher-notice')
        .getByText('This competition is not affiliated with or sponsored by Riot Games, Inc. or VALORANT Esports.')
        .waitFor();
      await visitor.page.getByTestId('riot-notice').getByText("Versus isn't endorsed by Riot Games").waitFor();
      await visitor.page.goto(`${WEB}/fi-FI/tournaments/${valorant.body.id}`);
      await visitor.page
        .getByTestId('publisher-notice')
        .getByText('Riot Games, Inc. ja VALORANT Esports eivät ole yhteydessä tähän kilpailuun')
        .waitFor();
      await visitor.page.goto(`${WEB}/tournaments/${rocket.body.id}`);
      await visitor.page.getByTestId('tournament-name').waitFor();
      expect(await visitor.page.getByTestId('publisher-notice').count()).toBe(0);
      await visitor.page.getByTestId('riot-notice').waitFor();
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.close();
    }
  });

  it('browse: two filters changed before the page renders the first both hold', async () => {
    const { page, errors } = await signedIn((await verifiedUser()).email, { at: '/tournaments' });
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.getByTestId('toggle-filters').click();
    // Both changes in one task, as a quick player's can land on a loaded machine: the second used to
    // start from the address before the first and drop it.
    await page.evaluate(() => {
      for (const [key, value] of [
        ['game', 'valorant'],
        ['entryFee', '130'],
      ] as const) {
        const select = document.querySelector<HTMLSelectElement>(`[data-testid="filter-${key}"]`)!;
        select.value = value;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    await page.waitForURL(/game=valorant/);
    expect(new URL(page.url()).searchParams.get('entryFee')).toBe('130');
    await page.getByTestId('filter-count').filter({ hasText: '2' }).waitFor();
    // Clear filters goes with the filters: the keyboard goes back to the Filters button.
    await page.getByRole('button', { name: 'Clear filters' }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('filter-count').waitFor({ state: 'detached' });
    expect(await focusedIn(page)).toBe('toggle-filters');
    expect(errors).toEqual([]);
  });

  it('the page says how many must check in; cancelled at its start for too few, it says why and shows no prizes', async () => {
    const [hostUser, playerUser] = await Promise.all([verifiedUser(), verifiedUser(500)]);
    const cup = await createTournament(hostUser.token, {
      name: `Short Cup ${randomUUID().slice(0, 6)}`,
      game: 'csgo',
      entryFee: 130,
      startTime: Date.now() + 2 * 3_600_000,
    });
    expect(cup.status).toBe(201);
    const id = cup.body.id as string;
    await done(`/tournaments/${id}/join`, { token: playerUser.token, method: 'POST' });
    const host = await signedIn(hostUser.email, { at: `/tournaments/${id}` });
    await expect
      .poll(() => host.page.getByTestId('min-entrants-note').textContent())
      .toBe('It starts only with at least 4 entrants checked in; with fewer, it is cancelled and every fee refunded.');
    await host.page.getByTestId('prize-split').waitFor();
    // Its start time come, before the sweeper has run: the page says what happens next, with no button.
    const startTime = Date.now() - 1_000;
    await adminDb.doc(`tournaments/${id}`).update({ startTime });
    await host.page.getByTestId('tournament-status').getByText('The start time has come').waitFor();
    expect(await host.page.getByTestId('join').count()).toBe(0);
    await call('/internal/sweep', { body: { now: startTime, tournaments: [id] } });
    await expect
      .poll(() => host.page.getByTestId('tournament-status').textContent())
      .toBe('Fewer than 4 players checked in, so the tournament was cancelled and every fee refunded.');
    // It never started: its date is when it was to start.
    await host.page.getByRole('heading', { name: 'Was to start' }).waitFor();
    expect(await host.page.getByTestId('min-entrants-note').count()).toBe(0);
    // Every fee went back: the page names no pool or prizes left to win.
    expect(await host.page.getByTestId('prize-pool').count()).toBe(0);
    expect(await host.page.getByTestId('prize-split').count()).toBe(0);
    const player = await signedIn(playerUser.email, { at: '/notifications' });
    await player.page
      .getByText(`${cup.body.name as string} was cancelled: fewer than 4 entrants checked in.`)
      .waitFor();
    await shot(host, 'tournament-cancelled-too-few');
    expect([...host.errors, ...player.errors]).toEqual([]);
  });

  it('a player checks in from the banner; the host of a quiet tournament extends it from the banner', async () => {
    const hostUser = await verifiedUser();
    const players = await Promise.all(Array.from({ length: 4 }, () => verifiedUser(500)));
    const base = {
      game: 'csgo',
      entryFee: 130,
      description: 'Check-in opens thirty minutes before the start.',
    };
    // A tournament starting in 2 hours; check-in opens at once when its start is moved into the window.
    const soon = await createTournament(hostUser.token, {
      ...base,
      name: `Check-in Cup ${randomUUID().slice(0, 6)}`,
      startTime: Date.now() + 2 * 3_600_000,
    });
    expect(soon.status).toBe(201);
    await done(`/tournaments/${soon.body.id}/join`, { token: players[0]!.token, method: 'POST' });
    await adminDb.doc(`tournaments/${soon.body.id}`).update({ startTime: Date.now() + 20 * 60_000 });
    // A challenge too, whose 30 minutes end after the check-in's 20: the sooner deadline comes first,
    // whatever the feature (battles' banners came first, and the check-in hid behind "Show more").
    const challenge = await call('/battles/challenge', {
      token: players[1]!.token,
      body: { opponent: players[0]!.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    expect(challenge.status).toBe(201);
    const player = await signedIn(players[0]!.email);
    const checkInBanner = player.page.getByTestId('banner-tournament-check-in');
    await checkInBanner.waitFor();
    const stack = player.page.getByTestId('banner-stack');
    await stack.getByRole('button', { name: 'Show more (1)' }).waitFor();
    expect(await stack.locator('.banner').first().getByTestId('banner-tournament-check-in').count()).toBe(1);
    // The countdown beside the start's date says "in", so it does not read as a clock time.
    expect(await checkInBanner.getByTestId('countdown').textContent()).toMatch(/^in \d\d:\d\d$/);
    await checkInBanner.getByRole('link', { name: 'Check in' }).click();
    expect(await player.page.getByTestId('check-in-note').textContent()).toContain('Check in during the 30 minutes');
    await player.page.getByTestId('check-in').click();
    await player.page.getByText('You are checked in. See you at the start!').waitFor();
    // Checked in, the rule to check in no longer shows.
    await player.page.getByTestId('check-in-note').waitFor({ state: 'detached' });
    await checkInBanner.waitFor({ state: 'detached' });
    // The host sees how many have checked in so far, live (walk T's host saw no count).
    const host = await signedIn(hostUser.email, { at: `/tournaments/${soon.body.id}` });
    await expect
      .poll(() => host.page.getByTestId('host-checked-in').textContent())
      .toBe('Checked in so far: 1 of 1 (it starts with at least 4).');

    // A tournament in play with its inactivity deadline 2 hours away.
    const quiet = await createTournament(hostUser.token, {
      ...base,
      name: `Quiet Cup ${randomUUID().slice(0, 6)}`,
      startTime: Date.now() + 20 * 60_000,
    });
    for (const entrant of players)
      await done(`/tournaments/${quiet.body.id}/join`, { token: entrant.token, method: 'POST' });
    const started = await call('/internal/sweep', {
      body: { now: quiet.body.startTime, tournaments: [quiet.body.id] },
    });
    expect(started.body).toMatchObject({ tournamentsStarted: 1 });
    const timesOut = Date.now() + 2 * 3_600_000;
    await adminDb.doc(`tournaments/${quiet.body.id}`).update({ timesOut });
    await host.page.goto(`${WEB}/`);
    const extendBanner = host.page.getByTestId('banner-tournament-about-to-be-cancelled');
    await extendBanner.waitFor();
    await shot(host, 'tournament-6-extend-banner');
    await extendBanner.getByTestId('banner-extend').click();
    await extendBanner.waitFor({ state: 'detached' });
    const extended = (await adminDb.doc(`tournaments/${quiet.body.id}`).get()).get('timesOut') as number;
    expect(extended).toBe(timesOut + 86_400_000);
    expect(player.errors).toEqual([]);
    expect(host.errors).toEqual([]);
  });
});

describe('/tournaments/my-tournaments', () => {
  it('lists the latest 20 a player is in, and earlier ones on demand (record 92)', async () => {
    const player = await verifiedUser();
    const batch = adminDb.batch();
    const start = Date.now() - 30 * 86_400_000;
    // 22 past tournaments, one a day: what a year of play leaves. Cancelled ones, which leave no
    // statistics or history behind for check:stats to rebuild.
    for (let i = 0; i < 22; i++)
      batch.set(adminDb.collection('tournaments').doc(), {
        name: `Past Cup ${String(i).padStart(2, '0')}`,
        game: 'valorant',
        state: 'CANCELLED',
        archived: true,
        uid: 'someone-else',
        memberUids: [player.uid],
        participants: [],
        startTime: start + i * 86_400_000,
      });
    await batch.commit();
    const { page } = await signedIn(player.email, { at: '/tournaments/my-tournaments' });
    const rows = page.getByTestId('joined-tournaments').locator('.tournament-rows li');
    await expect.poll(() => rows.count()).toBe(20);
    // The newest first; the two earliest come with the button.
    await page.getByTestId('joined-tournaments').getByText('Past Cup 21').waitFor();
    expect(await page.getByText('Past Cup 00').count()).toBe(0);
    await page.getByTestId('joined-tournaments-more').click();
    await expect.poll(() => rows.count()).toBe(22);
    await page.getByText('Past Cup 00').waitFor();
    await page.getByTestId('joined-tournaments-more').waitFor({ state: 'detached' });
    // On a phone every row reads the same: the name and its state on one line, the game and the
    // start under them (the state used to wrap under a longer line and stay beside a shorter one).
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(async () => {
        const lines = new Set<string>();
        for (const row of (await rows.all()).slice(0, 3)) {
          const name = (await row.getByRole('link').first().boundingBox())!;
          const state = (await row.locator('.status-badge').boundingBox())!;
          const when = (await row.locator('.muted').boundingBox())!;
          lines.add(`${state.y < name.y + name.height} ${when.y >= name.y + name.height}`);
        }
        return [...lines];
      })
      .toEqual(['true true']);
  });
});
