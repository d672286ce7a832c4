// Every browser test file ends its Chromium when it ends (a setup file runs again for each file,
// while e2e/browser.ts is loaded once per worker: vitest.config.ts, isolate: false).
import { afterAll } from 'vitest';
import { closeFileBrowser } from './browser';

afterAll(closeFileBrowser);
