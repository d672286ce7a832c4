// Bundles the functions so the `@versus/domain` workspace import is inlined (DESIGN §1).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
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
});
