import { afterEach, describe, expect, it } from 'vitest';
import { battleWonBy, call, done, createTournament, verifiedUser } from '../functions/test/helpers';
import { holdRequests, openBrowser, shot, type OpenBrowser, WEB } from './browser';
import { enGBPages } from '../web/src/i18n/locales/en-GB.pages';
import { fiFIPages } from '../web/src/i18n/locales/fi-FI.pages';

/**
 * Issue #24: the public pages arrive as HTML (web/scripts/prerender.mjs) served as Hosting serves
 * them (scripts/lib/hosting.mjs), paint with JavaScript off, and come alive when it runs.
 */
const opened: OpenBrowser[] = [];
const browser = async (options: Parameters<typeof openBrowser>[0] = {}) => {
  const open = await openBrowser(options);
  opened.push(open);
  return open;
};

const meta = (page: OpenBrowser['page'], property: string) =>
  page.locator(`meta[property="${property}"]`).getAttribute('content');

describe('prerendered public pages', () => {
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((open) => open.close()));
  });

  it('the landing, browse, leaderboards and legal pages carry their content without JavaScript, in every locale', async () => {
    const { page } = await browser({ javaScript: false, width: 375 });
    const pages = [
      ['/', 'Compete. Win. Get paid in coins.', 'Compete for coins and glory — Versus', 'en-GB'],
      ['/en-US', 'Compete. Win. Get paid in coins.', 'Compete for coins and glory — Versus', 'en-US'],
      ['/fi-FI', 'Kilpaile. Voita. Ansaitse kolikoita.', null, 'fi-FI'],
      ['/tournaments', 'Tournaments', 'Tournaments — Versus', 'en-GB'],
      ['/fi-FI/tournaments', 'Turnaukset', 'Turnaukset — Versus', 'fi-FI'],
      ['/leaderboards', 'Leaderboards', 'Leaderboards — Versus', 'en-GB'],
      ['/en-US/leaderboards', 'Leaderboards', 'Leaderboards — Versus', 'en-US'],
      ['/privacy-policy', 'Privacy policy', 'Privacy policy — Versus', 'en-GB'],
      ['/fi-FI/terms-of-service', null, null, 'fi-FI'],
    ] as const;
    for (const [path, heading, title, locale] of pages) {
      const response = await page.goto(`${WEB}${path}`);
      expect(response?.status(), path).toBe(200);
      // Browse and the leaderboards are served by the api function (browse's first covers painted,
      // the boards with their players): a CDN keeps them a minute.
      expect(response?.headers()['cache-control'], path).toBe(
        /\/(tournaments|leaderboards)$/.test(path) ? 'public, max-age=0, s-maxage=60' : 'no-cache',
      );
      expect(await page.locator('html').getAttribute('lang'), path).toBe(locale);
      const h1 = page.locator('h1').first();
      await expect.poll(() => h1.isVisible(), { timeout: 2_000 }).toBe(true);
      if (heading) expect(await h1.textContent(), path).toBe(heading);
      if (title) expect(await page.title(), path).toBe(title);
      expect(await page.getByRole('navigation').first().isVisible(), path).toBe(true);
    }
    // A legal document has every section with its heading in each language, also where a language
    // words only some of them (en-US spells "email" in four of the privacy policy's bodies).
    const privacy = Object.keys(enGBPages.legal.privacy.sections);
    for (const path of ['/privacy-policy', '/en-US/privacy-policy', '/fi-FI/privacy-policy']) {
      await page.goto(`${WEB}${path}`);
      expect(await page.locator('.legal h2').count(), path).toBe(privacy.length);
      expect(await page.locator('.legal p:not(.muted)').count(), path).toBe(privacy.length);
    }
    expect(await page.locator('.legal h2').first().textContent()).toBe(fiFIPages.legal.privacy.sections.data.heading);
    // Browse's filters wait for the app (nothing typed before it takes over is lost); its first
    // page of results is requested with the HTML.
    await page.goto(`${WEB}/tournaments`);
    expect(await page.getByTestId('filter-name').isDisabled()).toBe(true);
    // Hosting and one's own tournaments are offered in the HTML, to guests too (who log in first):
    // nothing appears above the results once the session is known.
    expect(await page.locator('main').getByRole('link', { name: 'Host a tournament' }).getAttribute('href')).toBe(
      '/tournaments/add',
    );
    expect(await page.locator('link[rel="preload"][as="fetch"]').getAttribute('href')).toBe(
      '/api/searchTournaments?orderBy=startTime&orderByType=asc&pageSize=8',
    );
    // A filtered address: the first page of its own filters, whose covers the skeleton's cards show
    // where the app's cards will (one result here: one painted card, the others grey).
    const host = await verifiedUser();
    const name = `Prepaint${Date.now().toString(36)}`;
    await createTournament(host.token, { name, game: 'dota-2' });
    await page.goto(`${WEB}/fi-FI/tournaments?name=${name}&game=dota-2`);
    expect(await page.locator('link[rel="preload"][as="fetch"]').getAttribute('href')).toBe(
      `/api/searchTournaments?name=${name}&game=dota-2&orderBy=startTime&orderByType=asc&pageSize=8`,
    );
    expect(await page.locator('link[rel="preload"][as="image"]').getAttribute('href')).toBe('/covers/dota-2.svg');
    const covers = await page
      .locator('.skeleton-card .skeleton-cover')
      .evaluateAll((blocks) => blocks.map((block) => getComputedStyle(block).backgroundImage));
    expect(covers).toHaveLength(4);
    expect(covers[0]).toContain('/covers/dota-2.svg');
    expect(covers.slice(1)).toEqual(['none', 'none', 'none']);
    // Filters the search refuses: the page as it is (the app says why), never an error page.
    const refused = await page.goto(`${WEB}/tournaments?entryFee=7&sort=nope:asc`);
    expect(refused?.status()).toBe(200);
    expect(await page.locator('style', { hasText: 'skeleton-card' }).count()).toBe(0);
    await page.goto(`${WEB}/fi-FI`);
    await shot({ page }, 'prerendered-1-landing-no-js');
  });

  it("an address with the default language's name moves to its address without it: Hosting's 301, and the app's own move", async () => {
    // en-GB has no prefix, but /en-US and /fi-FI have theirs, so someone swapping the tag by hand writes it.
    const moved = await fetch(`${WEB}/en-GB/leaderboards?board=battle-players`, { redirect: 'manual' });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/leaderboards?board=battle-players');
    // Finnish by its bare tag, as someone typing the address guesses it, is Finnish's address.
    for (const [from, to] of [
      ['/en-GB', '/'],
      ['/en-GB//evil.example/x', '/evil.example/x'],
      ['/fi', '/fi-FI'],
      ['/fi/leaderboards?board=battle-players', '/fi-FI/leaderboards?board=battle-players'],
    ]) {
      const answer = await fetch(`${WEB}${from}`, { redirect: 'manual' });
      expect([answer.status, answer.headers.get('location')], from).toEqual([301, to]);
    }
    // Another case is not our prefix: the app's own 404, not a redirect.
    expect((await fetch(`${WEB}/en-gb/leaderboards`, { redirect: 'manual' })).status).toBe(200);
    const { page, errors } = await browser({ width: 375 });
    await page.goto(`${WEB}/en-GB/leaderboards`);
    expect(page.url()).toBe(`${WEB}/leaderboards`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Leaderboards');
    // The dev server has no Hosting: the app moves such an address itself (a router navigation here).
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      history.pushState(null, '', '/en-GB/privacy-policy#cookies');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => page.url()).toBe(`${WEB}/privacy-policy#cookies`);
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Privacy policy');
    expect(errors).toEqual([]);
  });

  it('the consent bar comes with the HTML, painted with the page; a visitor who has chosen never sees it', async () => {
    // A first visit without JavaScript: the bar is there, at the bottom edge.
    const first = await browser({ javaScript: false, consent: true, width: 375 });
    await first.page.goto(`${WEB}/leaderboards`);
    expect(await first.page.getByTestId('consent-banner').isVisible()).toBe(true);
    // A visitor who declined, whose app never starts: the bar is in the HTML but never shown, by the
    // head's inline script, which the CSP lets run by its hash (a refused script would be reported).
    const returning = await browser({ width: 375 });
    const refused: string[] = [];
    returning.page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await returning.page.route('**/assets/*.js', (route) => route.abort());
    await returning.page.goto(`${WEB}/`);
    expect(await returning.page.getByTestId('consent-banner').count()).toBe(1);
    expect(await returning.page.getByTestId('consent-banner').isVisible()).toBe(false);
    expect(await returning.page.locator('html').getAttribute('data-consent')).toBe('chosen');
    expect(refused).toEqual([]);
    // With the app: it hydrates the bar away and the mark goes.
    await returning.page.unroute('**/assets/*.js');
    await returning.page.goto(`${WEB}/`);
    await returning.page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(() => returning.page.getByTestId('consent-banner').count()).toBe(0);
    expect(await returning.page.locator('html').getAttribute('data-consent')).toBeNull();
    expect(refused).toEqual([]);
    expect(returning.errors).toEqual([]);
  });

  it("a tournament's page is a shell that paints its skeleton; a link preview gets the tournament's tags", async () => {
    const host = await verifiedUser();
    const { id } = (
      await createTournament(host.token, {
        name: 'Friday "Night" & Co $& $1',
        description: 'Eight players, <b>one</b> night.',
      })
    ).body;
    const { page } = await browser({ javaScript: false });
    for (const path of [`/tournaments/${id}`, `/fi-FI/tournaments/${id}/participants`]) {
      const response = await page.goto(`${WEB}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect.poll(() => page.getByTestId('page-skeleton').isVisible(), { timeout: 2_000 }).toBe(true);
    }
    // The skeleton is still for its first second, then pulses (the page's clock set, not waited for).
    const opacityAt = (ms: number) =>
      page
        .locator('.skeleton-line')
        .first()
        .evaluate((line, at) => {
          for (const animation of line.getAnimations()) animation.currentTime = at;
          return Number(getComputedStyle(line).opacity);
        }, ms);
    expect(await opacityAt(500)).toBe(1);
    expect(await opacityAt(1_700)).toBeCloseTo(0.55);
    // What a crawler or a chat app reads: the tournament's own title, description and cover.
    await page.goto(`${WEB}/tournaments/${id}`);
    expect(await page.title()).toBe('Friday "Night" & Co $& $1 — Versus');
    expect(await meta(page, 'og:title')).toBe('Friday "Night" & Co $& $1 — Versus');
    expect(await meta(page, 'og:description')).toBe('Eight players, <b>one</b> night.');
    expect(await meta(page, 'og:image')).toBe(`${WEB}/covers/valorant.png`);
    expect(await page.locator('b').count()).toBe(0);
    // The header's cover (the largest element) is fetched with the HTML.
    expect(await page.locator('link[rel="preload"][as="image"][fetchpriority="high"]').getAttribute('href')).toBe(
      '/covers/valorant.svg',
    );
    // …and the shell's cover block shows it, where the app's header will (no JavaScript here).
    expect(
      await page.locator('.skeleton-cover').evaluate((block) => getComputedStyle(block).backgroundImage),
    ).toContain('/covers/valorant.svg');
    const image = await fetch(`${WEB}/covers/valorant.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    await page.goto(`${WEB}/fi-FI/tournaments/${id}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fi-FI');
    expect(await meta(page, 'og:locale')).toBe('fi_FI');
    // An unknown tournament: the shell with a 404, for crawlers; the app says it is not there.
    expect((await page.goto(`${WEB}/tournaments/no-such-tournament`))?.status()).toBe(404);
    // Hashed assets are immutable for a year; pages revalidate.
    const script = await page.locator('script[type="module"]').getAttribute('src');
    const served = await fetch(`${WEB}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Compressed as Hosting compresses it, and the same script whichever encoding a browser takes.
    expect(served.headers.get('content-encoding')).toBe('br');
    const plain = await fetch(`${WEB}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const body = await served.text();
    expect(body).toBe(await plain.text());
    // Asked again, it is answered from memory with the same headers, firebase.json's included.
    const again = await fetch(`${WEB}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(again.headers.get('content-security-policy')).toBe(served.headers.get('content-security-policy'));
    for (const header of ['content-encoding', 'content-length', 'etag', 'vary'])
      expect(again.headers.get(header), header).toBe(served.headers.get(header));
    expect(await again.text()).toBe(body);
  });

  it('a profile, the leaderboards and an embed come with their content, which the app hydrates as it was and then keeps live', async () => {
    const host = await verifiedUser(200);
    const fan = await verifiedUser(200);
    const { id } = (await createTournament(host.token, { name: 'Served <Cup> & Co' })).body;
    // A battle won puts the host on the battle players' board.
    await battleWonBy(host, fan);
    const { page } = await browser({ javaScript: false, width: 375 });
    // Without JavaScript: the content itself, in the HTML, in the address's language.
    let response = await page.goto(`${WEB}/user/${host.uid}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(host.displayName);
    expect(await page.title()).toBe(`${host.displayName} — Versus`);
    expect(await page.getByTestId('stats').isVisible()).toBe(true);
    expect(await page.getByTestId('follow-counts').textContent()).toContain('0');
    expect(await page.getByTestId('page-skeleton').count()).toBe(0);
    // Presence is not in the served page: it says nothing until the app reads it, never "Offline".
    expect(await page.getByTestId('presence').isVisible()).toBe(false);
    await page.goto(`${WEB}/fi-FI/user/${host.uid}`);
    expect(await page.locator('html').getAttribute('lang')).toBe('fi-FI');
    expect(await page.getByTestId('history').getByRole('heading').textContent()).toBe('Otteluhistoria');
    // Its days as the app writes every other date in Finnish (2.12.2026), the served page's in UTC.
    const battleDay = page.getByTestId('history').locator('time').first();
    const at = new Date((await battleDay.getAttribute('datetime'))!);
    expect(await battleDay.textContent()).toBe(
      new Intl.DateTimeFormat('fi-FI', { dateStyle: 'medium', timeZone: 'UTC' }).format(at),
    );
    // Nobody by that id: the app's own words, with a 404.
    response = await page.goto(`${WEB}/user/nobody-here`);
    expect(response?.status()).toBe(404);
    expect(await page.getByTestId('user-missing').isVisible()).toBe(true);
    // The leaderboards: the address's board, its players by name.
    response = await page.goto(`${WEB}/leaderboards?board=battle-players`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId('board').inputValue()).toBe('battle-players');
    const rows = page.getByTestId('leaderboard').locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    // Every row names its player (50 at most: the host may be past them in a long suite).
    expect(await rows.locator('strong').allTextContents()).not.toContain('…');
    expect(await rows.locator('a.board-player').first().getAttribute('href')).toMatch(/^\/user\/\w+/);
    // The embed: the tournament's name, escaped, and its state.
    response = await page.goto(`${WEB}/embed/tournaments/${id}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByTestId('embed').locator('h1').textContent()).toBe('Served <Cup> & Co');
    // What is played, and how: on another site nothing else says it.
    expect(await page.getByTestId('embed-facts').textContent()).toBe('VALORANT · Single elimination');
    expect(await page.title()).toBe('Served <Cup> & Co — Versus');
    expect(await page.locator('cup').count()).toBe(0);
    expect((await page.goto(`${WEB}/embed/tournaments/no-such-tournament`))?.status()).toBe(404);
    // The data is in the page as data, never as a script that runs.
    const html = await (await fetch(`${WEB}/embed/tournaments/${id}`)).text();
    expect(html).toContain('<script type="application/json" id="served-data">');
    expect(html).not.toContain('Served <Cup>');

    // With JavaScript: hydrated as it was (no fallback to a client render), then live.
    const visitor = await browser({ width: 375 });
    await visitor.page.goto(`${WEB}/user/${host.uid}`);
    await visitor.page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await visitor.page.getByTestId('presence').filter({ hasText: 'Offline' }).waitFor();
    expect(await visitor.page.getByTestId('follow-counts').textContent()).toMatch(/^0 /);
    expect((await call(`/users/${host.uid}/follow`, { token: fan.token, method: 'POST' })).status).toBe(200);
    await expect.poll(() => visitor.page.getByTestId('follow-counts').textContent()).toMatch(/^1 /);
    await visitor.page.getByTestId('followers-list').getByText(fan.displayName).waitFor();
    await visitor.page.goto(`${WEB}/leaderboards?board=battle-players&period=all-time`);
    await visitor.page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await visitor.page.getByTestId('board').selectOption('top-players');
    await expect.poll(() => visitor.page.url()).toContain('board=top-players');
    await visitor.page.goto(`${WEB}/embed/tournaments/${id}`);
    await visitor.page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await shot(visitor, 'prerendered-served-embed');
    expect(visitor.errors).toEqual([]);
  });

  it('an address with a query is rendered afresh over its HTML: the page replaces it, never a spinner', async () => {
    const visitor = await browser({ width: 375 });
    const { page } = visitor;
    // A phone's CPU (4× slower), so a frame between the HTML and the page would be caught.
    await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => {
      const seen = { frames: 0, spinner: 0, empty: 0 };
      Object.assign(window, { seen });
      const look = () => {
        const root = document.getElementById('root');
        // From the parsed page on (a frame can paint half of the HTML as it streams in).
        if (root && document.readyState !== 'loading') {
          seen.frames += 1;
          if (root.querySelector('.spinner')) seen.spinner += 1;
          if (!root.querySelector('h1')) seen.empty += 1;
        }
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    for (const path of ['/tournaments?game=valorant', '/fi-FI/tournaments?name=Dota']) {
      await page.goto(`${WEB}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
      await expect.poll(() => page.getByTestId('page-skeleton').count()).toBe(0);
      const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
      expect(seen.frames, path).toBeGreaterThan(0);
      expect({ spinner: seen.spinner, empty: seen.empty }, path).toEqual({ spinner: 0, empty: 0 });
    }
    expect(visitor.errors).toEqual([]);
  });

  it('with JavaScript the app takes over every prerendered page as it was: live data, no hydration fallback', async () => {
    const host = await verifiedUser();
    const { id } = (await createTournament(host.token, { name: 'Hydration Cup' })).body;
    // The landing's figures as the sweeper publishes them.
    await done('/internal/sweep', { body: { figures: true } });
    const visitor = await browser({ width: 375 });
    const { page } = visitor;
    await page.goto(`${WEB}/`);
    await expect.poll(() => page.locator('[data-figure="players"] .big-number').textContent()).toMatch(/^\d/);
    await page.goto(`${WEB}/fi-FI/tournaments`);
    // The preloaded first page is the one the app shows: fetched once, with the HTML.
    await page.getByTestId('tournament-card').first().waitFor();
    const searches = (
      await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
    ).filter((name) => name.includes('/api/searchTournaments'));
    expect(searches).toHaveLength(1);
    // So is a filtered address's, rendered afresh over the HTML.
    await page.goto(`${WEB}/tournaments?name=Hydration`);
    await page.getByTestId('tournament-card').first().waitFor();
    const filtered = (
      await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name))
    ).filter((name) => name.includes('/api/searchTournaments'));
    expect(filtered).toEqual([
      `${WEB}/api/searchTournaments?name=Hydration&orderBy=startTime&orderByType=asc&pageSize=8`,
    ]);
    // A filter the search does not know, typed into the address: said in the page's language.
    await page.goto(`${WEB}/fi-FI/tournaments?entryFee=7`);
    await page.getByText('Osoitteessa on suodatin, jota emme tunne.', { exact: false }).waitFor();
    await page.goto(`${WEB}/fi-FI/tournaments`);
    // A later search shows a plain skeleton: the covers the HTML painted were the first search's.
    await page.getByTestId('tournament-card').first().waitFor();
    const release = await holdRequests(page, '**/api/searchTournaments?name=Hydration*');
    await page.getByTestId('filter-name').fill('Hydration Cup');
    await page.getByTestId('page-skeleton').waitFor();
    expect(await page.locator('.skeleton-cards-served').count()).toBe(0);
    expect(
      await page
        .locator('.skeleton-card .skeleton-cover')
        .first()
        .evaluate((block) => getComputedStyle(block).backgroundImage),
    ).toBe('none');
    release();
    await page.getByText('Hydration Cup').first().waitFor();
    await page.goto(`${WEB}/tournaments/${id}`);
    await page.getByRole('heading', { name: 'Hydration Cup' }).waitFor();
    expect(await page.title()).toBe('Hydration Cup — Versus');
    await page.goto(`${WEB}/embed/tournaments/${id}`);
    await page.getByText('Hydration Cup').first().waitFor();
    await page.goto(`${WEB}/user/${host.uid}`);
    await page.getByRole('heading', { name: host.displayName }).waitFor();
    await page.goto(`${WEB}/leaderboards`);
    await page.getByTestId('board').selectOption('top-hosts');
    // A part of a page loading its data (the Spinner component's markup) shows its spinner after a
    // second, not at once; the page's animation clock set, not waited for. On a page whose load,
    // stylesheet included, has ended (not one a click is still navigating to).
    await page.waitForLoadState('load');
    const spinnerOpacityAt = (ms: number) =>
      page.evaluate((at) => {
        const block = document.createElement('div');
        block.className = 'spinner-block';
        block.innerHTML = '<span class="spinner"></span>';
        document.querySelector('main')?.append(block);
        const spinner = block.querySelector('.spinner') as HTMLElement;
        for (const animation of spinner.getAnimations()) animation.currentTime = at;
        const opacity = Number(getComputedStyle(spinner).opacity);
        block.remove();
        return opacity;
      }, ms);
    expect(await spinnerOpacityAt(500)).toBe(0);
    expect(await spinnerOpacityAt(1_200)).toBe(1);
    // After hydration a link works: the footer's link on the privacy policy.
    await page.goto(`${WEB}/privacy-policy`);
    await page.locator('.footer-links a').first().click();
    await expect.poll(() => page.url()).toBe(`${WEB}/privacy-policy`);
    await shot(visitor, 'prerendered-2-hydrated');
    expect(visitor.errors).toEqual([]);
  });

  it("a page's own chunks are fetched beside the app's, each once, and used when its router asks", async () => {
    const player = await verifiedUser();
    // A fresh browser context: nothing cached from another page.
    const visitor = await browser({ width: 375 });
    const { page } = visitor;
    await page.goto(`${WEB}/user/${player.uid}`);
    // The profile comes with its HTML; the app hydrates it and then reads it live, with the page's
    // chunk and Firestore's SDK.
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    const chunks = (await page.locator('#root').getAttribute('data-chunks'))?.split(' ') ?? [];
    // The route's page (app/pages/user.tsx, which composes the profile's).
    expect(chunks.some((chunk) => /\/user-[\w-]{7}\.js$/.test(chunk))).toBe(true);
    const resources = () =>
      page.evaluate(() =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.transferSize > 0)
          .map((entry) => ({
            path: new URL(entry.name).pathname,
            size: entry.decodedBodySize,
          })),
      );
    // Firestore's SDK (445 KB) among them: what the page's chunk imports comes early too.
    await expect
      .poll(async () => (await resources()).some((entry) => chunks.includes(entry.path) && entry.size > 300_000))
      .toBe(true);
    const fetched = await resources();
    // Each crossed the network once, whoever asked first: its prefetch link, or on a loaded machine the
    // router's import (seen in the suite for a 2 KB chunk and for Firestore's SDK). Which one wins is
    // the machine's timing, not behaviour: the test holds the once.
    for (const chunk of chunks)
      expect(
        fetched.filter((entry) => entry.path === chunk),
        chunk,
      ).toHaveLength(1);
    expect(visitor.errors).toEqual([]);
  });
});
