import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { verifiedUser } from '../functions/test/helpers';
import { useSignedInBrowsers, WEB } from './browser';

const signedIn = useSignedInBrowsers();
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('probe', async () => {
  const player = await verifiedUser();
  const at = process.env.PROBE_AT ?? '/';
  const warm = await signedIn(player.email, { at });
  await settle(2000);
  const browser = warm.page.context().browser()!;
  for (let i = 0; i < 2; i++) {
    const page = await warm.page.context().newPage();
    const reqs: string[] = [];
    page.on('request', (r) => reqs.push(`${r.resourceType()} ${r.url().replace(WEB, '').slice(0, 80)}`));
    await browser.startTracing(page, { path: `/tmp/trace-${i}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading', 'toplevel'] });
    await page.goto(`${WEB}${at}`);
    await page.getByTestId('coin-balance').first().waitFor();
    await settle(1000);
    await browser.stopTracing();
    const kinds: Record<string, number> = {};
    for (const r of reqs) kinds[r.split(' ')[0]!] = (kinds[r.split(' ')[0]!] ?? 0) + 1;
    console.log('PROBE requests', reqs.length, JSON.stringify(kinds));
    if (i === 1) writeFileSync('/tmp/probe-reqs.txt', reqs.join('\n'));
    await page.close();
  }
}, 300_000);
