// npm run bench:bundle — builds the web app and measures the landing's JavaScript, gzip -9:
// - before its first render: the scripts its HTML loads. The landing is prerendered HTML and its
//   only script (src/boot.ts) starts the app after the first paint (issue #24's budget: 120 KB);
// - to come alive: the app (src/main.tsx) and its static imports (the live figures load later, with
//   Firebase), after that paint (DESIGN §8's 150 KB, which applied before first render until the
//   pages were prerendered).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const FIRST_RENDER_BUDGET_KB = 120;
const HYDRATE_BUDGET_KB = 150;
const dist = join(fileURLToPath(new URL('../../web/dist', import.meta.url)));
// `--no-build`: measures the build there is (npm test's, once its web build is done).
if (!process.argv.includes('--no-build')) execSync('npm run build -w web', { stdio: 'ignore' });
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;

const first = [
  ...html.matchAll(/<script[^>]+src="\/(assets\/[^"]+\.js)"|rel="modulepreload"[^>]+href="\/(assets\/[^"]+\.js)"/g),
].map((match) => match[1] ?? match[2]);
let firstTotal = 0;
for (const file of first) firstTotal += gz(file);

/** A module's chunk and its static imports, each once. */
const chunks = (key, seen = new Set()) => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) chunks(imported, seen);
  return seen;
};
const alive = new Set();
chunks('src/main.tsx', alive);
const aliveFiles = [...alive].map((key) => manifest[key].file).filter((file) => !first.includes(file));
let aliveTotal = firstTotal;
for (const file of aliveFiles) aliveTotal += gz(file);
for (const file of [...first, ...aliveFiles].sort((a, b) => gz(b) - gz(a)).slice(0, 8))
  console.log(`${kb(gz(file))}  ${file}`);
console.log(`${kb(firstTotal)}  landing JavaScript before first render (budget ${FIRST_RENDER_BUDGET_KB} KB)`);
console.log(
  `${kb(aliveTotal)}  landing JavaScript to come alive, after the first paint (budget ${HYDRATE_BUDGET_KB} KB)`,
);
process.exitCode = firstTotal / 1024 <= FIRST_RENDER_BUDGET_KB && aliveTotal / 1024 <= HYDRATE_BUDGET_KB ? 0 : 1;
