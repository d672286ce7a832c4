import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { done, createTournament, verifiedUser } from '../functions/test/helpers';
import { shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

/** Calendars (issue #60): "Add to calendar" on a tournament's page, and the private feed in Settings. */
describe('calendars in the browser', () => {
  it('a player adds a tournament to their calendar, then makes, renews and turns off their feed link', async () => {
    const host = await verifiedUser();
    const name = `Kalenteri-ilta ${randomUUID().slice(0, 6)}`;
    const { id } = (await createTournament(host.token, { name, startTime: Date.now() + 86_400_000 })).body;
    const player = await verifiedUser();
    await done(`/tournaments/${id}/join`, { token: player.token, body: {} });
    // The tournament's page offers its file, which a calendar app reads.
    const browser = await signedIn(player.email, { at: `/tournaments/${id}` });
    const { page } = browser;
    const link = page.getByTestId('add-to-calendar');
    const file = await page.request.get(new URL((await link.getAttribute('href'))!, WEB).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/^text\/calendar/);
    expect((await file.text()).replace(/\r\n /g, '')).toContain(`SUMMARY:${name}`);

    // Settings: no link until asked for; then one that serves the player's tournaments.
    await page.goto(`${WEB}/profile/settings`);
    const feed = page.getByTestId('calendar-feed');
    await feed.getByTestId('calendar-feed-start').click();
    const url = feed.getByTestId('calendar-feed-url');
    await expect.poll(() => url.inputValue()).toMatch(/\/api\/calendar\/feeds\/.+\.ics$/);
    const first = await url.inputValue();
    const served = await page.request.get(first);
    expect(served.status()).toBe(200);
    expect((await served.text()).replace(/\r\n /g, '')).toContain(`SUMMARY:${name}`);
    await shot(browser, 'calendar-feed');
    // Copy link puts it on the clipboard and says so (useCopy, shared by every Copy button).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: WEB });
    await feed.getByTestId('calendar-feed-copy').click();
    await feed.getByTestId('calendar-feed-copy').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    // A new link replaces it; turned off, neither works.
    await feed.getByRole('button', { name: 'Make a new link' }).click();
    await expect.poll(() => url.inputValue()).not.toBe(first);
    const second = await url.inputValue();
    expect((await page.request.get(first)).status()).toBe(404);
    await feed.getByTestId('calendar-feed-stop').click();
    await feed.getByTestId('calendar-feed-start').waitFor();
    expect((await page.request.get(second)).status()).toBe(404);
    expect(browser.errors).toEqual([]);
  });
});
