import { configDefaults, defineConfig } from 'vitest/config';

const emulatorEnv = {
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  GCLOUD_PROJECT: 'demo-versus',
};

/**
 * npm test runs the API and browser test files three at a time (docs/decisions/0096, 0097). These
 * change what every file shares, and run alone after the others, as the projects api-alone and
 * e2e-alone:
 * - a 429 from the game stand-in holds the one host's OpenDota adapter for every caller;
 * - prize caps and the payout rate are the platform's, for every host;
 * - the statistics' check compares two reads of the whole platform's figures.
 */
const API_ALONE = [
  'functions/test/game-results.test.ts',
  'functions/test/prize-caps.test.ts',
  'functions/test/hardening.test.ts',
  'functions/test/checks.test.ts',
];
const E2E_ALONE = ['e2e/prize-caps.test.ts'];

const api = {
  setupFiles: ['functions/test/setup-ledger.ts'],
  env: emulatorEnv,
  testTimeout: 30_000,
  hookTimeout: 30_000,
  expect: { poll: { timeout: 10_000, interval: 100 } },
  // One file at a time when run by hand; npm test passes three at a time for `api`.
  fileParallelism: false,
};
const e2e = {
  env: emulatorEnv,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Live data on a busy machine can take seconds to arrive: expect.poll waits
  // up to 20 s like the page waits do (its default, 1 s, failed a landing-page figure).
  expect: { poll: { timeout: 20_000, interval: 100 } },
  // One file at a time when run by hand; npm test passes three at a time for `e2e`.
  fileParallelism: false,
  globalSetup: ['e2e/global-setup.ts'],
  setupFiles: ['e2e/setup-browser.ts'],
};

// unit: pure logic, no emulator. smoke, api (and api-alone), rules, e2e (and e2e-alone): run by
// scripts/test.mjs with the emulators up. api and e2e reach the commands through the one-process host
// (scripts/lib/api-host.mjs, port 5002, or VERSUS_API_URL); smoke through the Functions emulator,
// one request at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'domain/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'functions/src/**/*.test.ts',
            'scripts/lib/*.test.ts',
          ],
          exclude: ['**/*.emulated.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'smoke',
          include: ['functions/smoke/**/*.test.ts'],
          env: { ...emulatorEnv, VERSUS_API_URL: 'http://127.0.0.1:5001/demo-versus/europe-west1/api' },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['functions/test/**/*.test.ts', 'scripts/lib/*.emulated.test.ts'],
          exclude: [...configDefaults.exclude, ...API_ALONE],
          ...api,
          // A worker's files share one module graph: firebase-admin and the helpers load once (record 100).
          isolate: false,
        },
      },
      { test: { name: 'api-alone', include: API_ALONE, ...api } },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          // Files share one emulator database and clear it between tests.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E_ALONE],
          ...e2e,
          // As for `api`; each file still ends its own Chromium (e2e/setup-browser.ts).
          isolate: false,
        },
      },
      { test: { name: 'e2e-alone', include: E2E_ALONE, ...e2e } },
    ],
  },
});
