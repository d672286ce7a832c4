// `npm test`: install if needed, typecheck, lint, unit tests, build, then the emulators: the deployed
// shape through the Functions emulator (one short stage), and the API and browser tests through the
// one-process host (the built function under Cloud Run functions' server, Node 22), the rules tests,
// and the ledger and statistics checks. Exits non-zero on the first failing stage and shows the
// last lines of the host's and the emulators' logs.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureInstalled,
  ensureMachine,
  log,
  run,
  runAsync,
  root,
  buildFunctions,
  startEmulators,
  startPaymentStandIn,
  startApiHost,
  stopChild,
  emulatorEnv,
  HOST_URL,
} from './lib/stack.mjs';

const reports = join(root, '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** vitest with its usual output plus a JSON report, so the run can end with one total. */
const vitest = (project, env) =>
  runAsync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${join(reports, `${project}.json`)}`,
    ],
    env ? { env } : {},
  );

function totals() {
  let passed = 0;
  let failed = 0;
  for (const project of ['unit', 'smoke', 'api', 'rules', 'e2e']) {
    const file = join(reports, `${project}.json`);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  return { passed, failed };
}

const started = Date.now();
const stages = [];
const stage = async (name, fn) => {
  const t0 = Date.now();
  log(`▶ ${name}`);
  await fn();
  stages.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
};

ensureMachine({ browser: true });
ensureInstalled();
await stage('typecheck', () => runAsync('npm', ['run', 'typecheck']));
await stage('lint', () => runAsync('npm', ['run', 'lint']));
await stage('format', () => runAsync('npm', ['run', 'format:check']));
await stage('unit tests', () => vitest('unit'));
await stage('build', () => {
  buildFunctions();
  run('npm', ['run', 'build', '-w', 'web']);
});

let emulators;
let standIn;
let host;
let code = 0;
// Ctrl-C or a CI timeout must not leave the emulators holding their ports.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping the running stage and the emulators…`);
    void Promise.all([
      stopChild(runAsync.current, 10_000),
      stopChild(host, 5_000),
      stopChild(standIn, 5_000),
      stopChild(emulators, 30_000),
    ]).then(() => process.exit(130));
  });
}
try {
  const t0 = Date.now();
  // No import or export: every run starts from empty emulators.
  emulators = await startEmulators({ quiet: true });
  // PayPal's webhooks go to the host, where the tests' orders are.
  standIn = await startPaymentStandIn({ quiet: true, apiUrl: HOST_URL });
  host = await startApiHost({ quiet: true });
  stages.push(`emulators and host up ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const env = { ...process.env, ...emulatorEnv, VERSUS_API_URL: HOST_URL };
  await stage('deployed shape (Functions emulator)', () => vitest('smoke', env));
  await stage('API integration tests', () => vitest('api', env));
  await stage('security rules tests', () => vitest('rules', env));
  await stage('browser tests (Chromium)', () => vitest('e2e', env));
  // Whatever the suites did to balances, the ledger must still add up.
  await stage('check:ledger', () => runAsync('npm', ['run', 'check:ledger'], { env }));
  // And every statistic must equal its rebuild from battles, tournaments and the ledger.
  await stage('check:stats', () => runAsync('npm', ['run', 'check:stats'], { env }));
} catch (error) {
  console.error(`\n${error.message}`);
  if (host?.recentOutput) console.error(`\n── last lines of the api host ──\n${host.recentOutput().slice(-6000)}`);
  if (emulators?.recentOutput)
    console.error(`\n── last lines of the emulators ──\n${emulators.recentOutput().slice(-8000)}`);
  code = 1;
} finally {
  await stopChild(host, 5_000);
  await stopChild(standIn, 5_000);
  await stopChild(emulators, 30_000);
}

const { passed, failed } = totals();
if (failed > 0) code = 1;
log(`${code === 0 ? 'all green' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stages.join(' · ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(code);
