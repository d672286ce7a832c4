import { defineConfig } from 'vitest/config';

const emulatorEnv = {
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  GCLOUD_PROJECT: 'demo-versus',
};

// unit: pure logic, no emulator. api, rules, e2e: run by scripts/test.mjs with the emulators up.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/src/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'functions/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['functions/test/**/*.test.ts'],
          setupFiles: ['functions/test/setup-ledger.ts'],
          env: emulatorEnv,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // The Functions emulator runs one process per concurrent request on 2 cores: files that
          // each fire dozens of parallel commands only slow each other down when run together.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'rules',
          include: ['tests/rules/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share one emulator database and clear it between tests.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          env: emulatorEnv,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          globalSetup: ['e2e/global-setup.ts'],
        },
      },
    ],
  },
});
