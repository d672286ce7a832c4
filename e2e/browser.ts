import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const WEB = 'http://localhost:5173';

/** Debian's Chromium, headless, with a fresh profile (DESIGN §3). */
export async function openBrowser(options: { width?: number; height?: number; notices?: boolean } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'versus-e2e-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
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
  if (!options.notices) {
    // The once-per-session notices are tested on their own; elsewhere they would cover the page.
    await context.addInitScript(() => {
      sessionStorage.setItem('welcomeNoticeShown', 'true');
      sessionStorage.setItem('campaignNoticeShown', 'true');
    });
  }
  const page: Page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
