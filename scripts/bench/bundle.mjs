// npm run bench:bundle — builds the web app and measures the JavaScript the landing page loads
// before its first render (the entry and its modulepreloads), gzip -9, against DESIGN §8's 150 KB.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 150;
const dist = join(fileURLToPath(new URL('../../web/dist', import.meta.url)));
execSync('npm run build -w web', { stdio: 'ignore' });
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const totalKb = total / 1024;
console.log(`${totalKb.toFixed(1).padStart(7)} KB  landing JavaScript before first render (budget ${BUDGET_KB} KB)`);
process.exitCode = totalKb <= BUDGET_KB ? 0 : 1;
