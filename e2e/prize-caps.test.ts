import { describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { adminDb, adminUser, createTournament, verifiedUser } from '../functions/test/helpers';
import { focusedIn, shot, useSignedInBrowsers } from './browser';

// Prize caps are the platform's, for every host at once: this file runs alone, after the browser
// files that run three at a time (E2E_ALONE in vitest.config.ts, docs/decisions/0096).
const signedIn = useSignedInBrowsers();

describe('prize caps', () => {
  it('an admin caps a game’s prizes, and a publisher’s per host and year, on the admin page: a tournament over either is refused until it is lifted; the campaign’s draw asks first', async () => {
    const admin = await adminUser();
    const host = await verifiedUser();
    const browser = await signedIn(admin.email, { at: '/admin' });
    const { page } = browser;
    const section = page.getByTestId('prize-caps-admin');
    const liftNhl = () =>
      section.getByRole('listitem').filter({ hasText: 'NHL 23' }).getByRole('button', { name: 'Lift the cap' }).click();
    // The games by name, "Other games" last (it was the spec's order), as every other list of them.
    const games = () => section.getByLabel('Game').locator('option').allTextContents();
    await expect
      .poll(async () => (await games()).slice(0, 4))
      .toEqual(['Apex Legends', 'Call of Duty: Warzone', 'CS:GO', 'Dota 2']);
    expect((await games()).at(-1)).toBe('Other games');
    // The campaign's month by its name (it said 2026-12).
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.now(),
    );
    await page.getByTestId('campaign-admin').getByText(`This month (${month}):`, { exact: false }).waitFor();
    await section.getByLabel('Game').selectOption('nhl-23');
    const problem = section.getByTestId('prize-cap-problem');
    await section.getByLabel('Cap in coins', { exact: true }).fill('12a');
    await problem.getByText('Enter a whole number of coins from 0 to 100,000,000.').waitFor();
    expect(await section.getByRole('button', { name: 'Set the cap' }).isDisabled()).toBe(true);
    // Past the API's limit is said so, not sent to be refused (walk Z).
    await section.getByLabel('Cap in coins', { exact: true }).fill('100000001');
    await problem.getByText('Enter a whole number of coins from 0 to 100,000,000.').waitFor();
    await section.getByLabel('Cap in coins', { exact: true }).fill('1000');
    await section.getByRole('button', { name: 'Set the cap' }).click();
    const cap = section.getByTestId('prize-caps').getByText('NHL 23: at most 1,000 coins');
    await cap.waitFor();
    await shot(browser, 'prize-caps');
    expect(await createTournament(host.token, { game: 'nhl-23', entryFee: 130, size: 8 })).toMatchObject({
      status: 409,
      body: { code: 'prize-over-cap' },
    });
    await liftNhl();
    await cap.waitFor({ state: 'detached' });
    expect((await createTournament(host.token, { game: 'nhl-23', entryFee: 130, size: 8 })).status).toBe(201);
    // A cap of 0 lets only free tournaments through, and its line says so.
    await section.getByLabel('Cap in coins', { exact: true }).fill('0');
    await section.getByRole('button', { name: 'Set the cap' }).click();
    const free = section.getByTestId('prize-caps').getByText('NHL 23: free tournaments only (a cap of 0)');
    await free.waitFor();
    expect((await createTournament(host.token, { game: 'nhl-23', entryFee: 130, size: 8 })).status).toBe(409);
    await liftNhl();
    await free.waitFor({ state: 'detached' });
    // A publisher's yearly cap per host: Riot's games count together.
    const yearly = page.getByTestId('yearly-cap-riot');
    await yearly.getByText('Riot Games (League of Legends, VALORANT): No yearly cap.').waitFor();
    await yearly.getByLabel('Yearly cap in coins').fill('1500');
    await yearly.getByRole('button', { name: 'Set the yearly cap' }).click();
    await yearly.getByText('At most 1,500 coins a year per host').waitFor();
    expect((await createTournament(host.token, { game: 'valorant', entryFee: 130, size: 8 })).status).toBe(201);
    expect(await createTournament(host.token, { game: 'league-of-legends', entryFee: 130, size: 8 })).toMatchObject({
      status: 409,
      body: { code: 'prize-over-yearly-cap', details: { cap: 1500, total: 1040, pool: 1040 } },
    });
    await yearly.getByRole('button', { name: 'Lift the cap' }).click();
    await yearly.getByText('No yearly cap.').waitFor();
    expect((await createTournament(host.token, { game: 'league-of-legends', entryFee: 130, size: 8 })).status).toBe(
      201,
    );
    // The same page shows the day's calls to OpenDota against its budget, live.
    const day = new Date().toISOString().slice(0, 10);
    await adminDb
      .doc(`api_usage/opendota_${day}`)
      .set({ api: 'opendota', day, budget: 2000, calls: FieldValue.increment(5) }, { merge: true });
    await page
      .getByTestId('opendota-usage')
      .getByText(new RegExp(`^OpenDota today \\(${day}, UTC\\): [\\d,]+ of 2,000 calls\\.$`))
      .waitFor();
    // The draw of a finished month asks first, naming it: a month is drawn once. One of 10,800 past
    // months nobody plays in (the API's test draws 19xx): a stack used again has drawn others.
    const drawn = `${1000 + Math.floor(Math.random() * 900)}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
    const named = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(Number(drawn.slice(0, 4)), Number(drawn.slice(5)) - 1, 15),
    );
    await adminDb
      .doc(`campaigns/${drawn}/entries/battle-1_${host.uid}`)
      .set({ uid: host.uid, battle: 'battle-1', createdAt: 0 });
    const campaign = page.getByTestId('campaign-admin');
    // A month under way cannot be drawn yet, and the page says why the button is off.
    const thisMonth = new Date().toISOString().slice(0, 7);
    await campaign.getByLabel('Draw a finished month').fill(thisMonth);
    await campaign
      .getByTestId('draw-why')
      .getByText('is not open yet: it opens ten minutes after the month ends, once all its battles are in.')
      .waitFor();
    expect(await campaign.getByRole('button', { name: 'Run the draw' }).isDisabled()).toBe(true);
    // A month nobody entered is refused, and its error goes with the next month chosen (walk Z: it
    // stayed under another month's words).
    const empty = `0${100 + Math.floor(Math.random() * 900)}-06`;
    await campaign.getByLabel('Draw a finished month').fill(empty);
    await campaign.getByRole('button', { name: 'Run the draw' }).click();
    await campaign
      .getByTestId('draw-question')
      .getByRole('button', { name: /^Yes, draw / })
      .click();
    const refusal = campaign.getByRole('alert').getByText('Nobody entered', { exact: false });
    await refusal.waitFor();
    await campaign.getByLabel('Draw a finished month').fill(drawn);
    await refusal.waitFor({ state: 'detached' });
    await campaign.getByRole('button', { name: 'Run the draw' }).click();
    const question = campaign.getByTestId('draw-question');
    // A month without a prize says so first: its winner's notice would name none (a walk's).
    await question
      .getByText(
        `No prize was set for ${named}: its winner will be told they won, with no prize named. Draw the winner of ${named}?`,
        { exact: false },
      )
      .waitFor();
    await question.getByRole('button', { name: 'Back' }).click();
    // Its prize set now: a month's document without a draw yet (its button was off for good).
    await adminDb.doc(`campaigns/${drawn}`).set({ month: drawn, prize: 'A headset' });
    await campaign.getByRole('button', { name: 'Run the draw' }).click();
    await question
      .getByText(`Draw the winner of ${named}? A month is drawn once: its winner cannot be changed afterwards.`, {
        exact: true,
      })
      .waitFor();
    // The keyboard is at the question, and back at the button after Back.
    await expect.poll(() => focusedIn(page)).toBe('draw-question');
    await question.getByRole('button', { name: 'Back' }).click();
    await question.waitFor({ state: 'detached' });
    await expect.poll(() => focusedIn(page)).toBe('Run the draw');
    await campaign.getByRole('button', { name: 'Run the draw' }).click();
    await question.getByRole('button', { name: `Yes, draw ${named}` }).click();
    await campaign.getByTestId('draw-record').getByText(host.displayName, { exact: true }).waitFor();
    expect(await campaign.getByRole('button', { name: 'Run the draw' }).isDisabled()).toBe(true);
    // Drawn once: why the button is off, and the record names the month's prize.
    await campaign
      .getByTestId('draw-why')
      .getByText(`${named} is drawn: its winner and its record are below.`)
      .waitFor();
    await campaign.getByTestId('draw-record').getByText('A headset', { exact: true }).waitFor();
    // This month's prize: too short says why when pressed, and saved says so (walk Z).
    const prizeField = campaign.getByLabel("This month's prize");
    await prizeField.fill('ab');
    await campaign.getByRole('button', { name: 'Save prize' }).click({ force: true });
    await campaign.getByText('A prize needs at least 3 characters.').waitFor();
    await prizeField.fill('A gaming headset');
    await campaign.getByRole('button', { name: 'Save prize' }).click();
    await campaign
      .getByTestId('prize-saved')
      .getByText(`Saved: the prize for ${month} is “A gaming headset”.`)
      .waitFor();
    expect(await prizeField.inputValue()).toBe('');

    // An admin who keeps the page open over the month's end can draw the month just ended: the
    // page's month turns with the clock (it was kept from when the page opened). The page's clock
    // (Playwright's, timers too) is set a minute before the month's end, the page comes back to
    // the admin page in the app, and the clock then runs on past the end.
    const today = new Date();
    const ending = today.toISOString().slice(0, 7);
    const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1);
    await page.clock.install({ time: end - 60_000 });
    const name = (at: number) =>
      new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(at);
    const [year, number] = ending.split('-').map(Number) as [number, number];
    await page.getByRole('link', { name: 'Home' }).first().click();
    await campaign.waitFor({ state: 'detached' });
    await page.goBack();
    await campaign.getByText(`This month (${name(Date.UTC(year, number - 1, 15))}):`, { exact: false }).waitFor();
    // Before the end, the month offered to draw is the one before.
    expect(await campaign.getByLabel('Draw a finished month').inputValue()).toBe(
      new Date(Date.UTC(year, number - 2, 15)).toISOString().slice(0, 7),
    );
    // The month ends: the next one is this month, and the one that ended is offered, its draw open
    // ten minutes later, once a battle ended in its last second has entered it (record 193).
    await page.clock.runFor(65_000);
    await campaign.getByText(`This month (${name(Date.UTC(year, number, 15))}):`, { exact: false }).waitFor();
    expect(await campaign.getByLabel('Draw a finished month').inputValue()).toBe(ending);
    await campaign.getByTestId('draw-why').getByText('is not open yet: it opens ten minutes after').waitFor();
    expect(await campaign.getByRole('button', { name: 'Run the draw' }).isDisabled()).toBe(true);
    await page.clock.runFor(10 * 60_000);
    await campaign.getByTestId('draw-why').waitFor({ state: 'detached' });
    expect(await campaign.getByRole('button', { name: 'Run the draw' }).isDisabled()).toBe(false);
    expect(browser.errors).toEqual([]);
  });
});
