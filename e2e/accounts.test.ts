import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyBalanceChange } from '../functions/src/wallet/ledger';
import { runOptimistic } from '../functions/src/platform/optimistic';
import {
  adminAuth,
  adminDb,
  call,
  done,
  createTournament,
  newUser,
  oobCodesFor,
  PASSWORD,
  verifiedUser,
} from '../functions/test/helpers';
import { bundleOnSale } from '../functions/test/wallet-helpers';
import { openBrowser, useSignedInBrowsers, WEB } from './browser';

/** Players who start signed in (the login form is this file's subject only where a test says so). */
const signedIn = useSignedInBrowsers();

let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function login(page: Awaited<ReturnType<typeof openBrowser>>['page'], email: string, password = PASSWORD) {
  await page.goto(`${WEB}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('a new player', () => {
  it('registers, verifies the e-mail from the Auth emulator, logs in and sees the live coin balance', async () => {
    browser = await openBrowser();
    const { page } = browser;
    const id = randomUUID().slice(0, 8);
    const email = `e2e-${id}@versus.test`;

    await page.goto(`${WEB}/register`);
    // The rules are told before the form is sent: the names' length, the nickname's characters, and
    // the countries Versus does not serve.
    await expect.poll(() => page.getByText('At least 3 characters', { exact: true }).count()).toBe(2);
    await page
      .getByText(
        'Shown to other players, and it cannot be changed later: 5 to 24 characters, letters, numbers, dots, dashes or underscores, no spaces',
      )
      .waitFor();
    expect(await page.locator('option[value="US"]').textContent()).toBe('United States (not available yet)');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Display name').fill(`Newbie_${id}`);
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Newbie');
    await page.getByLabel('Country').selectOption('SE');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Brand-new-1');
    await page.getByLabel('Confirm password').fill('Brand-new-1');
    await page.getByRole('checkbox').check();
    // The first e-mail's request is lost on the way: the page it leads to says so, beside its Resend.
    await page.route('**/api/profile/resendEmailVerification', (route) => route.abort('internetdisconnected'), {
      times: 1,
    });
    await page.getByRole('button', { name: 'Create account' }).click();

    const checkMail = page.getByTestId('check-your-mail');
    await checkMail
      .getByRole('alert')
      .getByText('Could not reach Versus. Check your connection and try again.')
      .waitFor();
    expect(await page.textContent('body')).toContain(email);
    await checkMail.getByRole('button', { name: 'Resend e-mail' }).click();
    await checkMail.getByRole('button', { name: 'Sent! Check your inbox.' }).waitFor();
    expect(await checkMail.getByRole('alert').count()).toBe(0);
    // "I have verified" before verifying says so, rather than doing nothing visible.
    await page.getByRole('button', { name: 'I have verified my e-mail' }).click();
    expect(await page.getByTestId('not-verified-yet').textContent()).toContain(`${email} is not verified yet`);

    // Until verified: the banner shows and the gated menu items are disabled.
    await page.goto(`${WEB}/`);
    await page.getByTestId('banner-email-verification').waitFor();
    // On a phone the banner's "I have verified" says why inside the banner (it ran out of the window).
    await page.setViewportSize({ width: 375, height: 740 });
    const banner = page.getByTestId('banner-email-verification');
    await banner.getByRole('button', { name: 'I have verified' }).click();
    await banner.getByTestId('not-verified-yet').waitFor();
    const [said, around] = await Promise.all([
      banner.getByTestId('not-verified-yet').boundingBox(),
      banner.boundingBox(),
    ]);
    expect(said!.x + said!.width).toBeLessThanOrEqual(around!.x + around!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Open user menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Challenge to a battle' }).isDisabled()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Get coins' }).isDisabled()).toBe(true);
    // The menu's keys: arrows step over its items (past the disabled ones), End and around; Escape
    // takes the keyboard back to the avatar, and leaving by Tab closes it (it covered what came next).
    const focused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('My games');
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('Log out');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('My games');
    await page.keyboard.press('Escape');
    await expect.poll(focused).toBe('Open user menu');
    expect(await page.getByRole('menu').count()).toBe(0);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('Shift+Tab');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // The verification link, as the Auth emulator would have mailed it.
    const [code] = (await oobCodesFor(email)).filter((item) => item.requestType === 'VERIFY_EMAIL');
    expect(code).toBeDefined();
    await page.goto(`${WEB}/auth/action?mode=verifyEmail&oobCode=${code!.oobCode}`);
    await page.getByTestId('verification-done').waitFor();

    // The same session picks the verification up: no banner, items enabled, no re-login.
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByTestId('coin-balance').waitFor();
    expect(await page.getByTestId('banner-email-verification').count()).toBe(0);

    // Log out and in again; the header shows the balance and follows it live.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${WEB}/login`);
    await login(page, email, 'Brand-new-1');
    await page.waitForURL(`${WEB}/`);
    await page.getByTestId('coin-balance').filter({ hasText: '0' }).waitFor();

    const { uid } = await adminAuth.getUserByEmail(email);
    await runOptimistic((tx) => applyBalanceChange(tx, { uid, delta: 1260, reason: 'e2e-grant', ref: id }, Date.now()));
    await page.getByTestId('coin-balance').filter({ hasText: '1,260' }).waitFor();
    expect(browser.errors).toEqual([]);
  });

  it('sees the SPEC message when the nickname is taken', async () => {
    const existing = await newUser();
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${WEB}/register`);
    await page.getByLabel('E-mail').fill(`taken-${randomUUID().slice(0, 8)}@versus.test`);
    await page.getByLabel('Display name').fill(existing.displayName.toUpperCase());
    await page.getByLabel('First name').fill('Tim');
    await page.getByLabel('Last name').fill('Taken');
    await page.getByLabel('Country').selectOption('FI');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Brand-new-1');
    await page.getByLabel('Confirm password').fill('Brand-new-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This nickname is already in use!').waitFor();
    expect(page.url()).toBe(`${WEB}/register`);
  });

  it('sees every form problem at once, translated', async () => {
    browser = await openBrowser();
    const { page } = browser;
    // A link written in Finnish (Firebase's `lang`) opens in Finnish, though its address names no
    // language (record 183); this one's code is no code.
    await page.goto(`${WEB}/auth/action?mode=verifyEmail&lang=fi&oobCode=not-a-code`);
    await page.getByRole('heading', { name: 'Sähköpostin vahvistus epäonnistui' }).waitFor();
    expect(page.url()).toBe(`${WEB}/fi-FI/auth/action?mode=verifyEmail&lang=fi&oobCode=not-a-code`);
    await page.goto(`${WEB}/fi-FI/register`);
    // Tabbing past fields not yet filled in says nothing; a field changed and left is judged (record 127).
    const email = page.locator('input[name="email"]');
    await email.focus();
    for (let field = 0; field < 3; field += 1) await page.keyboard.press('Tab');
    expect(await page.locator('.field-error').count()).toBe(0);
    await email.fill('not-an-address');
    await page.keyboard.press('Tab');
    await page.getByText('Anna kelvollinen sähköpostiosoite').waitFor();
    expect(await page.locator('.field-error').count()).toBe(1);
    await page.getByRole('button', { name: 'Luo tili' }).last().click();
    await page.getByText('Anna kelvollinen sähköpostiosoite').waitFor();
    expect(await page.getByText('Tämä kenttä on pakollinen').count()).toBeGreaterThan(2);
    // The first problem is brought into view with its field focused (CheckedForm): the button is at
    // the form's end, a screen below it on a phone.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name))
      .toBe('email');
    // An address left empty is asked for, not called invalid.
    await email.fill('');
    await page.keyboard.press('Tab');
    await page.getByText('Anna sähköpostiosoitteesi').waitFor();
    expect(await page.getByText('Anna kelvollinen sähköpostiosoite').count()).toBe(0);
    expect(await page.locator('option[value="CA"]').textContent()).toBe('Kanada (ei vielä saatavilla)');
    await page.getByLabel('Maa').selectOption('CA');
    await page.getByLabel('Nimimerkki').focus();
    await page.getByText('Valitettavasti emme ole vielä saatavilla maassasi').waitFor();
    // Each error is tied to its control for screen readers.
    const describedBy = await page.getByRole('combobox', { name: 'Maa' }).getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe(
      'Valitettavasti emme ole vielä saatavilla maassasi',
    );
  });
});

describe('check your e-mail', () => {
  it('holds its buttons inside its card on a 320 px phone in Finnish, the longest label wrapping', async () => {
    const user = await newUser();
    browser = await openBrowser({ width: 320, height: 640 });
    const { page } = browser;
    await login(page, user.email);
    await page.getByTestId('banner-email-verification').waitFor();
    await page.goto(`${WEB}/fi-FI/register/check-your-mail`);
    const card = page.getByTestId('check-your-mail');
    await card.getByRole('button', { name: 'Olen vahvistanut sähköpostini' }).waitFor();
    const box = (await card.boundingBox())!;
    for (const button of await card.getByRole('button').all()) {
      const edges = (await button.boundingBox())!;
      expect(edges.x).toBeGreaterThanOrEqual(box.x);
      expect(edges.x + edges.width).toBeLessThanOrEqual(box.x + box.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    // The link is asked for in the page's language (Firebase Auth's X-Firebase-Locale, record 171).
    const asked = page.waitForRequest((request) => request.url().endsWith('/api/profile/resendEmailVerification'));
    await card.getByRole('button', { name: 'Lähetä uudelleen' }).click();
    expect((await asked).postDataJSON()).toEqual({ locale: 'fi-FI' });
    await card.getByRole('button', { name: 'Lähetetty! Katso sähköpostisi.' }).waitFor();
    // A minute on (the page's clock moved), it offers itself again: it stayed "Sent" until a reload.
    await page.evaluate(() => {
      const real = Date.now.bind(Date);
      Date.now = () => real() + 61_000;
    });
    await card.getByRole('button', { name: 'Lähetä uudelleen' }).waitFor();
    // Refused (here the hour's e-mails spent), the banner says why instead of only logging it.
    for (let tries = 0; tries < 10; tries += 1) {
      const answer = await call('/profile/resendEmailVerification', { method: 'POST', token: user.token });
      if (answer.status === 429) break;
    }
    await page.getByRole('link', { name: 'Versus, etusivu' }).click();
    const banner = page.getByTestId('banner-email-verification');
    await banner.getByRole('button', { name: 'Lähetä uudelleen' }).click();
    // An hour's wait is said in minutes, not in seconds.
    await banner
      .getByRole('alert')
      .getByText(/^Liian monta pyyntöä lyhyessä ajassa\. Mitään ei muutettu; yritä uudelleen \d+ minuutin kuluttua\.$/)
      .waitFor();
    await banner.getByRole('button', { name: 'Lähetä uudelleen' }).waitFor();
  });
});

describe('out-of-band links', () => {
  it("asks Firebase Auth for a password reset in the page's language", async () => {
    const user = await newUser();
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${WEB}/fi-FI/login/forgot-password`);
    await page.getByLabel('Sähköposti').fill(user.email);
    const asked = page.waitForRequest((request) => request.url().includes('/v1/accounts:sendOobCode'));
    await page.getByRole('button', { name: 'Lähetä palautuslinkki' }).click();
    expect((await asked).headers()['x-firebase-locale']).toBe('fi');
    await page.waitForURL(`${WEB}/fi-FI/login/password-email-sent?email=${encodeURIComponent(user.email)}`);
  });

  it('resets a forgotten password through the e-mailed link and logs in with the new one', async () => {
    const user = await newUser();
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${WEB}/login`);
    // The address typed at the login goes along to the reset form.
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(`${WEB}/login/password-email-sent?email=${encodeURIComponent(user.email)}`);

    const [code] = (await oobCodesFor(user.email)).filter((item) => item.requestType === 'PASSWORD_RESET');
    await page.goto(`${WEB}/auth/action?mode=resetPassword&oobCode=${code!.oobCode}`);
    await page.waitForURL(/\/login\/reset-password\?oobCode=/);
    await page.getByText(`For ${user.email}`).waitFor();
    // The rules are said before a try, as the sign-up says them.
    await page
      .getByText(
        'At least 6 characters, with an uppercase letter, a lowercase letter and a number or special character',
      )
      .waitFor();
    await page.getByRole('textbox', { name: 'New password' }).fill('alllowercase');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('alllowercase');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Use an uppercase letter, a lowercase letter and a number or special character').waitFor();
    await page.getByRole('textbox', { name: 'New password' }).fill('Fresh-start-9');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Fresh-start-9');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Your password has been changed').waitFor();

    // A used link is refused with the SPEC §8 message.
    await page.goto(`${WEB}/login/reset-password?oobCode=${code!.oobCode}`);
    await page.getByText('The reset link is invalid or has expired.').waitFor();

    await login(page, user.email, 'Fresh-start-9');
    await page.waitForURL(`${WEB}/`);
    await page.getByTestId('coin-balance').waitFor();
  });

  it('verified elsewhere, a signed-in player joins at once after a reload, without signing in again', async () => {
    const host = await verifiedUser();
    const { id } = (await createTournament(host.token)).body;
    const player = await newUser();
    const signed = await signedIn(player.email);
    const { page } = signed;
    await page.getByTestId('banner-email-verification').waitFor();
    // The mail opened on a phone: Auth knows, but this browser's ID token was made before.
    await adminAuth.updateUser(player.uid, { emailVerified: true });
    await page.goto(`${WEB}/tournaments/${id}`);
    // Free: it joins at once (only a paid join asks once more).
    await page.getByTestId('join').click();
    // The page enabled Join and the API refused it ("Verify your e-mail address first") until the
    // player signed out and in again.
    await page.getByTestId('leave').waitFor();
    expect(await page.getByText('Verify your e-mail address first').count()).toBe(0);
    expect(signed.errors).toEqual([]);
  });

  it('an unverified player on a paid tournament is told to verify first, not to get coins', async () => {
    // A shop with a bundle on sale (run alone, no other file had put one there: an empty shop says only that).
    await bundleOnSale();
    const host = await verifiedUser();
    const { id } = (await createTournament(host.token, { game: 'minecraft', entryFee: 130 })).body;
    const player = await newUser();
    const { page, errors } = await signedIn(player.email, { at: `/tournaments/${id}` });
    await page
      .getByTestId('verify-first')
      .getByText(
        'Verify your e-mail address to join: open the link in the e-mail we sent you. The banner at the top sends it again.',
      )
      .waitFor();
    // Its "Get coins" led to a shop whose buttons wait for the same verification.
    expect(await page.getByText('The entry fee is 130 coins and you have 0.').count()).toBe(0);
    expect(await page.getByTestId('join').getAttribute('aria-disabled')).toBe('true');
    // The balance and the shop say so too (the balance said "Get more coins"; the buttons' tooltip
    // needs a pointer: a walk's).
    await expect.poll(() => page.getByTestId('coin-balance').getAttribute('title')).toContain('Verify your e-mail');
    await page.getByTestId('coin-balance').click();
    await page.getByTestId('shop-unverified').getByText('Verify your e-mail address to buy coins:').waitFor();
    expect(errors).toEqual([]);
  });

  it('an unverified player opening the wizard is told what to do there, and goes on once verified', async () => {
    const player = await newUser();
    // The wizard's focused layout has no header, yet it shows the e-mail banner with its two buttons.
    const { page, errors } = await signedIn(player.email, { at: '/tournaments/add', ready: 'empty-state' });
    await page.getByText(`We sent a link to ${player.email}`).waitFor();
    const sent = (await oobCodesFor(player.email)).length;
    await page.getByRole('button', { name: 'Resend e-mail' }).click();
    await page.getByText('Sent! Check your inbox.').waitFor();
    expect((await oobCodesFor(player.email)).length).toBe(sent + 1);
    await page.getByRole('button', { name: 'I have verified' }).click();
    await page.getByTestId('not-verified-yet').waitFor();
    // Verified on another device: the same button opens the wizard, no sign-in again.
    await adminAuth.updateUser(player.uid, { emailVerified: true });
    await page.getByRole('button', { name: 'I have verified' }).click();
    await page.getByTestId('game-search').waitFor();
    expect(errors).toEqual([]);
  });

  it('verifies an e-mail from /activate-email/{code} and refuses a used code', async () => {
    const user = await newUser();
    await done('/profile/resendEmailVerification', { method: 'POST', token: user.token });
    const [code] = (await oobCodesFor(user.email)).filter((item) => item.requestType === 'VERIFY_EMAIL');
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${WEB}/activate-email/${code!.oobCode}`);
    await page.getByTestId('verification-done').waitFor();
    expect((await adminAuth.getUser(user.uid)).emailVerified).toBe(true);
    await page.goto(`${WEB}/activate-email/${code!.oobCode}`);
    await page.getByTestId('verification-failed').waitFor();
    await page.getByText('This link is invalid or has already been used.').waitFor();
  });
});

describe('route access', () => {
  it('sends a visitor opening /profile to login, and back after logging in, to the part the link named', async () => {
    const user = await newUser();
    browser = await openBrowser();
    const { page } = browser;
    // An alert e-mail's "Choose your alerts", opened signed out (walk AE's review: the anchor was lost).
    await page.goto(`${WEB}/profile#alerts`);
    await page.waitForURL(`${WEB}/login?next=%2Fprofile%23alerts`);
    // An address with no account reads as a wrong password does: the login confirms no address.
    for (const [email, password] of [
      [`nobody-${randomUUID().slice(0, 8)}@versus.test`, PASSWORD],
      [user.email, 'Not-the-password-1'],
    ]) {
      // A fresh page each: the first answer must not stand for the second.
      await page.reload();
      await page.getByLabel('E-mail').fill(email!);
      await page.getByLabel('Password').fill(password!);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => page.getByRole('alert').allInnerTexts()).toEqual(['Wrong e-mail or password']);
    }
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Back at /profile, which is its settings tab, marked as the one open (record 182: none was).
    await page.waitForURL(`${WEB}/profile/settings#alerts`);
    await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
    // (The page's header stands already at /profile, before the router moves it on.)
    await expect
      .poll(() => page.getByRole('link', { name: 'Settings', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    // In another language too, keeping what the address carried.
    await page.goto(`${WEB}/fi-FI/profile?from=mail#top`);
    await page.waitForURL(`${WEB}/fi-FI/profile/settings?from=mail#top`);
    await page.getByRole('heading', { name: 'Profiilin asetukset' }).waitFor();
  });

  it('sends a signed-in user away from guest-only pages', async () => {
    const user = await newUser();
    const { page } = await signedIn(user.email);
    await page.goto(`${WEB}/register`);
    await page.waitForURL(`${WEB}/`);
    // A login link whose `next` would leave the site, written as the browser reads `//host`, opens the
    // home page too: it put up the router's error page (walk AF, record 190).
    for (const next of ['%2F%5Cevil.example', '%2F%09%2Fevil.example']) {
      await page.goto(`${WEB}/login?next=${next}`);
      await page.waitForURL(`${WEB}/`);
      await page.getByTestId('coin-balance').waitFor();
    }

    // /user without an id is the player's own public profile, shown online by the heartbeat.
    await page.goto(`${WEB}/user`);
    await page.waitForURL(`${WEB}/user/${user.uid}`);
    await page.getByRole('heading', { name: user.displayName }).waitFor();
    await page.getByTestId('presence').filter({ hasText: 'Online' }).waitFor();

    // The tab hidden and shown again soon after its beat writes none; 31 s on (its clock moved
    // ahead, within what the rules allow), shown again, it writes one (record 150). Each beat sent
    // is told apart by its time.
    const beats: number[] = [];
    page.on('request', (request) => {
      if (!request.url().includes('/Write/channel')) return;
      const body = decodeURIComponent(request.postData() ?? '');
      for (const [, at] of body.matchAll(/presence\/seen".{0,200}?"lastSeen":\{"integerValue":"(\d+)"/g))
        beats.push(Number(at));
    });
    const hideAndShow = (ahead: number) =>
      page.evaluate((ms) => {
        const real = Date.now.bind(Date);
        Date.now = () => real() + ms;
        for (const state of ['hidden', 'visible']) {
          Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
          document.dispatchEvent(new Event('visibilitychange'));
        }
      }, ahead);
    const before = Date.now();
    await hideAndShow(0);
    await hideAndShow(31_000);
    // The second showing's beat; the Write stream sends in order, so a beat of the first came before it.
    await expect.poll(() => beats.some((at) => at >= before + 31_000)).toBe(true);
    expect(beats).toHaveLength(1);
  });

  it('forces a deactivated account to /account-deactivated until restored', async () => {
    const user = await newUser();
    const { page } = await signedIn(user.email, { at: '/profile/settings' });
    await page.getByRole('button', { name: 'Deactivate account' }).first().click();
    // It asks for the password again (record 116): a wrong one deactivates nothing.
    const dialog = page.getByRole('dialog');
    // Pressed with no password, the dimmed button says what it needs (record 182: it said nothing).
    await dialog.getByRole('button', { name: 'Deactivate account' }).click({ force: true });
    await expect.poll(() => dialog.getByTestId('deactivate-missing').textContent()).toBe('Type your password first.');
    await dialog.getByLabel('Your password, to confirm it is you').fill('not-the-password-1');
    await dialog.getByRole('button', { name: 'Deactivate account' }).click();
    await dialog.getByText('The current password is wrong').waitFor();
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('deactivated')).toBe(false);
    await dialog.getByLabel('Your password, to confirm it is you').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Deactivate account' }).click();
    await page.waitForURL(`${WEB}/account-deactivated`);
    await page.goto(`${WEB}/tournaments`);
    await page.waitForURL(`${WEB}/account-deactivated`);
    // Every other page leads back here: the page offers no Back, only its ways on.
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    // A copy of the data is asked for here, with no restore (which would start the 14 days again).
    await page.getByRole('heading', { name: 'A copy of your data first' }).waitFor();
    await page.getByTestId('data-export-request').click();
    await page.getByText('We are preparing your archive.').waitFor();
    expect(await done('/internal/sweep', { body: { exports: [user.uid] } })).toMatchObject({ exportsBuilt: 1 });
    await page.getByTestId('data-export-download').waitFor();
    // Its footer's privacy policy opens (the legal pages allow a deactivated account), and Back returns.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await page.waitForURL(`${WEB}/privacy-policy`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${WEB}/account-deactivated`);
    await page.getByRole('button', { name: 'Restore my account' }).click();
    await page.waitForURL(`${WEB}/`);
    // The home page says the account is back, once.
    await page
      .getByTestId('account-restored')
      .getByText('Your account is restored: everything is as you left it.')
      .waitFor();
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('deactivated')).toBe(false);
    await page.reload();
    await page.getByRole('link', { name: 'Go to my games' }).waitFor();
    expect(await page.getByTestId('account-restored').count()).toBe(0);
  });
});

describe('frame', () => {
  it('renders /fi-FI/leaderboards in Finnish', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${WEB}/fi-FI/leaderboards`);
    await page.getByRole('heading', { name: 'Tulostaulut' }).waitFor();
    expect(await page.title()).toBe('Tulostaulut — Versus');
    expect(await page.getAttribute('html', 'lang')).toBe('fi-FI');
    expect(await page.getByRole('link', { name: 'Kaksinkamppailut' }).first().getAttribute('href')).toBe(
      '/fi-FI/battles',
    );
    expect(await page.textContent('footer')).toContain('Kaikki oikeudet pidätetään');
  });

  it('shows the 404 text for an unknown route, in every locale', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${WEB}/no-such-page/at-all`);
    await page.getByText('This page could not be found').waitFor();
    expect(await page.title()).toBe('Page not found — Versus');
    await page.goto(`${WEB}/fi-FI/ei-ole`);
    await page.getByText('Tätä sivua ei löytynyt').waitFor();
  });

  it('remembers the chosen language for a year and opens it from the home page and every address without a language', async () => {
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(`${WEB}/leaderboards`);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    // The switcher moves between the languages' route trees in the same page: no reload, and the
    // page is the new language's.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.getByLabel('Language').first().selectOption('fi-FI');
    await page.waitForURL(`${WEB}/fi-FI/leaderboards`);
    await page.getByRole('heading', { name: 'Tulostaulut' }).waitFor();
    await page.getByLabel('Kieli').first().selectOption('en-US');
    await page.waitForURL(`${WEB}/en-US/leaderboards`);
    await page.getByRole('heading', { name: 'Leaderboards' }).waitFor();
    // By keyboard: an arrow shows the next language without leaving the page; Enter takes it.
    await page.getByLabel('Language').first().focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByLabel('Language').first().inputValue()).toBe('fi-FI');
    expect(page.url()).toBe(`${WEB}/en-US/leaderboards`);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Tulostaulut' }).waitFor();
    // Leaving it by Tab takes the language an arrow showed, once: Back returns to the page before.
    await page.getByLabel('Kieli').first().focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Tab');
    await page.waitForURL(`${WEB}/en-US/leaderboards`);
    await page.getByRole('heading', { name: 'Leaderboards' }).waitFor();
    await page.goBack();
    await page.waitForURL(`${WEB}/fi-FI/leaderboards`);
    await page.goForward();
    await page.getByRole('heading', { name: 'Leaderboards' }).waitFor();
    await page.getByLabel('Language').first().selectOption('fi-FI');
    await page.getByRole('heading', { name: 'Tulostaulut' }).waitFor();
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    const [cookie] = (await page.context().cookies()).filter((item) => item.name === 'versus_locale');
    expect(cookie?.value).toBe('fi-FI');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
    await page.goto(`${WEB}/`);
    await page.waitForURL(`${WEB}/fi-FI`);
    // So does every address that names no language, as a calendar file's or an e-mail's link
    // (record 123), with its query; one that names a language stays.
    await page.goto(`${WEB}/tournaments?game=dota-2`);
    await page.waitForURL(`${WEB}/fi-FI/tournaments?game=dota-2`);
    await page.getByRole('heading', { name: 'Turnaukset' }).first().waitFor();
    await page.goto(`${WEB}/en-US/leaderboards`);
    await page.getByRole('heading', { name: 'Leaderboards' }).waitFor();
    expect(page.url()).toBe(`${WEB}/en-US/leaderboards`);
    expect(browser.errors).toEqual([]);
  });

  it('the campaign notice does not cover what the player has begun: it waits for their next page', async () => {
    // The battles towards the grand prize, published: the notice shows them once it has read them.
    await done('/internal/sweep', { body: { figures: true } });
    browser = await openBrowser({ notices: true, consent: true });
    const { page } = browser;
    await page.goto(`${WEB}/tournaments`);
    await page.getByTestId('consent-banner').waitFor();
    // The player types a search while the banner is up, and the choice is made without taking the
    // keyboard from it (a click event alone, as a pointer press that does not move the focus).
    await page.getByTestId('filter-name').fill('cup');
    const noticeCode = page.waitForResponse((response) => response.url().includes('/campaign-notice-'));
    await page.dispatchEvent('[data-testid="consent-decline"]', 'click');
    await page.getByTestId('consent-banner').waitFor({ state: 'detached' });
    // The notice's code comes, and its dialog is in the page with its figures read, held shut.
    await noticeCode;
    const notice = page.getByTestId('campaign-dialog');
    await notice.getByTestId('campaign-progress').waitFor({ state: 'attached' });
    expect(await notice.evaluate((dialog) => (dialog as HTMLDialogElement).open)).toBe(false);
    expect(await page.getByTestId('filter-name').evaluate((input) => input === document.activeElement)).toBe(true);
    // On the next page it comes.
    await page.getByRole('link', { name: 'Leaderboards' }).first().click();
    await page.getByTestId('campaign-dialog').waitFor();
  });

  it('shows the welcome and then the campaign notice once per session', async () => {
    // The battles towards the grand prize, as the sweeper publishes them.
    await done('/internal/sweep', { body: { figures: true } });
    browser = await openBrowser({ notices: true });
    const { page } = browser;
    await page.goto(`${WEB}/`);
    await page.getByTestId('welcome-notice').getByRole('button', { name: "Let's play" }).click();
    const progress = page.getByTestId('campaign-progress');
    // The published count (another browser file may publish a newer one meanwhile), in words and bar.
    const shown = async () => {
      const played = (await adminDb.doc('statistics/user_statistics').get()).get('campaignBattles') as number;
      const words = `${played.toLocaleString('en-GB')} of 10,000 wagered battles played`;
      const [text, value] = await Promise.all([
        progress.textContent(),
        progress.locator('progress').getAttribute('value'),
      ]);
      return text === words && value === String(played) ? 'the published count' : `${text} (${value}), not ${words}`;
    };
    await expect.poll(shown).toBe('the published count');
    await page.getByTestId('campaign-dialog').getByRole('button', { name: 'Got it' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Compete. Win. Get paid in coins.' }).waitFor();
    expect(await page.getByTestId('welcome-notice').isVisible()).toBe(false);
    expect(await page.getByTestId('campaign-dialog').isVisible()).toBe(false);
  });

  it('a first visit on a phone shows one overlay at a time: the compact consent banner, then one notice', async () => {
    const { id } = (await createTournament((await verifiedUser()).token)).body;
    browser = await openBrowser({ width: 375, height: 667, notices: true, consent: true });
    const { page } = browser;
    const visible = async () =>
      (
        await Promise.all(
          ['consent-banner', 'welcome-notice', 'campaign-dialog'].map(async (testId) =>
            (await page.getByTestId(testId).isVisible()) ? testId : null,
          ),
        )
      ).filter(Boolean);
    await page.goto(`${WEB}/tournaments/${id}`);
    await page.getByTestId('consent-banner').waitFor();
    // The tournament is there to see, under a banner of at most 30 % of the screen.
    const banner = (await page.getByTestId('consent-banner').boundingBox())!;
    expect(banner.height).toBeLessThanOrEqual(0.3 * 667);
    expect(await visible()).toEqual(['consent-banner']);
    // The banner is the first Tab, before the skip link and the header (record 140).
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() =>
        document.querySelector('[data-testid="consent-banner"]')!.contains(document.activeElement),
      ),
    ).toBe(true);
    await page.getByTestId('consent-decline').click();
    // Then the session's one notice: the campaign (the welcome is the landing page's only).
    await page.getByTestId('campaign-dialog').waitFor();
    expect(await visible()).toEqual(['campaign-dialog']);
    await page.getByTestId('campaign-dialog').getByRole('button', { name: 'Got it' }).click();
    await expect.poll(visible).toEqual([]);

    // On the landing page: the banner, then the welcome, then the campaign, never two at once.
    await browser.close();
    browser = await openBrowser({ width: 375, height: 667, notices: true, consent: true });
    const landing = browser.page;
    await landing.goto(`${WEB}/`);
    await landing.getByTestId('consent-banner').waitFor();
    expect(await landing.getByTestId('welcome-notice').isVisible()).toBe(false);
    await landing.getByTestId('consent-accept').click();
    await landing.getByTestId('welcome-notice').getByRole('button', { name: "Let's play" }).click();
    await landing.getByTestId('campaign-dialog').waitFor();
    expect(await landing.getByTestId('welcome-notice').isVisible()).toBe(false);
    expect(await landing.getByTestId('consent-banner').isVisible()).toBe(false);
    // Its grand prize reads as a prize of its own, not the month's draw.
    await landing
      .getByTestId('campaign-dialog')
      .getByText(
        'Besides the monthly draw, a grand prize is drawn once the community has played 10,000 wagered battles.',
      )
      .waitFor();

    // A visitor who came to sign up does so from the welcome: the sign-up form, with no notice over it.
    await browser.close();
    browser = await openBrowser({ width: 375, height: 667, notices: true, consent: true });
    const visitor = browser.page;
    await visitor.goto(`${WEB}/`);
    await visitor.getByTestId('consent-decline').click();
    await visitor.getByTestId('welcome-notice').getByRole('link', { name: 'Create a free account' }).click();
    await visitor.waitForURL(`${WEB}/register`);
    await visitor.getByRole('button', { name: 'Create account' }).waitFor();
    expect(await visitor.locator('dialog[open]').count()).toBe(0);
    // The campaign is still due: it shows on the next page of the site once the form is left.
    expect(await visitor.evaluate(() => sessionStorage.getItem('campaignNoticeShown'))).toBeNull();
    expect(browser.errors).toEqual([]);
  });

  it('fits a 375 px phone: the navigation folds into a menu', async () => {
    browser = await openBrowser({ width: 375, height: 740 });
    const { page } = browser;
    await page.goto(`${WEB}/tournaments`);
    await page.getByRole('heading', { name: 'Tournaments', exact: true }).waitFor();
    // The page is prerendered HTML: the menu opens once the app has taken over.
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.count()).toBe(0);
    // The first Tab reaches "Skip to content", which takes the keyboard past the header to the page.
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Skip to content');
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('main');
    // Opened by keyboard, the menu's first link has the keyboard; leaving it by Tab closes it.
    await page.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe('Home');
    await page.keyboard.press('Shift+Tab');
    await nav.waitFor({ state: 'detached' });
    // It closes as menus do: Escape, back to its button, or a press outside it.
    const menuButton = page.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    await nav.waitFor();
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Menu');
    await menuButton.click();
    await page.getByRole('heading', { name: 'Tournaments', exact: true }).click();
    await nav.waitFor({ state: 'detached' });
    await menuButton.click();
    await nav.getByRole('link', { name: 'Leaderboards' }).click();
    await page.waitForURL(`${WEB}/leaderboards`);
    // The new page takes the keyboard to its content (the link went with the menu; record 127), and
    // the next Tab goes into the page, not through the header again.
    await expect.poll(focused).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement))).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
