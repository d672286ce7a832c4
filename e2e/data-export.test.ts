import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { done, verifiedUser } from '../functions/test/helpers';
import { shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

describe('Download my data (issue #58)', () => {
  it('a player asks on the Privacy tab, is told when it is ready, and downloads their archive', async () => {
    const ann = await verifiedUser(250);
    const browser = await signedIn(ann.email, { at: '/profile/privacy' });
    const { page } = browser;
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await page.getByTestId('data-export-request').click();
    await page.getByText('We are preparing your archive.').waitFor();
    await shot(browser, 'data-export-pending');

    // The sweeper's turn (every 30 s under npm start; here at once): the page follows it live.
    expect(await done('/internal/sweep', { body: { exports: [ann.uid] } })).toMatchObject({ exportsBuilt: 1 });
    const ready = page.getByTestId('data-export-ready');
    await ready.getByText('is ready').waitFor();
    await ready.getByText('The link works until').waitFor();
    await page.getByTestId('data-export-next').waitFor();
    expect(await page.getByTestId('data-export-request').count()).toBe(0);
    await page.getByTestId('notifications-badge').waitFor();
    await shot(browser, 'data-export-ready');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('data-export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^versus-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    const [profile] = JSON.parse(strFromU8(files['profile.json']!)) as { data: { displayName: string } }[];
    expect(profile!.data.displayName).toBe(ann.displayName);
    const [account] = JSON.parse(strFromU8(files['users_private.json']!)) as {
      data: { email: string; funds: number };
    }[];
    expect(account!.data).toMatchObject({ email: ann.email, funds: 250 });
    expect(browser.errors).toEqual([]);
  });

  it("shows the request under way from the command's answer, before any live update", async () => {
    const bea = await verifiedUser();
    const browser = await signedIn(bea.email, { at: '/profile/privacy' });
    const { page } = browser;
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    // The record read (none yet): the button is offered only then.
    await page.getByTestId('data-export-request').waitFor();
    // The page's live reads end here: from now on only the answer can change what it shows.
    const ended = await page.evaluate(async () => {
      const end = (window as { versusTerminateFirestore?: () => Promise<void> }).versusTerminateFirestore;
      await end?.();
      return end !== undefined;
    });
    expect(ended).toBe(true);
    // A failed live read listens again 1 s later, but not on an ended client: that threw, uncaught.
    await page.waitForTimeout(1_500);
    await page.getByTestId('data-export-request').click();
    await page.getByText('We are preparing your archive.').waitFor();
    expect(await page.getByTestId('data-export-request').count()).toBe(0);
    // And the live record says the same once it is read again.
    await page.reload();
    await page.getByText('We are preparing your archive.').waitFor();
    expect(await page.getByTestId('data-export-request').count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });

  it('in Finnish, with the notification leading to the archive', async () => {
    const ann = await verifiedUser();
    await done('/profile/dataExport', { token: ann.token, method: 'POST' });
    await done('/internal/sweep', { body: { exports: [ann.uid] } });
    const browser = await signedIn(ann.email, { at: '/fi-FI/notifications' });
    const { page } = browser;
    // How long notifications are kept (record 91), under the list.
    await page.getByText('Ilmoitukset säilytetään 90 päivän ajan.').waitFor();
    await page.getByText('Tietoarkistosi on valmis.').click();
    await page.waitForURL(`${WEB}/fi-FI/profile/privacy`);
    await page.getByRole('link', { name: 'Lataa arkisto' }).waitFor();
    await page.getByText('Voit pyytää uuden arkiston').waitFor();
    await shot(browser, 'data-export-fi');
    expect(browser.errors).toEqual([]);
  });
});
