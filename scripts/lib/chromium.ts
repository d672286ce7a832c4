import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM } from './stack.mjs';

/**
 * Debian's Chromium, headless (DESIGN §3), as the browser tests and bench:soak drive it: no sandbox
 * (the CI container), no GPU, no QUIC, and none of the browser's own background traffic.
 *
 * Its headless shell unless `full` is asked for (record 97): the same Blink and V8 as the whole
 * browser at a little over half its CPU (the browser tests two files at a time: 205 s → 150 s on 2
 * cores). What it lacks is what a browser's profile gives, permissions among them: it reads
 * `Notification.permission` as "denied" whatever was granted, so a test of Web Push asks for the
 * whole browser. Where the shell is missing, the whole browser; CHROMIUM_PATH overrides both.
 */
export const launchChromium = ({ full = false }: { full?: boolean } = {}): Promise<Browser> =>
  chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ??
      (full || !existsSync(CHROMIUM.headlessShell) ? CHROMIUM.full : CHROMIUM.headlessShell),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/**
 * A player's tab as the benchmarks drive one (bench:soak, bench:client): 1280 × 800, the first
 * visit's notices dismissed and analytics refused, and a result that comes up over the page closed,
 * as the player would (one whose close is already busy, or a page going, is left).
 */
export async function playerTab(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    sessionStorage.setItem('welcomeNoticeShown', 'true');
    sessionStorage.setItem('campaignNoticeShown', 'true');
    localStorage.setItem('versus:analyticsConsent', 'denied');
  });
  const page = await context.newPage();
  const result = page.getByRole('dialog').getByRole('button', { name: 'Close' });
  // Results come one after another ("And 17 more results"): the handler does not wait for the popup
  // to go, since the next one takes its place.
  await page.addLocatorHandler(result, () => result.click({ timeout: 5_000 }).catch(() => {}), {
    noWaitAfter: true,
  });
  return { context, page };
}

/** Signs in through the login page of the web app at `web`, and waits for the header's coin balance. */
export async function logIn(page: Page, web: string, email: string, password: string): Promise<void> {
  await page.goto(`${web}/login`, { timeout: 120_000 });
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('coin-balance').waitFor({ timeout: 120_000 });
}
