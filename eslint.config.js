import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Feature lists come from the folders, so a new feature is constrained without editing this file.
const folders = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = folders('./web/src/features/');
// Server features: everything in functions/src but the HTTP kernel (api/) and platform adapters.
// errors/ lies below every folder (the one error type every layer throws); api/ and platform/ are the kernel.
const SERVER_FEATURES = folders('./functions/src/').filter((name) => !['api', 'platform', 'errors'].includes(name));

// A boundary between folders holds for a dynamic `import()` as for a static one: no-restricted-imports
// sees only the static ones, so each pattern is also a no-restricted-syntax selector on ImportExpression
// (esquery's regex literal stops at a slash, so a slash in the pattern is written \x2F there).
const boundaries = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'no-restricted-syntax': [
    'error',
    ...patterns.map(({ regex, message }) => ({
      selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
      message,
    })),
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'functions/lib/**',
      '.cache/**',
      '.emulator-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Type-aware rules: a promise nobody awaits or handles is a lost error; a switch over a union
  // must name every case, so a new state (a tournament's, a match's) cannot fall through unnoticed.
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['web/vite.config.ts', '**/*.d.mts'],
    languageOptions: {
      parserOptions: {
        project: [
          './domain/tsconfig.json',
          './functions/tsconfig.json',
          './web/tsconfig.json',
          './tsconfig.tooling.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // domain/ is pure: no Firebase, no React, no clock of its own (STYLE convention 1).
  {
    files: ['domain/src/**/*.ts'],
    ignores: ['domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['firebase*', 'firebase-admin*', 'react*', '@firebase/*'] }],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Take `now` as an argument.' }],
    },
  },
  // Features never import each other; app/ composes them (bulletproof-react).
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: boundaries([
      {
        regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
        message: 'Features do not import each other; compose them in app/.',
      },
      { regex: '^(\\.\\./)+app(/|$)', message: 'Features do not import the app shell.' },
    ]),
  })),
  // lib/ and components/ are below the features: they never import a feature or the app shell.
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    rules: boundaries([
      { regex: '^(\\.\\./)+features(/|$)', message: 'lib/ and components/ do not import features.' },
      { regex: '^(\\.\\./)+app(/|$)', message: 'lib/ and components/ do not import the app shell.' },
    ]),
  },
  // Server features import each other only through the public services others build on (the wallet
  // core, notify, the statistics writer, and the outbox of alerts and Discord posts); sweeper/ and pages/ (the pages served with their data),
  // like the composition root app.ts, compose features and are exempt.
  ...SERVER_FEATURES.filter((feature) => feature !== 'sweeper' && feature !== 'pages').map((feature) => ({
    files: [`functions/src/${feature}/**/*.ts`],
    rules: boundaries([
      {
        regex: `^\\.\\./(?!wallet/(escrow|ledger)$|notifications/notify$|users/statistics$|alerts/(outbox|discord)$)(${SERVER_FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
        message:
          'Server features use each other only through wallet/escrow, wallet/ledger, notifications/notify, users/statistics and alerts/outbox and alerts/discord (the outbox of alerts and Discord posts).',
      },
    ]),
  })),
  // The statistics rebuild (check:stats, the backfill) reads every feature's outcomes, an
  // account's erasure (docs/decisions/0057) undoes its follows as unfollows and blanks every copy of
  // the name, and "Download my data" (0064) reads every feature's documents about the player, each
  // through that feature's typed references: like the sweeper, they compose features and are exempt.
  {
    files: [
      'functions/src/users/rebuild-statistics.ts',
      'functions/src/users/erase.ts',
      'functions/src/users/data-export.ts',
    ],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off' },
  },
  // The server's kernel (api/) and platform/ never import a feature; functions/src/app.ts, the
  // composition root beside index.ts, composes them.
  {
    files: ['functions/src/api/**/*.ts', 'functions/src/platform/**/*.ts'],
    rules: boundaries([
      {
        regex: `^\\.\\./(${SERVER_FEATURES.join('|')})(/|$)`,
        message: 'The HTTP kernel and platform adapters do not import features; src/app.ts composes them.',
      },
    ]),
  },
  // platform/ (Firestore, blobs, clocks, the game APIs) lies below the HTTP kernel: it never imports
  // api/; the errors both throw live in errors/, below both.
  {
    files: ['functions/src/platform/**/*.ts'],
    rules: boundaries([
      {
        regex: `^\\.\\./(api|${SERVER_FEATURES.join('|')})(/|$)`,
        message: 'platform/ imports neither the HTTP kernel (api/) nor a feature; errors/ holds the errors.',
      },
    ]),
  },
);
