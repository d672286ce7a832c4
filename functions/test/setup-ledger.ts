// Every API test file ends with `check:ledger` (hardening issue): whatever a file did to balances,
// every balance still equals its ledger, unplayed coins stay within funds, and nothing was
// released or refunded twice. A finding fails that file.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';

const run = promisify(execFile);

afterAll(async () => {
  await run('npx', ['tsx', 'scripts/check-ledger.ts'], { env: process.env });
});
