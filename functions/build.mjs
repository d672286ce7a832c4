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
else if (!process.argv.includes('--ssr')) await build(options);

// `--ssr` (npm run deploy, after the web build): the web app's server entry (web/dist-ssr), which the
// page routes render a profile, the leaderboards and an embed with (src/pages/render.ts), bundled
// with everything it imports into lib/ssr/, so the deployed function needs none of the web's packages.
if (process.argv.includes('--ssr'))
  await build({
    absWorkingDir: options.absWorkingDir,
    entryPoints: { 'entry-server': '../web/dist-ssr/entry-server.js' },
    outdir: 'lib/ssr',
    bundle: true,
    splitting: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    // React DOM's server build is CommonJS and requires Node's own modules.
    banner: {
      js: "import { createRequire as __versusRequire } from 'node:module'; const require = __versusRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
