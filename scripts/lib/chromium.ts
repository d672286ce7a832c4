import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless (DESIGN §3), as the browser tests and bench:soak drive it: no sandbox
 * (the CI container), no GPU, no QUIC, and none of the browser's own background traffic.
 */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
