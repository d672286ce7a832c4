import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// index.html's one inline script (the consent bar's mark, web/src/app/analytics-consent.tsx) runs
// only if every Content-Security-Policy in firebase.json allows it by its hash; a reformatted or
// edited script needs its new hash there.
const root = join(import.meta.dirname, '..', '..');

describe("the CSP and index.html's inline script", () => {
  it('every policy names the script by the hash of its exact text, and allows no other inline script', () => {
    const html = readFileSync(join(root, 'web', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}'`;
    const { hosting } = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
      hosting: { headers: { headers: { key: string; value: string }[] }[] };
    };
    const policies = hosting.headers
      .flatMap((rule) => rule.headers)
      .filter((header) => header.key === 'Content-Security-Policy')
      .map((header) => /script-src ([^;]*)/.exec(header.value)?.[1] ?? '');
    expect(policies.length).toBeGreaterThan(0);
    for (const sources of policies) {
      expect(sources.split(' ')).toContain(hash);
      expect(sources).not.toContain("'unsafe-inline'");
    }
  });
});
