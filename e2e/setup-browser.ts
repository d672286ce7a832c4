// Every browser test file ends its Chromium when it ends (a setup file runs again for each file,
// while e2e/browser.ts is loaded once per worker: vitest.config.ts, isolate: false).
import { afterAll, afterEach } from 'vitest';
import { closeFileBrowser, sayWhatFailedBrowsersShowed } from './browser';

afterAll(closeFileBrowser);
// Registered before any file's own, so it runs after them (hooks run as a stack): by then the
// browsers of a failed test have closed, and each described itself.
afterEach(sayWhatFailedBrowsersShowed);
