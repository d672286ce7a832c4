// npm run deploy -- --project <firebase-project-id>
// Builds the functions bundle and the web app, then `firebase deploy` of Firestore rules and
// indexes, Storage rules, the functions (nodejs22) and Hosting (with its security headers). The
// README's "Production" section lists what must be configured first.
import { log, root, run } from './lib/stack.mjs';

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
    console.error(`${name} is not set: the web build needs it (see README, Production).`);
    process.exit(2);
  }
}
if (process.env.VITE_USE_EMULATORS !== 'false') {
  console.error('Set VITE_USE_EMULATORS=false: without it the web build talks to local emulators.');
  process.exit(2);
}
log(`deploying to ${project}…`);
run('npm', ['run', 'build'], { cwd: root });
run(
  'npx',
  ['firebase', 'deploy', '--project', project, '--only', 'firestore:rules,firestore:indexes,storage,functions,hosting'],
  { cwd: root },
);
