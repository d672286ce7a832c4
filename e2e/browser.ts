import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, TestRunner } from 'vitest';
import { passwordSignIn, WEB_API_KEY as API_KEY } from '../functions/test/helpers';
import { launchChromium } from '../scripts/lib/chromium';
import { fetchListenState, fetchProxyStats } from '../scripts/lib/firestore-browser-proxy.mjs';
import { PORTS } from '../scripts/lib/stack.mjs';

export const WEB = 'http://localhost:5173';

/**
 * Debian's Chromium, headless (DESIGN §3): one browser process per test file, and a fresh context
 * (its own cookies, storage and IndexedDB, like a new profile) for every person a test opens. The
 * headless shell, unless the file asks for the whole browser (record 97).
 */
let chromiumProcess: Promise<Browser> | undefined;
let full = false;
const launched = () => (chromiumProcess ??= launchChromium({ full }));

/**
 * This file's people use the whole browser: the headless shell reads `Notification.permission` as
 * "denied" whatever the test granted, so Web Push cannot be switched on in it.
 */
export function useWholeBrowser() {
  if (chromiumProcess) throw new Error('useWholeBrowser() comes before the file opens its first browser');
  full = true;
}
/**
 * Ends the file's Chromium, after each file (e2e/setup-browser.ts: this module is loaded once per
 * worker, which runs its files one after another in one module graph), so the next file starts its
 * own, the headless shell unless it asks otherwise.
 */
export async function closeFileBrowser() {
  // Forgotten first: a browser that failed to start or to close is not the next file's.
  const ending = chromiumProcess;
  chromiumProcess = undefined;
  full = false;
  await (await ending?.catch(() => undefined))?.close();
}

/** A person's browser: a new context of the file's Chromium, with its own storage. */
export async function openBrowser(
  options: {
    width?: number;
    height?: number;
    notices?: boolean;
    consent?: boolean;
    javaScript?: boolean;
    /** The person's time zone (IANA), the machine's unless given. */
    timezoneId?: string;
  } = {},
) {
  const context: BrowserContext = await (
    await launched()
  ).newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    javaScriptEnabled: options.javaScript ?? true,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  if (!options.notices) {
    // The once-per-session notices are tested on their own; elsewhere they would cover the page.
    await context.addInitScript(() => {
      sessionStorage.setItem('welcomeNoticeShown', 'true');
      sessionStorage.setItem('campaignNoticeShown', 'true');
    });
  }
  if (!options.consent) {
    // The analytics consent banner is tested on its own; elsewhere the visitor has declined.
    await context.addInitScript(() => {
      if (localStorage.getItem('versus:analyticsConsent') === null)
        localStorage.setItem('versus:analyticsConsent', 'denied');
    });
  }
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Documents the page loaded, for a failure's description: a second one mid-test (a lost chunk's
  // reload, say) loses what a form held, which its text alone does not tell.
  let loads = 0;
  page.on('load', () => (loads += 1));
  // For a failure's description: the page's last 8 API calls, each with its answer or none yet; and
  // its Firestore Listen channel, where a live page keeps a request open and an answer other than
  // 200 (or none) is why its live data could stop.
  const calls = new Map<Request, string>();
  const listen = { requests: 0, open: 0, odd: [] as string[], sid: null as string | null };
  const isListen = (request: Request) => request.url().includes('/Listen/channel');
  const odd = (what: string) => {
    if (listen.odd.push(`${new Date().toISOString().slice(11, 23)} ${what}`) > 4) listen.odd.shift();
  };
  page.on('request', (request) => {
    if (isListen(request)) {
      listen.requests += 1;
      listen.open += 1;
      listen.sid = new URL(request.url()).searchParams.get('SID') ?? listen.sid;
      return;
    }
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    calls.set(request, `${request.method()} ${pathname}`);
    if (calls.size > 8) calls.delete(calls.keys().next().value!);
  });
  page.on('requestfinished', (request) => {
    const listened = isListen(request);
    const call = calls.get(request);
    if (listened) listen.open -= 1;
    if (!listened && !call) return;
    request
      .response()
      .then((response) => {
        if (listened && response && response.status() !== 200) odd(`${request.method()} → ${response.status()}`);
        if (call && calls.has(request)) calls.set(request, `${call} → ${response?.status() ?? '?'}`);
      })
      // A page closed meanwhile: the call's line stays without its status.
      .catch(() => {});
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '?';
    if (isListen(request)) {
      listen.open -= 1;
      odd(`${request.method()} failed (${failure})`);
    }
    const call = calls.get(request);
    if (call) calls.set(request, `${call} → failed (${failure})`);
  });
  // The page's last 6 warnings and errors, for a failure's description (a listener that failed, say).
  const said: string[] = [];
  // A prerendered page that React could not hydrate as it was (main.tsx) is a failure too.
  page.on('console', (message) => {
    if (/fell back to a client render|Hydration failed|Minified React error #4(18|19|21|23)/.test(message.text()))
      errors.push(message.text());
    if (message.type() === 'warning' || message.type() === 'error')
      if (said.push(`${message.type()}: ${message.text().replace(/\s+/g, ' ').slice(0, 200)}`) > 6) said.shift();
  });
  const browser = {
    page,
    errors,
    /** The page's last API calls, oldest first; one without an arrow had no answer yet. */
    apiCalls: () => [...calls.values()],
    /** The page's last console warnings and errors, oldest first. */
    console: () => [...said],
    /** How many documents the page has loaded. */
    loads: () => loads,
    /** The page's current Listen session (WebChannel's SID), once it has one. */
    listenSession: () => listen.sid,
    /** Its Listen channel: requests made, open now, and the last answers other than 200. */
    listen: () =>
      `${listen.requests} requests, ${listen.open} open${listen.odd.length ? `; ${listen.odd.join(' · ')}` : ''}`,
    async close() {
      // Closed after a test that failed (by its file's own afterEach, say): described first.
      const failed = TestRunner.getCurrentTest();
      if (failed?.result?.state === 'fail') {
        // Its place taken first: the browsers of one test close at once.
        const slot = failureNotes.push({ test: failed.id, note: '' }) - 1;
        failureNotes[slot]!.note = await describeFailure(failed.name, [browser], slot).catch(
          (error: unknown) => `(not described: ${String(error)})`,
        );
      }
      // End the app's Firestore session first, so the emulator drops its listens (web/src/lib/firebase.ts).
      await Promise.all(
        context
          .pages()
          .map((open) =>
            open
              .evaluate(() =>
                (window as { versusTerminateFirestore?: () => Promise<void> }).versusTerminateFirestore?.(),
              )
              .catch(() => undefined),
          ),
      );
      await context.close();
    },
  };
  return browser;
}

export type OpenBrowser = Awaited<ReturnType<typeof openBrowser>>;

/** The descriptions of the browsers closed after a test failed, each with its test's id. */
const failureNotes: { test: string; note: string }[] = [];

/**
 * After each test (e2e/setup-browser.ts, whose afterEach runs after the files' own): what the
 * browsers closed after its failure showed, as the error of the hook, which the summary of failures
 * prints. Only its own: a note left by a test whose later hooks never ran (one threw first) is
 * dropped, never blamed on the next. A browser that the test closed itself (in a `finally`) was
 * closed before it failed: not described.
 */
export function sayWhatFailedBrowsersShowed({ task }: { task: { id: string } }) {
  const notes = failureNotes.splice(0).filter((entry) => entry.test === task.id);
  if (notes.length)
    throw new Error(`What the browsers showed once it had failed:\n${notes.map((entry) => entry.note).join('\n')}`);
}

/**
 * After a failed test: what each open browser showed (its address, its page errors, the start of its
 * main region's text, its last API calls and console warnings, its Listen channel, and what the
 * Firestore proxy saw the page listen to and be sent), and a screenshot of each under
 * .cache/e2e-failures. CI keeps no screenshot and shows only the end of the output, so the
 * description is also the error of the test's afterEach, which the summary of failures prints.
 */
async function describeFailure(test: string, browsers: OpenBrowser[], first = 0): Promise<string> {
  const folder = join(process.cwd(), '.cache', 'e2e-failures');
  mkdirSync(folder, { recursive: true });
  // What the browsers' Firestore proxy (scripts/lib/firestore-browser-proxy.mjs) knows of their sessions.
  const proxy = await fetchProxyStats(PORTS.browserFirestore).then(
    ({ sessions, live, ended, targetsRemoved }) =>
      `${sessions} sessions, ${live} live, ${ended} ended by it (${targetsRemoved} listens removed)`,
    (error: unknown) => `not asked (${String(error)})`,
  );
  const lines = [`Firestore proxy: ${proxy}`];
  for (const [at, { page, errors, apiCalls, console: said, listen, listenSession, loads }] of browsers.entries()) {
    const index = first + at;
    const file = join(folder, `${test.replace(/[^\w-]+/g, '-').slice(0, 80)}-${index + 1}.png`);
    const region =
      (await page
        .locator('main')
        .count()
        .catch(() => 0)) > 0
        ? 'main'
        : 'body';
    const text = await page
      .locator(region)
      .first()
      .innerText({ timeout: 2_000 })
      .catch(() => '(no text)');
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
    const sid = listenSession();
    const session = sid
      ? await fetchListenState(PORTS.browserFirestore, sid).then(
          ({ found, targets, waiting, unreadable = 0, recent = [] }) =>
            found
              ? [
                  `  its Listen session at the proxy: ${targets} listens, ${waiting} unanswered, ${unreadable} back channels unreadable; last events:`,
                  ...recent.map((event) => `    ${event}`),
                ]
              : ['  its Listen session at the proxy: unknown to it'],
          (error: unknown) => [`  its Listen session at the proxy: not asked (${String(error)})`],
        )
      : ['  its Listen session at the proxy: none opened'];
    lines.push(
      `browser ${index + 1}: ${page.url()} (documents loaded: ${loads()})`,
      `  page errors: ${errors.join(' | ') || 'none'}`,
      `  ${region}: ${text.replace(/\s+/g, ' ').slice(0, 500)}`,
      `  API calls: ${apiCalls().join(' · ') || 'none'}`,
      `  console: ${said().join(' · ').slice(0, 600) || 'nothing'}`,
      `  Firestore listen channel: ${listen()}`,
      ...session,
      `  screenshot: ${file}`,
    );
  }
  return lines.join('\n');
}

/**
 * A person's session as the web app keeps it (`browserLocalPersistence`: the Auth SDK's user in
 * localStorage), from the Auth emulator's own sign-in, the login page's own call. The login page
 * itself is tested in accounts.test.ts; everywhere else a test starts as a returning player.
 */
async function storedSession(email: string): Promise<[key: string, value: string]> {
  const body = await passwordSignIn(email);
  const claims = JSON.parse(Buffer.from(body.idToken.split('.')[1]!, 'base64url').toString()) as {
    email_verified?: boolean;
  };
  const now = String(Date.now());
  const user = {
    uid: body.localId,
    email,
    emailVerified: claims.email_verified === true,
    isAnonymous: false,
    providerData: [{ providerId: 'password', uid: email, email, displayName: null, phoneNumber: null, photoURL: null }],
    stsTokenManager: {
      refreshToken: body.refreshToken,
      accessToken: body.idToken,
      expirationTime: Date.now() + Number(body.expiresIn) * 1000,
    },
    createdAt: now,
    lastLoginAt: now,
    apiKey: API_KEY,
    appName: '[DEFAULT]',
  };
  return [`firebase:authUser:${API_KEY}:[DEFAULT]`, JSON.stringify(user)];
}

/**
 * Browsers of signed-in players, closed after each test of the calling file. Each opens `at` (the
 * home page unless given) as a returning player: the session is stored before the app starts. It is
 * ready when `ready` (a test id; the header's coin balance unless given) shows: a page of the focused
 * layout (the wizard, the search) has no header.
 */
export function useSignedInBrowsers() {
  const browsers: OpenBrowser[] = [];
  // Each describes itself as it closes after a failure (the setup file's afterEach says it).
  afterEach(() => Promise.all(browsers.splice(0).map((browser) => browser.close())).then(() => undefined));
  return async function signedIn(
    email: string,
    {
      at = '/',
      ready = 'coin-balance',
      ...options
    }: {
      at?: string;
      ready?: string;
      width?: number;
      height?: number;
      notices?: boolean;
      consent?: boolean;
      timezoneId?: string;
    } = {},
  ): Promise<OpenBrowser> {
    const [browser, session] = await Promise.all([openBrowser(options), storedSession(email)]);
    browsers.push(browser);
    const { page } = browser;
    // A static file of the site: its origin's storage, without starting the app.
    await page.goto(`${WEB}/favicon.svg`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), session);
    await page.goto(`${WEB}${at}`);
    await page.getByTestId(ready).first().waitFor();
    await listensAnswered(browser);
    return browser;
  };
}

/** The browser's default font size, as a player sets it (Chrome: Settings → Appearance → Font size). */
export async function defaultFont(browser: Pick<OpenBrowser, 'page'>, px: number) {
  const cdp = await browser.page.context().newCDPSession(browser.page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px } });
  await expect
    .poll(() => browser.page.evaluate(() => getComputedStyle(document.documentElement).fontSize))
    .toBe(`${px}px`);
}

/**
 * Waits until every listen the page has opened has had its first answer in full (the proxy reads
 * them off the page's Listen session), so a test acts on a page that has loaded its live data:
 * `signedIn` waits for it, and a test that opens new listens (another tab of the page) can call it
 * again. Record 101 took it for a cure for lost updates; record 102 says what was and was not shown.
 */
export async function listensAnswered(browser: Pick<OpenBrowser, 'listenSession'>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  let last = 'no Listen session yet';
  while (Date.now() < until) {
    const sid = browser.listenSession();
    if (sid) {
      const state = await fetchListenState(PORTS.browserFirestore, sid);
      if (state.found && state.waiting === 0) return;
      last = state.found
        ? `${state.waiting} of ${state.targets} listens unanswered`
        : 'its session unknown to the proxy';
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the page's listens did not answer within ${timeoutMs} ms: ${last}`);
}

/** Where the keyboard is on the page: the focused element's test id, or else its text. */
export const focusedIn = (page: OpenBrowser['page']) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return element?.dataset.testid ?? element?.textContent ?? null;
  });

/** A full-page screenshot when VERSUS_SCREENSHOTS names a folder (for looking at the screens). */
export async function shot(browser: Pick<OpenBrowser, 'page'>, name: string): Promise<void> {
  if (process.env.VERSUS_SCREENSHOTS)
    await browser.page.screenshot({ path: `${process.env.VERSUS_SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * Requests to addresses matching `pattern` wait until the returned release is called (or `limitMs`
 * have passed; null: only the release): to see what a page shows while it waits. With `abort`, they
 * then fail as a dropped connection does.
 */
export async function holdRequests(
  page: Page,
  pattern: string,
  { limitMs = 10_000, abort = false }: { limitMs?: number | null; abort?: boolean } = {},
): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const limit = limitMs === null ? undefined : setTimeout(release, limitMs);
  await page.route(pattern, async (route) => {
    await released;
    await (abort ? route.abort() : route.continue());
  });
  return () => {
    clearTimeout(limit);
    release();
  };
}
