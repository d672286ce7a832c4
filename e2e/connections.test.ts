import { describe, expect, it } from 'vitest';
import { adminDb, linkRiot, riotAccount, verifiedUser } from '../functions/test/helpers';
import { shot, useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();

describe('Riot Sign On (issue #58)', () => {
  it('a typed Riot ID is shown unverified, on the public profile too; signing in with Riot verifies it', async () => {
    const [player, owner] = await Promise.all([verifiedUser(), verifiedUser()]);
    const [account, taken] = await Promise.all([riotAccount(), riotAccount()]);
    await linkRiot(owner, taken.puuid);
    const browser = await signedIn(player.email, { at: '/profile/connections' });
    const { page } = browser;
    const riot = page.getByTestId('connection-riot');
    // Another player's verified account is refused by Riot's sign-in (record 183: the refusal then
    // stayed under the ID typed next).
    await riot.getByRole('button', { name: 'Sign in with Riot' }).click();
    await page.getByRole('button', { name: `Sign in as ${taken.riotId}` }).click();
    await page.waitForURL(`${WEB}/profile/connections`);
    const refusal = riot.getByText('That game account is already linked to another Versus player.');
    await refusal.waitFor();
    await riot.getByLabel('Riot name with hash').fill(account.riotId);
    // Each card's buttons name their account to a screen reader ("Connect" twice, "Remove" four times).
    await riot.getByRole('button', { name: 'Connect Riot Games', exact: true }).click();
    await riot.getByText('Not verified: shown on your profile, never used for results').waitFor();
    // Linked, the card says so, not only by the form's going (walk AC).
    await riot.getByRole('status').getByText(`${account.riotId} is now on your profile.`).waitFor();
    await refusal.waitFor({ state: 'detached' });
    await shot(browser, 'riot-unverified');
    // The public profile says so too: a typed ID is anyone's to type.
    await page.goto(`${WEB}/user/${player.uid}`);
    await page.getByText(`Riot Games: ${account.riotId} (not verified)`).waitFor();
    await page.goto(`${WEB}/profile/connections`);

    await riot.getByRole('button', { name: 'Sign in with Riot' }).click();
    await page.getByRole('heading', { name: 'Sign in with Riot' }).waitFor();
    await page.getByRole('button', { name: `Sign in as ${account.riotId}` }).click();
    await page.waitForURL(`${WEB}/profile/connections`);
    await riot.getByText('Verified with Riot').waitFor();
    // Back from Riot, the card says what was linked, as Steam's does.
    await riot.getByRole('status').getByText(`Riot account ${account.riotId} linked and verified.`).waitFor();
    await shot(browser, 'riot-verified');
    expect((await adminDb.doc(`users/${player.uid}`).get()).get('gameAccounts')).toEqual({
      riot: { id: account.puuid, display: account.riotId },
    });
    await page.goto(`${WEB}/user/${player.uid}`);
    await page.getByText(`Riot Games: ${account.riotId}`, { exact: true }).waitFor();
    await page.goto(`${WEB}/profile/connections`);
    // Removing it asks first, saying how it comes back (record 170); Back keeps it.
    await riot.getByRole('button', { name: 'Remove Riot Games', exact: true }).click();
    const question = riot.getByTestId('remove-connection-question');
    await question
      .getByText(`Remove the Riot account ${account.riotId}? To verify it again, you sign in with Riot.`)
      .waitFor();
    await question.getByRole('button', { name: 'Back' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await riot.getByText('Verified with Riot').isVisible()).toBe(true);
    // From the keyboard: removed, the keyboard is at the card's heading, and Tab reaches its field.
    await riot.getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await question.getByRole('button', { name: 'Yes, remove it' }).focus();
    await page.keyboard.press('Enter');
    await riot.getByLabel('Riot name with hash').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Riot Games');
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null)).toBe('value');
    // Typed back in and linked (unverified): the form goes, and the keyboard is at the heading again.
    await page.keyboard.type(account.riotId);
    await page.keyboard.press('Enter');
    await riot.getByRole('button', { name: 'Remove' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Riot Games');
    // The linked line went with the account; the typed one's says what is on the profile now.
    await riot.getByText('linked and verified', { exact: false }).waitFor({ state: 'detached' });
    await riot.getByText(`${account.riotId} is now on your profile.`).waitFor();
    await expect
      .poll(async () => (await adminDb.doc(`users/${player.uid}`).get()).get('gameAccounts.riot') ?? null)
      .toBeNull();
    expect(browser.errors).toEqual([]);
  });
});
