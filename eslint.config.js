import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'auth',
  'battles',
  'creators',
  'landing',
  'leaderboards',
  'legal',
  'my-games',
  'notifications',
  'profile',
  'search',
  'tournaments',
  'wallet',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'functions/lib/**', '.cache/**', '.emulator-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
              message: 'Features do not import each other; compose them in app/.',
            },
            { regex: '^(\\.\\./)+app(/|$)', message: 'Features do not import the app shell.' },
          ],
        },
      ],
    },
  })),
);
