// npm run deploy -- --project <firebase-project-id> [--dry-run]
// Builds the functions bundle and the web app, then `firebase deploy` of Firestore rules and
// indexes, Storage rules, the functions (nodejs22) and Hosting (with its security headers). The
// docs/deployment.md lists what must be configured first.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, root, run } from './lib/stack.mjs';

/** The functions' secrets (functions/src/platform/secrets.ts): Secret Manager's, never an environment file's. */
const SECRET_NAMES = [
  ...readFileSync(join(root, 'functions', 'src', 'platform', 'secrets.ts'), 'utf8').matchAll(
    /defineSecret\('([A-Z0-9_]+)'\)/g,
  ),
].map((match) => match[1]);
const dryRun = process.argv.includes('--dry-run');

const flag = process.argv.indexOf('--project');
const project = flag >= 0 ? process.argv[flag + 1] : process.env.VERSUS_FIREBASE_PROJECT;
if (!project || project.startsWith('demo-')) {
  console.error(
    'Name a real Firebase project: npm run deploy -- --project <id> (or VERSUS_FIREBASE_PROJECT). demo-* projects exist only in the emulators.',
  );
  process.exit(2);
}
for (const name of [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_PAYPAL_CLIENT_ID',
  // App Check (issue #58): the deployed API and Firestore refuse what reCAPTCHA Enterprise did not attest.
  'VITE_RECAPTCHA_ENTERPRISE_SITE_KEY',
]) {
  if (!process.env[name]) {
    console.error(`${name} is not set: the web build needs it (see docs/deployment.md).`);
    process.exit(2);
  }
}
if (process.env.VITE_USE_EMULATORS !== 'false') {
  console.error('Set VITE_USE_EMULATORS=false: without it the web build talks to local emulators.');
  process.exit(2);
}
// A secret in a file that is deployed with the functions would be readable by anyone with the
// source or the function's configuration: it belongs in Secret Manager.
for (const file of ['.env', `.env.${project}`]) {
  const path = join(root, 'functions', file);
  if (!existsSync(path)) continue;
  const found = SECRET_NAMES.filter((name) => new RegExp(`^\\s*${name}\\s*=`, 'm').test(readFileSync(path, 'utf8')));
  if (found.length > 0) {
    console.error(
      `functions/${file} sets ${found.join(', ')}: secrets come from Secret Manager. Remove them from that file and run: ${found
        .map((name) => `npx firebase functions:secrets:set ${name} --project ${project}`)
        .join('; ')}`,
    );
    process.exit(2);
  }
}
log(`${dryRun ? 'checking (dry run) a deploy' : 'deploying'} to ${project}…`);
run('npm', ['run', 'build'], { cwd: root });
// The web app's server entry goes with the function, which renders the pages served with their data.
run('node', ['functions/build.mjs', '--ssr'], { cwd: root });
// --dry-run: firebase-tools checks the rules, the indexes, the functions' configuration and that
// every secret exists in Secret Manager, and builds, without changing the project.
run(
  'npx',
  [
    'firebase',
    'deploy',
    '--project',
    project,
    '--only',
    'firestore:rules,firestore:indexes,storage,functions,hosting',
    ...(dryRun ? ['--dry-run'] : []),
  ],
  { cwd: root },
);
