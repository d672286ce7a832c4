import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuth,
  adminDb,
  call,
  done,
  createTournament,
  agedWithdrawal,
  signIn,
  verifiedUser,
} from '../functions/test/helpers';
import { proofOf } from '../functions/test/tournament-play-helpers';
import { holdRequests, openBrowser, shot, useSignedInBrowsers, WEB, type OpenBrowser } from './browser';

const signedIn = useSignedInBrowsers();
const LOCALES = ['', '/en-US', '/fi-FI'];
const WIDTHS = [375, 1280] as const;

/** Every route of SPEC §2 a signed-in platform admin can open (ids made below), and the guest-only ones. */
function signedInRoutes(ids: {
  challenge: string;
  battle: string;
  user: string;
  solo: string;
  team: string;
  led: string;
  played: string;
  disputed: string;
  points: string;
  double: string;
  roundRobin: string;
}) {
  return [
    '/',
    '/battles',
    '/battles/challenge',
    `/battles/view-challenge/${ids.challenge}`,
    `/battles/${ids.battle}`,
    '/leaderboards',
    '/leaderboards?board=battle-players&period=this-month',
    '/my-games',
    '/notifications',
    '/admin',
    '/tournaments',
    '/tournaments/add',
    '/tournaments/my-tournaments',
    '/tournaments/resolve-conflict',
    '/tournaments/no-such-tournament',
    `/tournaments/${ids.solo}`,
    `/tournaments/${ids.solo}/participants`,
    `/tournaments/${ids.solo}/settings`,
    `/tournaments/${ids.team}`,
    `/tournaments/${ids.team}/participants`,
    `/tournaments/${ids.led}/participants`,
    `/tournaments/${ids.team}/standings`,
    `/tournaments/${ids.played}`,
    `/tournaments/${ids.played}/standings`,
    `/tournaments/${ids.played}/pending`,
    `/tournaments/resolve-conflict/${ids.played}/${ids.disputed}`,
    `/embed/tournaments/${ids.played}`,
    `/tournaments/${ids.points}`,
    `/tournaments/${ids.points}/pending`,
    `/tournaments/${ids.double}`,
    `/tournaments/${ids.roundRobin}`,
    `/user/${ids.user}`,
    '/profile/settings',
    '/profile/connections',
    '/profile/privacy',
    '/profile/coins',
    '/profile/withdraw',
    '/paypal-connect',
    '/checkout',
    '/search',
    // A search for one word longer than any name: its "nothing found" line wraps inside its box.
    `/search?q=${'x'.repeat(120)}`,
    '/privacy-policy',
    '/terms-of-service',
    '/auth/action',
    '/activate-email',
    '/login/reset-password',
    '/no-such-page',
  ];
}
const GUEST_ROUTES = ['/login', '/login/forgot-password', '/login/password-email-sent', '/register'];
/** A tournament in play as a guest reads it: three tabs, as a player's, which fit a phone in every language. */
const guestRoutes = (played: string) => [...GUEST_ROUTES, `/tournaments/${played}`];
/** axe-core's own build, put into the page as a script (it stays across the router's navigations). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Opens `url` as a user moving through the app would: the first page loads whole, later ones by the
 * router's own navigation (history plus popstate), so the shell is not started again for each.
 */
async function visit(page: OpenBrowser['page'], url: string) {
  if (!page.url().startsWith(WEB)) {
    await page.goto(url);
    await page.locator('#root *').first().waitFor();
    return;
  }
  const path = url.slice(WEB.length);
  await page.evaluate((next) => {
    window.history.pushState(null, '', next);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The route's language is in place (its texts may load late), then two frames: the router has rendered.
  const locale = /^\/(en-US|fi-FI)(\/|$)/.exec(path)?.[1] ?? 'en-GB';
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * How far the page is wider than the window, and which elements stick out (for the failure message);
 * or a box of its own that scrolls sideways by a sliver (under 16 px: it hides nothing a reader
 * needs, so it is a cell or a control a few pixels too wide, as the alerts' checkboxes were).
 */
async function overflow(page: OpenBrowser['page'], url: string): Promise<string | null> {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ').join('.')}`;
    const offenders = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map(name);
    const slivers = Array.from(document.querySelectorAll('body *'))
      .filter((element) => {
        const extra = element.scrollWidth - element.clientWidth;
        return extra > 0 && extra < 16 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
      })
      .map((element) => `${name(element)} scrolls ${element.scrollWidth - element.clientWidth}px`);
    // A row of three tabs or fewer (a player's or a guest's tournament) fits: its last one was cut.
    const tabs = Array.from(document.querySelectorAll('nav.tabs'))
      .filter((row) => row.querySelectorAll('a').length <= 3 && row.scrollWidth > row.clientWidth + 1)
      .map((row) => `its ${row.querySelectorAll('a').length} tabs scroll ${row.scrollWidth - row.clientWidth}px`);
    return { scrollWidth: document.documentElement.scrollWidth, width, offenders, slivers: [...slivers, ...tabs] };
  });
  if (found.scrollWidth > found.width)
    return `${url} at ${found.width}px is ${found.scrollWidth}px wide: ${found.offenders.join(', ')}`;
  return found.slivers.length > 0 ? `${url} at ${found.width}px: ${found.slivers.join(', ')}` : null;
}

/**
 * A table's sideways scroll box is a Tab stop while, and only while, its table is wider than it
 * (components/scroll-box.tsx): the keyboard scrolls it on a phone, and passes over it on a desktop.
 */
async function scrollStops(page: OpenBrowser['page'], url: string): Promise<string | null> {
  // What the boxes' ResizeObserver sets after a resize may take a render more than the frames waited.
  for (let frames = 0; ; frames += 1) {
    const wrong = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('.table-scroll, .round-robin-scroll'))
        .filter((box) => (box.tabIndex === 0) !== box.scrollWidth > box.clientWidth)
        .map(
          (box) =>
            `${box.getAttribute('aria-label')} (${box.scrollWidth} in ${box.clientWidth}, tabindex ${box.tabIndex})`,
        ),
    );
    if (wrong.length === 0) return null;
    if (frames === 30)
      return `${url} at ${page.viewportSize()?.width}px: a Tab stop that does not scroll, or a scroll box that is none: ${wrong.join(', ')}`;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  }
}

/**
 * A form whose parts touch: two in a column with less than 4 px between them (the challenge form's
 * game select sat on its entry fee's legend, its terms box on its button). Parts side by side, not
 * shown, or under a text field's own line for its error and counter, are left alone.
 */
async function touching(page: OpenBrowser['page'], url: string): Promise<string | null> {
  const found = await page.evaluate(() => {
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ').filter(Boolean).join('.')}`;
    const pairs: string[] = [];
    for (const form of Array.from(document.querySelectorAll('form.form, .form'))) {
      const parts = Array.from(form.children).filter((element) => {
        const box = element.getBoundingClientRect();
        return box.height > 0 && getComputedStyle(element).position !== 'absolute';
      });
      for (const [index, part] of parts.slice(1).entries()) {
        const above = parts[index]!.getBoundingClientRect();
        const box = part.getBoundingClientRect();
        const stacked = box.top >= above.top + above.height / 2;
        // A text field keeps its own line under it for its error and counter: that is its gap.
        const spaced = parts[index]!.querySelector(':scope > .field-meta') !== null;
        if (stacked && !spaced && box.top - above.bottom < 4) pairs.push(`${name(parts[index]!)} on ${name(part)}`);
      }
    }
    return { width: document.documentElement.clientWidth, pairs: pairs.slice(0, 3) };
  });
  return found.pairs.length > 0 ? `${url} at ${found.width}px: ${found.pairs.join(', ')}` : null;
}

/**
 * What axe-core finds against WCAG 2.1 A and AA and its own best practices (contrast, names that
 * include what a control shows, heading levels, links told apart from text …): a line per rule and
 * element, at most three elements a rule.
 */
async function barriers(page: OpenBrowser['page'], url: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  // A page whose texts or chunk come a moment after its data has its title once they have come.
  await page.waitForFunction(() => document.querySelector('h1') !== null, undefined, { timeout: 5000 }).catch(() => {});
  const found = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    const width = document.documentElement.clientWidth;
    return result.violations.flatMap((rule) =>
      rule.nodes
        .slice(0, 3)
        .map(
          (node) =>
            `${width}px ${rule.id} ${node.target.join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`,
        ),
    );
  });
  return found.map((line) => `${url} at ${line}`);
}

/**
 * Opens `url` once and measures it at each of `widths` in turn, the window resized between them as a
 * phone turned or a window narrowed would be: one visit for all the widths (the visits were most of
 * this file's time; docs/testing.md, "The layout test's loads").
 */
async function sideways(
  browser: OpenBrowser,
  url: string,
  widths: readonly number[],
  audit: boolean,
): Promise<string[]> {
  const { page } = browser;
  await visit(page, url);
  // Live data first: wait (briefly) for spinners, skeletons and the calls' progress bar to go so the
  // measured page is the real one.
  await page
    .waitForFunction(() => document.querySelector('.spinner, [aria-busy="true"], .progress-bar') === null, undefined, {
      timeout: 5000,
    })
    .catch(() => undefined);
  const problems: string[] = [];
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: 800 });
      // Media queries apply at the next layout; what ResizeObserver sets needs a frame: two frames.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    for (const problem of [await overflow(page, url), await touching(page, url), await scrollStops(page, url)])
      if (problem) problems.push(problem);
  }
  // At the last width only: the widths alternate from route to route, so both are audited.
  if (audit) problems.push(...(await barriers(page, url)));
  return problems;
}

/**
 * Each route of `routes` at both widths, in one load: the widths alternate, so each load starts where
 * the last ended. en-US is left out of the audit: its pages are en-GB's with a few words changed.
 */
async function sidewaysAll(browser: OpenBrowser, prefix: string, routes: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const [index, route] of routes.entries()) {
    const widths = index % 2 === 0 ? WIDTHS : [...WIDTHS].reverse();
    problems.push(...(await sideways(browser, `${WEB}${prefix}${route}`, widths, prefix !== '/en-US')));
  }
  return problems;
}

describe('no page scrolls sideways, no form’s parts touch, and axe-core finds no barrier', () => {
  // One world; each locale is its own test (every route at both widths, signed in and as a guest).
  let routes: string[] = [];
  let adminEmail = '';
  let playedId = '';
  beforeAll(async () => {
    const [admin, other, third] = await Promise.all([verifiedUser(2000), verifiedUser(2000), verifiedUser(2000)]);
    await adminAuth.setCustomUserClaims(admin.uid, { admin: true });
    const adminToken = await signIn(admin.email);
    const challenge = await call('/battles/challenge', {
      token: other.token,
      body: { opponent: admin.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const sent = await call('/battles/challenge', {
      token: adminToken,
      body: { opponent: third.uid, game: 'rocket-league', entryFee: 270, terms: true },
    });
    const battle = await call(`/battles/challenges/${sent.body.id as string}/accept`, {
      token: third.token,
      method: 'POST',
    });
    expect([challenge.status, battle.status]).toEqual([201, 201]);
    // A paid solo tournament the admin hosts (with a long name) and a team one with a party forming.
    const tournament = (overrides: Record<string, unknown>) =>
      createTournament(adminToken, {
        game: 'league-of-legends',
        platform: ['PC', 'PS5', 'XBOXX'],
        size: 32,
        entryFee: 1260,
        payoutStructure: 'top-2',
        name: 'Supercalifragilisticexpialidocious Championship Grand Finals Weekend',
        description: 'A very long description. '.repeat(15).trim(),
        rules: 'Rule. '.repeat(100).trim(),
        startTime: Date.now() + 7 * 86_400_000,
        ...overrides,
      });
    const solo = await tournament({});
    const team = await tournament({ gameFormat: 'TEAM', teamSize: 3, entryFee: 0, size: 8 });
    expect([solo.status, team.status]).toEqual([201, 201]);
    await done(`/tournaments/${solo.body.id as string}/join`, { token: other.token, method: 'POST' });
    await done(`/tournaments/${team.body.id as string}/createParty`, {
      token: other.token,
      body: { teamName: 'The Extraordinarily Long' },
    });
    // A paid tournament the admin joined: its long name in the admin's coin history.
    const entered = await createTournament(other.token, {
      game: 'rocket-league',
      size: 8,
      entryFee: 130,
      name: 'Pneumonoultramicroscopicsilicovolcanoconiosis Invitational',
      startTime: Date.now() + 7 * 86_400_000,
    });
    expect(entered.status).toBe(201);
    await done(`/tournaments/${entered.body.id as string}/join`, { token: adminToken, method: 'POST' });
    // A team tournament where the admin leads a forming party: its invite box and its buttons.
    const led = await createTournament(other.token, {
      game: 'valorant',
      gameFormat: 'TEAM',
      teamSize: 3,
      entryFee: 0,
      size: 8,
      startTime: Date.now() + 7 * 86_400_000,
    });
    expect(led.status).toBe(201);
    await done(`/tournaments/${led.body.id as string}/createParty`, {
      token: adminToken,
      body: { teamName: 'Admins Assemble' },
    });
    // Two tournaments in play that the admin hosts: a bracket of 16 with a disputed match, and points.
    // The bracket of 16 is today's free tournament; the others are paid (one free a day a host).
    const started = async (overrides: Record<string, unknown>) => {
      const startTime = Date.now() + 20 * 60_000;
      const created = await tournament({ size: 16, entryFee: 0, startTime, ...overrides });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      const players = await Promise.all(Array.from({ length: 5 }, () => verifiedUser(1000)));
      for (const player of players) await done(`/tournaments/${id}/join`, { token: player.token, method: 'POST' });
      await done('/internal/sweep', { body: { now: startTime, tournaments: [id] } });
      return { id, players };
    };
    const played = await started({});
    const points = await started({ bracket: 'POINTS', payoutStructure: 'top-3', entryFee: 130 });
    // A double elimination (three brackets) and a round robin (a grid and a table) in play.
    const double = await started({ bracket: 'DOUBLE_ELIMINATION', payoutStructure: 'top-3', entryFee: 130 });
    const roundRobin = await started({ bracket: 'ROUND_ROBIN', payoutStructure: 'top-3', entryFee: 130 });
    const matches = await adminDb.collection(`tournaments/${played.id}/matches`).where('state', '==', 'READY').get();
    const disputed = matches.docs[0]!;
    const sides = disputed.get('participants') as [string, string];
    for (const side of sides) {
      const player = played.players.find((item) => item.uid === side)!;
      await done(`/tournaments/elimination/${played.id}/match/${disputed.id}/report`, {
        token: player.token,
        body: { winnerUid: side },
      });
    }
    // A withdrawal PayPal never took, sent again once by an admin: the admin page's review card with
    // every fact it can show (another file's such card once made /fi-FI/admin too wide only when it
    // happened to be there).
    const payer = await verifiedUser(2500);
    const payout = await agedWithdrawal(
      payer,
      `payee+unavailable-with-a-long-name-${payer.uid.slice(0, 6)}@example.com`,
    );
    await done('/internal/sweep', { body: { payouts: true } });
    const resent = await call(`/admin/payouts/${payout}/review`, {
      token: adminToken,
      body: { decision: 'send', reason: 'PayPal said it was answering again; trying once more.' },
    });
    expect(resent.status).toBe(503);
    // A battle both players disputed, waiting for the platform admin: its stories and its decision on
    // the admin page (made here, not left to another file's battles).
    const [teller, other2] = await Promise.all([verifiedUser(1000), verifiedUser(1000)]);
    const disputedChallenge = await done('/battles/challenge', {
      token: teller.token,
      body: { opponent: other2.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    const disputedBattle = (
      await done(`/battles/challenges/${disputedChallenge.id as string}/accept`, {
        token: other2.token,
        method: 'POST',
      })
    ).id as string;
    await done(`/battles/${disputedBattle}/submitWinner`, { token: teller.token, body: { winner: teller.uid } });
    for (const [player, story] of [
      [other2, 'They left the match before the last round; the scoreboard shows it. '.repeat(6).trim()],
      [teller, 'Nobody left: https://example.com/a-very-long-address-of-a-replay-that-never-breaks-anywhere-at-all'],
    ] as const)
      await done(`/battles/${disputedBattle}/dispute`, {
        token: player.token,
        body: { story: story.slice(0, 450), proof: (await proofOf(player)).body.path },
      });
    adminEmail = admin.email;
    playedId = played.id;
    routes = signedInRoutes({
      challenge: challenge.body.id as string,
      battle: battle.body.id as string,
      user: other.uid,
      solo: solo.body.id as string,
      team: team.body.id as string,
      led: led.body.id as string,
      played: played.id,
      disputed: disputed.id,
      points: points.id,
      double: double.id,
      roundRobin: roundRobin.id,
    });
  });

  it.each(LOCALES.map((prefix) => [prefix || 'en-GB', prefix] as const))(
    `in %s at ${WIDTHS.join(' and ')} px, signed in (platform admin) and as a guest`,
    async (_, prefix) => {
      const browser = await signedIn(adminEmail);
      await browser.page.setViewportSize({ width: WIDTHS[0], height: 800 });
      const problems = await sidewaysAll(browser, prefix, routes);
      const guest = await openBrowser({ width: WIDTHS[0], height: 800 });
      try {
        problems.push(...(await sidewaysAll(guest, prefix, guestRoutes(playedId))));
      } finally {
        await guest.close();
      }
      // The problems in the message itself: a failure's summary at the end of npm test carries it whole.
      expect(problems, problems.join('\n')).toEqual([]);
    },
  );
});

describe('where a page opens', () => {
  it('a page followed from a scrolled list opens at its top, and Back returns to the list where it was left', async () => {
    const host = await verifiedUser();
    // One word of the name is this run's own (the name search matches a query's first word).
    const run = Math.random().toString(36).slice(2, 8);
    // A host has one free tournament a day: one day apart.
    const created = await Promise.all(
      [1, 2, 3, 4].map((day) =>
        createTournament(host.token, { name: `Scroll Cup ${run}${day}`, startTime: Date.now() + day * 86_400_000 }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const browser = await openBrowser({ width: 375, height: 667 });
    try {
      const { page } = browser;
      await page.goto(`${WEB}/tournaments`);
      await expect.poll(() => page.getByTestId('tournament-card').count()).toBeGreaterThanOrEqual(4);
      const last = page.getByTestId('tournament-card').last();
      await last.scrollIntoViewIfNeeded();
      const listY = await page.evaluate(() => window.scrollY);
      expect(listY).toBeGreaterThan(500);
      await last.click();
      await page.waitForURL(/\/tournaments\/[^/]+$/);
      await page.getByTestId('participant-count').waitFor();
      // It opened scrolled down to where the list had been, showing only its rules and footer.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.goBack();
      await page.waitForURL(`${WEB}/tournaments`);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(listY - 50);

      // The list kept for Back belongs to its own filters: after another filter, back to these,
      // the skeleton shows while the search runs, not the other filter's results.
      await page.getByTestId('filter-name').fill(`${run}3`);
      await expect.poll(() => page.getByTestId('tournament-card').count()).toBe(1);
      const release = await holdRequests(page, '**/api/searchTournaments**');
      await page.getByTestId('filter-name').fill('');
      await page.getByTestId('page-skeleton').waitFor();
      expect(await page.getByTestId('tournament-card').count()).toBe(0);
      release();
      await expect.poll(() => page.getByTestId('tournament-card').count()).toBeGreaterThanOrEqual(4);

      // A page loaded anew in this tab (an address typed, a link followed from elsewhere) opens at
      // its top, not where the tab's last loaded page was left.
      await page.getByTestId('tournament-card').last().scrollIntoViewIfNeeded();
      const leftY = await page.evaluate(() => window.scrollY);
      expect(leftY).toBeGreaterThan(500);
      await page.goto(`${WEB}/tournaments/${created[1]!.body.id as string}`);
      await page.getByTestId('participant-count').waitFor();
      // Tall enough to have been opened far down, where the list was left.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(667 + 500);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('the progress bar of a slow call', () => {
  it('shows at the top of a phone, and axe-core finds no barrier while it does', async () => {
    const browser = await openBrowser({ width: WIDTHS[0], height: 800 });
    try {
      const { page } = browser;
      const release = await holdRequests(page, '**/api/searchTournaments**', { limitMs: null });
      await visit(page, `${WEB}/tournaments`);
      const bar = page.getByTestId('progress-bar');
      await bar.waitFor();
      expect((await bar.boundingBox())!.y).toBe(0);
      expect(await barriers(page, `${WEB}/tournaments`)).toEqual([]);
      // The audit ran while the bar showed: the search is still held.
      expect(await bar.isVisible()).toBe(true);
      release();
      await bar.waitFor({ state: 'detached' });
      expect(browser.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

/** A player challenged by `count` others; with `longNames`, each of those is named with the most letters allowed. */
async function challengedBy(count: number, longNames = false) {
  const named = () => (longNames ? { displayName: `long_challenger_${randomUUID().slice(0, 8)}` } : {});
  const [me, others] = await Promise.all([
    verifiedUser(1000),
    Promise.all(Array.from({ length: count }, () => verifiedUser(1000, named()))),
  ]);
  for (const from of others) {
    const sent = await call('/battles/challenge', {
      token: from.token,
      body: { opponent: me.uid, game: 'valorant', entryFee: 130, terms: true },
    });
    expect(sent.status).toBe(201);
  }
  return me;
}

describe('the sticky banners on a phone', () => {
  it('keep their toggle inside the banner shown, keep to one line once the page is scrolled down, and never cover a focused control', async () => {
    const me = await challengedBy(2, true);
    const { page } = await signedIn(me.email, { at: '/battles', width: 375, height: 667 });
    const stack = page.getByTestId('banner-stack');
    const toggle = stack.getByRole('button', { name: 'Show more (1)' });
    await toggle.waitFor();
    // Polled until the stack has laid out: one local run measured the toggle 78 px below a first
    // banner whose content had not all rendered, and its screenshot a moment later had it inside.
    await expect
      .poll(async () => {
        const banner = (await stack.locator('.banner').first().boundingBox())!;
        const box = (await toggle.boundingBox())!;
        return box.y >= banner.y && box.y + box.height <= banner.y + banner.height;
      })
      .toBe(true);
    // Opened, the toggle closes them from inside the last one.
    await toggle.click();
    const close = stack.getByRole('button', { name: 'Show less' });
    await close.waitFor();
    // Measured once the opened stack has rendered every banner (they arrive in a transition).
    await expect
      .poll(async () => {
        const last = (await stack.locator('.banner').last().boundingBox())!;
        const closeBox = (await close.boundingBox())!;
        return closeBox.y + closeBox.height <= last.y + last.height;
      })
      .toBe(true);
    // Scrolled down, the sticky stack keeps to one line: the first banner's text and its button.
    const tall = (await stack.boundingBox())!.height;
    // (Folded once scrolled 120 px past the stack's height: the long names' is about 290 px.)
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(async () => (await stack.boundingBox())!.height).toBeLessThan(70);
    expect(tall).toBeGreaterThan(150);
    expect(await close.isVisible()).toBe(false);
    // That line is the banner's short one, who and by when: cut, its sentence said only its first
    // words, which the button beside it repeats (a walk read "Ilmoittaudu paika…" beside "Ilmoittaudu").
    const short = stack.locator('.banner').first().locator('.banner-short');
    await expect.poll(() => short.isVisible()).toBe(true);
    expect(await short.textContent()).toMatch(/^\S.*\s·\sin (29|30):\d\d$/);
    // Its countdown is never what is cut: a long name gives way (a walk read "päivän pä…").
    const about = short.locator('.banner-short-about');
    expect(await about.evaluate((name) => name.scrollWidth > name.clientWidth)).toBe(true);
    const line = (await short.boundingBox())!;
    const countdown = (await short.getByTestId('banner-short-countdown').boundingBox())!;
    expect(countdown.x + countdown.width).toBeLessThanOrEqual(line.x + line.width + 0.5);
    // On a phone the countdown has its own line under the name, which keeps the width beside the
    // button (a walk's name was cut to "Q.." beside "Ilmoittaudu paikalle" and "04:17 päästä").
    const name = (await about.boundingBox())!;
    expect(countdown.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
    expect(name.width).toBeGreaterThan(line.width - 1);
    // A control that lies under the sticky header and stack when it gets keyboard focus is scrolled
    // out from under them (WCAG 2.4.11), as an anchor or scrollIntoView would be.
    const covering = async () => {
      const { y, height } = (await stack.boundingBox())!;
      return y + height;
    };
    // The last challenge's Open link, scrolled to just under the stack (the page stays scrolled, so
    // the stack stays one line).
    const probe = page
      .getByTestId('challenge-row')
      .last()
      .getByRole('link', { name: /^Open the challenge with / });
    const { y } = (await probe.boundingBox())!;
    const under = await covering();
    await page.evaluate((by) => window.scrollBy(0, by), y - under + 20);
    await expect.poll(async () => (await probe.boundingBox())!.y).toBeLessThan(await covering());
    await probe.focus();
    await expect.poll(async () => (await probe.boundingBox())!.y).toBeGreaterThanOrEqual(await covering());
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await stack.boundingBox())!.height).toBeGreaterThan(150);
  });
});

describe('a list of challenges on a phone', () => {
  it('reads the same in every row: who and the game, then the fee and the time left, with Open at the end', async () => {
    const [me, free] = await Promise.all([challengedBy(1), verifiedUser()]);
    // A free one too: its "Free" stands where a paid one's coins do (it was bare text, placed after the time).
    const sent = await call('/battles/challenge', {
      token: free.token,
      body: { opponent: me.uid, game: 'fifa', entryFee: 0, terms: true },
    });
    expect(sent.status).toBe(201);
    const { page } = await signedIn(me.email, { at: '/battles', width: 375, height: 667 });
    const rows = page.getByTestId('my-games-new-challenges').getByTestId('challenge-row');
    await expect.poll(() => rows.count()).toBe(2);
    for (const row of await rows.all()) {
      // Every box of the row in one reading: a banner coming in above moves the row between two.
      const { box, who, game, open, fee, feeText, timeText } = await row.evaluate((element) => {
        const rect = (part: Element) => {
          const { x, y, width, height } = part.getBoundingClientRect();
          return { x, y, width, height };
        };
        const parts = Array.from(element.children);
        const link = Array.from(element.querySelectorAll('a')).find((a) => a.textContent?.trim() === 'Open')!;
        return {
          box: rect(element),
          who: rect(parts[0]!),
          game: rect(parts[1]!),
          open: rect(link),
          fee: rect(parts[2]!),
          feeText: parts[2]!.textContent,
          timeText: parts[3]!.textContent,
        };
      });
      // The game beside who, at the row's end; Open under them, at the end too (inside the row's 8 px
      // of padding). The row used to wrap wherever its widths fell: the game under a long name.
      expect(game.y).toBeLessThan(who.y + who.height);
      expect(box.x + box.width - (game.x + game.width)).toBeLessThanOrEqual(9);
      expect(open.y).toBeGreaterThanOrEqual(who.y + who.height - 1);
      expect(box.x + box.width - (open.x + open.width)).toBeLessThanOrEqual(9);
      // The coins (or "Free") first on the second line, at the row's start; to a screen reader the
      // coins say what they are.
      expect(feeText).toMatch(/^(Free|Entry fee ◎Coins: 130)$/);
      expect(fee.y).toBeGreaterThanOrEqual(who.y + who.height - 1);
      expect(fee.x - box.x).toBeLessThanOrEqual(9);
      // The time left says what it is: not a bare "29:17".
      expect(timeText).toMatch(/^Expires in (29|30):\d\d$/);
    }
  });
});

describe('the sticky banners on a wide screen', () => {
  it('keep to one line once scrolled, opened or not, without flickering between the two', async () => {
    const me = await challengedBy(3);
    const { page } = await signedIn(me.email, { at: '/battles', width: 1280, height: 720 });
    const stack = page.getByTestId('banner-stack');
    await stack.getByRole('button', { name: 'Show more (2)' }).click();
    await stack.getByRole('button', { name: 'Show less' }).waitFor();
    // The toggle moved to the last banner, and says it is expanded; the keyboard went on at the first
    // banner it revealed (it followed the toggle, past what it had revealed: a walk's).
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('.banner') === document.querySelectorAll('.banner')[1]),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(A|BUTTON)$/);
    expect(await stack.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => stack.locator('.banner').count()).toBe(3);
    const tall = (await stack.boundingBox())!.height;
    expect(tall).toBeGreaterThan(150);
    // Every change of the stack's class from here on: scrolled just past where it folds, it folds
    // once and stays folded (its own change of height moves the page, which must not unfold it).
    await page.evaluate(() => {
      const flips: string[] = [];
      (window as { flips?: string[] }).flips = flips;
      const element = document.querySelector('[data-testid="banner-stack"]')!;
      new MutationObserver(() => flips.push(element.className)).observe(element, { attributes: true });
    });
    for (const y of [60, 130, 200, 260, 330, 400]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      await page.waitForTimeout(150);
    }
    await expect.poll(async () => (await stack.boundingBox())!.height).toBeLessThan(70);
    await page.waitForTimeout(1000);
    await shot({ page }, 'banners-wide-folded');
    expect(await page.evaluate(() => (window as { flips?: string[] }).flips)).toEqual(['banner-stack scrolled']);
    expect(await stack.getByRole('button', { name: 'Show less' }).isVisible()).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await stack.boundingBox())!.height).toBeGreaterThan(150);
  });
});

describe('the landing page figures on a phone', () => {
  it('keep each figure on one line, and break a long Finnish word only at its seam', async () => {
    const browser = await openBrowser({ width: 375, height: 740 });
    try {
      const { page } = browser;
      await page.goto(`${WEB}/fi-FI`);
      const figures = page.getByTestId('live-figures');
      await figures.locator('.big-number').first().waitFor();
      // However large the figure (here one of seven digits, written in), it stays on one line.
      const lines = await figures.locator('.big-number').evaluateAll((numbers) =>
        numbers.map((number) => {
          number.textContent = '12\u00a0345\u00a0678';
          const range = document.createRange();
          range.selectNodeContents(number);
          return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
        }),
      );
      expect(lines).toEqual([1, 1, 1, 1]);
      // "Pelattua kaksinkamppailua" is wider than its tile: it may break only where its soft hyphen is.
      const label = await figures.locator('[data-figure="battles"] span').nth(1).textContent();
      expect(label).toBe('Pelattua kaksin\u00adkamppailua');
      // The hero's two buttons, each on its own line here, stay centred under the centred heading.
      const offsets = await page.locator('.hero .button-row > .btn').evaluateAll((buttons) => {
        const hero = buttons[0]!.closest('.hero')!.getBoundingClientRect();
        return buttons.map((button) => {
          const box = button.getBoundingClientRect();
          return Math.round(Math.abs(box.left + box.width / 2 - (hero.left + hero.width / 2)));
        });
      });
      expect(offsets).toEqual([0, 0]);
    } finally {
      await browser.close();
    }
  });
});
