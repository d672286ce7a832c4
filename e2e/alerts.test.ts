import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDb, done, createTournament, eventually, type Player, verifiedUser } from '../functions/test/helpers';
import { matchesOf, sweep } from '../functions/test/tournament-play-helpers';
import { listensAnswered, openBrowser, shot, useSignedInBrowsers, useWholeBrowser, WEB } from './browser';

// Pushes are switched on in Settings: the headless shell cannot grant notifications (record 97).
useWholeBrowser();
const signedIn = useSignedInBrowsers();
const MINUTE = 60_000;
const MAIL = 'http://127.0.0.1:1080/api';
const PUSH = 'http://127.0.0.1:5013';

interface StandInPush {
  device: string;
  message: { title: string; body: string; url: string; tag: string; checkIn?: { match: string } };
}

/**
 * Delivers what the push stand-in received to this browser's real service worker, as the browser's
 * push service would (the DevTools protocol's ServiceWorker.deliverPushMessage), once its version is
 * activated; errors the worker reports are collected.
 */
async function pushDelivery(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const errors: string[] = [];
  let registrationId: string | undefined;
  let activated = false;
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const found = registrations.find((item) => item.scopeURL === `${WEB}/` && !item.isDeleted);
    if (found) registrationId = found.registrationId;
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    if (versions.some((version) => version.status === 'activated')) activated = true;
  });
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage }) => errors.push(errorMessage.errorMessage));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrationId !== undefined && activated).toBe(true);
  return {
    errors,
    deliver: (data: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin: WEB,
        registrationId: registrationId!,
        data: JSON.stringify(data),
      }),
  };
}

const shown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((item) => ({
      title: item.title,
      body: item.body,
      actions:
        (item as Notification & { actions?: { action: string }[] }).actions?.map((action) => action.action) ?? [],
    })),
  );

describe('alerts off the site in the browser', () => {
  it('a push reaches the service worker, the player checks in from it; the other never does and the bracket moves on', async () => {
    const host = await verifiedUser();
    const startTime = Date.now() + 20 * MINUTE;
    const created = await createTournament(host.token, {
      game: 'rocket-league',
      entryFee: 0,
      name: `Push Night ${randomUUID().slice(0, 6)}`,
      startTime,
      checkInMinutes: 10,
      bothAbsent: 'HIGHER_SEED',
    });
    const id = created.body.id as string;
    const players = await Promise.all(Array.from({ length: 4 }, () => verifiedUser()));
    for (const player of players) await done(`/tournaments/${id}/join`, { token: player.token, body: {} });
    // Seeds follow join order: seeds 1 and 4 meet in semi-final 1.
    const [a, c, d, b] = players as [Player, Player, Player, Player];

    // A allows pushes on this device from Settings (this headless Chromium has no push service of its
    // own: the local stack gives it a device of the push stand-in). The page opens at its alerts, as
    // every alert e-mail's "Choose your alerts" opens it (walk AE: it opened at the page's top).
    const aBrowser = await signedIn(a.email, { at: '/profile/settings#alerts' });
    await expect
      .poll(() => aBrowser.page.locator('#alerts').evaluate((section) => section.getBoundingClientRect().top))
      .toBeLessThan(300);
    expect(await aBrowser.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const context = aBrowser.page.context();
    await context.grantPermissions(['notifications'], { origin: WEB });
    const settings = aBrowser.page.getByTestId('alert-settings');
    // Pushes off here: the page says the Push column is for the devices that get them.
    await settings
      .getByTestId('push-elsewhere')
      .getByText('Your Push choices below are for the devices where pushes are on. This one gets none.')
      .waitFor();
    // Each kind by its name, with the minutes of the rule that times it.
    await settings.getByRole('rowheader', { name: 'Your tournament starts in 30 minutes' }).waitFor();
    await settings.getByTestId('push-enable').click();
    await expect.poll(() => settings.getByTestId('alert-device').textContent()).toContain('push stand-in');
    expect(await settings.getByTestId('push-elsewhere').count()).toBe(0);
    // And wants no e-mail when asked to check in.
    await settings.getByTestId('alert-checkIn-email').uncheck();
    // The page says it is saved once the API has it.
    await expect
      .poll(() => settings.getByTestId('alert-saved').textContent())
      .toBe('Saved: “Check in now” alerts by e-mail are off.');
    await expect
      .poll(async () => (await adminDb.doc(`users/${a.uid}/private/account`).get()).get('alerts.kinds.checkIn.email'))
      .toBe(false);
    await shot(aBrowser, 'alerts-settings');
    const device = (await adminDb.collection(`users/${a.uid}/push_devices`).get()).docs[0]!.data();
    const standInDevice = device.endpoint.split('/').pop() as string;

    // The tournament starts: semi-final 1 asks A and B to check in.
    expect((await sweep(startTime, [id])).body).toMatchObject({ tournamentsStarted: 1 });
    const semi = (await matchesOf(id)).find((match) => match.round === 2 && match.number === 1)!;
    expect(semi.participants).toEqual([a.uid, b.uid]);
    for (const player of [c, d])
      await done(
        `/tournaments/elimination/${id}/match/${(await matchesOf(id)).find((m) => m.round === 2 && m.number === 2)!.id}/checkIn`,
        {
          token: player.token,
          body: {},
        },
      );
    const [push] = await eventually(
      async () =>
        ((await (await fetch(`${PUSH}/pushes?device=${standInDevice}`)).json()) as StandInPush[]).filter(
          (item) => item.message.checkIn,
        ),
      (found) => found.length > 0,
    );
    expect(push!.message).toMatchObject({
      title: 'Check in now',
      url: `/tournaments/${id}`,
      checkIn: { match: semi.id },
    });

    // The push service hands it to the service worker, which shows it with its actions.
    await aBrowser.page.goto(`${WEB}/battles`);
    // The app is up (its header shows the balance): a click's message has a tab to open it in.
    await aBrowser.page.getByTestId('coin-balance').waitFor();
    const delivery = await pushDelivery(context, aBrowser.page);
    // Delivered again until it shows (one tag: a repeat replaces it): now and then a push delivered
    // through the protocol shows nothing in headless Chromium (2 runs in 5, no worker error reported).
    await expect
      .poll(
        async () => {
          await delivery.deliver(push!.message);
          await new Promise((resolve) => setTimeout(resolve, 500));
          return shown(aBrowser.page);
        },
        { timeout: 20_000 },
      )
      .toEqual([expect.objectContaining({ title: 'Check in now', actions: ['check-in', 'off'] })]);
    expect(delivery.errors).toEqual([]);
    // A clicks "Check in" on it: this tab opens the match and checks A in.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = globalThis as unknown as {
        registration: { getNotifications(): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(
        new scope.NotificationEvent('notificationclick', { notification: notification!, action: 'check-in' }),
      );
    });
    await aBrowser.page.waitForURL(`${WEB}/tournaments/${id}`);
    await expect
      .poll(async () => (await adminDb.doc(`tournaments/${id}/matches/${semi.id}`).get()).get(`checkIns.${a.uid}`))
      .toBeTruthy();
    await expect.poll(() => aBrowser.page.getByTestId('check-in-status').textContent()).toMatch(/You are checked in/);
    await shot(aBrowser, 'alerts-checked-in-from-push');

    // A asked for no e-mail about check-ins; B, who never checks in, was e-mailed.
    const mails = async (to: string) =>
      (
        (await (await fetch(`${MAIL}/email`)).json()) as { subject: string; text: string; to: { address: string }[] }[]
      ).filter((mail) => mail.to.some((item) => item.address === to));
    await expect
      .poll(async () => (await mails(b.email)).map((mail) => mail.subject))
      .toContain('Check in now · Versus');
    // The e-mail names the match's round and says how long the check-in is open.
    expect((await mails(b.email)).find((mail) => mail.subject === 'Check in now · Versus')!.text).toMatch(
      /\(semi-final\) is ready\. Check in within 10 minutes, or you forfeit it\./,
    );
    expect((await mails(a.email)).map((mail) => mail.subject)).not.toContain('Check in now · Versus');

    // B, in a browser of their own with no pushes, watches the tournament and never checks in.
    const bBrowser = await signedIn(b.email, { at: `/tournaments/${id}` });
    const bCard = bBrowser.page.getByTestId(`match-${semi.id}`);
    await expect.poll(() => bCard.getAttribute('data-state')).toBe('check-in');
    // The clock runs out on B: A wins by no-show, and both pages show the bracket move on.
    const closes = (await adminDb.doc(`tournaments/${id}/matches/${semi.id}`).get()).get('checkInCloses') as number;
    await sweep(closes + 1_000, [id]);
    await expect
      .poll(async () => (await adminDb.doc(`tournaments/${id}/matches/${semi.id}`).get()).data())
      .toMatchObject({ state: 'COMPLETED', winner: a.uid, outcome: 'NO_SHOW' });
    await expect.poll(() => bCard.getAttribute('data-state')).toBe('no-show');
    await aBrowser.page.getByText('Waiting for your next opponent.').waitFor();
    for (const browser of [aBrowser, bBrowser]) expect(browser.errors).toEqual([]);
  });

  it('an e-mail’s off link asks, then turns that kind off, signed out', async () => {
    const [a, b] = await Promise.all([verifiedUser(300), verifiedUser(300)]);
    await done('/battles/challenge', {
      token: a.token,
      body: { opponent: b.uid, game: 'csgo', entryFee: 130, terms: true },
    });
    const mail = await eventually(
      async () =>
        ((await (await fetch(`${MAIL}/email`)).json()) as { text: string; to: { address: string }[] }[]).find((item) =>
          item.to.some((to) => to.address === b.email),
        ),
      (found) => found !== undefined,
    );
    const link = /http:\/\/localhost:5173(\/alerts\/off\?token=\S+)/.exec(mail!.text)![1]!;
    // Opened where nobody is signed in (a mail app's browser), in a new session: the page of one
    // task has no campaign notice over it.
    const guest = await openBrowser({ notices: true });
    const { page } = guest;
    await page.goto(`${WEB}${link}`);
    await expect
      .poll(() => page.getByTestId('alerts-off').textContent())
      .toContain('Stop “Battle challenge” alerts by e-mail?');
    await page.getByTestId('alerts-off-confirm').click();
    await expect
      .poll(() => page.getByTestId('alerts-off-done').textContent())
      .toContain('“Battle challenge” alerts by e-mail are off.');
    expect(await page.getByTestId('campaign-dialog').isVisible()).toBe(false);
    expect((await adminDb.doc(`users/${b.uid}/private/account`).get()).get('alerts.kinds.challenge.email')).toBe(false);
    expect(guest.errors).toEqual([]);
    await guest.close();
  });

  it('a host gives the tournament a Discord channel from its page; one Discord refuses shows as off', async () => {
    const host = await verifiedUser();
    const created = await createTournament(host.token, {
      name: `Discord Night ${randomUUID().slice(0, 6)}`,
      startTime: Date.now() + 3 * 60 * MINUTE,
    });
    const id = created.body.id as string;
    const browser = await signedIn(host.email, { at: `/tournaments/${id}` });
    const card = browser.page.getByTestId('discord-channel');
    const hook = `${Date.now()}${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    // An address that is not a webhook's is refused with what to paste instead, not only "not valid".
    await card.getByTestId('discord-url').fill(`https://discord.com/api/webhooks/${hook}/short`);
    await card.getByTestId('discord-save').click();
    await card.getByText('That is not a complete Discord webhook address', { exact: false }).waitFor();
    await card.getByTestId('discord-url').fill(`https://discord.com/api/webhooks/${hook}/${'k'.repeat(68)}`);
    await card.getByTestId('discord-save').click();
    await expect.poll(() => card.getByTestId('discord-status').textContent()).toContain('…kkkk');
    const posts = await eventually(
      async () => (await (await fetch(`${PUSH}/discord?webhook=${hook}`)).json()) as { body: { content: string } }[],
      (found) => found.length > 0,
    );
    expect(posts[0]!.body.content).toContain('Versus will post');
    await shot(browser, 'alerts-discord-on');
    // A webhook Discord no longer knows: posting stops and the card says so.
    await card.getByTestId('discord-url').fill(`https://discord.com/api/webhooks/${hook}1/revoked${'x'.repeat(61)}`);
    await card.getByTestId('discord-save').click();
    // The new webhook is taken (its ending shows) or already refused: the card's whole text says which.
    await expect.poll(() => card.innerText()).toMatch(/…xxxx|Discord refused the webhook/);
    await expect
      .poll(async () => {
        await browser.page.reload();
        return browser.page.getByTestId('discord-channel').getByTestId('discord-status').textContent();
      })
      .toContain('Discord refused the webhook');
  });

  it('alerts keep the language the player chose: an English address opened meanwhile changes nothing', async () => {
    const player = await verifiedUser(0);
    const language = async () =>
      (await adminDb.doc(`users/${player.uid}/private/account`).get()).get('alerts.language') as string | undefined;
    const browser = await signedIn(player.email, { at: '/fi-FI/leaderboards' });
    const { page } = browser;
    await expect.poll(language).toBe('fi-FI');
    const languageCalls: string[] = [];
    // The Finnish page's own call may be told after its answer (a full run saw it here): only the
    // calls that would change the language count.
    page.on('request', (request) => {
      const body = request.postData();
      if (request.method() === 'PUT' && request.url().endsWith('/me/alerts') && body !== '{"language":"fi-FI"}')
        languageCalls.push(body!);
    });
    // A bare address, as a link to /login or an old bookmark gives: the page is English, the alerts stay.
    await page.goto(`${WEB}/leaderboards`);
    await page.getByRole('heading', { name: 'Leaderboards' }).waitFor();
    await listensAnswered(browser);
    expect(languageCalls).toEqual([]);
    expect(await language()).toBe('fi-FI');
    // The alert settings say which language they are written in, and take the page's on request.
    await page.goto(`${WEB}/profile/settings`);
    const line = page.getByTestId('alert-language');
    await line
      .getByText('E-mails and pushes are written in Finnish, the language you last chose for Versus.')
      .waitFor();
    await line.getByRole('button', { name: 'Write them in British English' }).click();
    await expect.poll(language).toBe('en-GB');
    await line
      .getByText('E-mails and pushes are written in British English, the language you last chose for Versus.')
      .waitFor();
    expect(await line.getByRole('button').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('alert-saved').textContent())
      .toBe('Saved: e-mails and pushes are now written in British English.');
    // Chosen in the switcher: the alerts follow.
    await page.getByLabel('Language').first().selectOption('en-US');
    await expect.poll(language).toBe('en-US');
    // Polled: under load Chromium may tell of a request after the server has answered it (a full run
    // saw the stored language change before the page's request event).
    await expect
      .poll(() => languageCalls)
      .toEqual([JSON.stringify({ language: 'en-GB' }), JSON.stringify({ language: 'en-US' })]);
    expect(browser.errors).toEqual([]);
  });
});
