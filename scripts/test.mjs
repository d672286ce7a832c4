// `npm test`: install if needed, typecheck, lint, unit tests, then the emulators for API, rules
// and browser tests. Exits non-zero on the first failing stage.
import { ensureInstalled, log, run, buildFunctions, startEmulators, stopChild, emulatorEnv } from './lib/stack.mjs';

const started = Date.now();
const stages = [];
const stage = (name, fn) => {
  const t0 = Date.now();
  log(`▶ ${name}`);
  fn();
  stages.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
};

ensureInstalled();
stage('typecheck', () => run('npm', ['run', 'typecheck']));
stage('lint', () => run('npm', ['run', 'lint']));
stage('unit tests', () => run('npx', ['vitest', 'run', '--project', 'unit']));
stage('build', () => {
  buildFunctions();
  run('npm', ['run', 'build', '-w', 'web']);
});

let emulators;
let code = 0;
try {
  const t0 = Date.now();
  // No import or export: every run starts from empty emulators.
  emulators = await startEmulators({ quiet: true });
  stages.push(`emulators up ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const env = { ...process.env, ...emulatorEnv };
  stage('API integration tests', () => run('npx', ['vitest', 'run', '--project', 'api'], { env }));
  stage('security rules tests', () => run('npx', ['vitest', 'run', '--project', 'rules'], { env }));
  stage('browser tests (Chromium)', () => run('npx', ['vitest', 'run', '--project', 'e2e'], { env }));
} catch (error) {
  console.error(`\n${error.message}`);
  if (emulators?.recentOutput) console.error(emulators.recentOutput().slice(-3000));
  code = 1;
} finally {
  await stopChild(emulators, 30_000);
}

log(`${code === 0 ? 'all green' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${stages.join(' · ')}`);
process.exit(code);
