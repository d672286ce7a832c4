// Bundles the functions so the `@versus/domain` workspace import is inlined (DESIGN §1).
import { build, context } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const options = {
  absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  // Cloud Functions runs nodejs22 (nodejs20 was decommissioned on 2026-10-30); local Node 20 runs it too.
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(manifest.dependencies),
  logLevel: 'warning',
};

// `--watch` (npm start): rebuilt on every change under src/, and the API host restarts on it.
if (process.argv.includes('--watch')) await (await context(options)).watch();
else await build(options);
