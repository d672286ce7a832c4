// The benchmark host (DESIGN §8): the same Express app as the `api` function, served by one Node
// process, as one Cloud Functions v2 instance serves up to 80 requests at once; the Functions
// emulator instead runs one worker process per concurrent request. It talks to the Firestore and
// Auth emulators and the PayPal stand-in, and adds one authenticated no-op endpoint, the baseline.
// Prints `listening <port>` once ready. Started by scripts/bench/wallet.ts and tournaments.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import { emulatorEnv, root } from '../lib/stack.mjs';

Object.assign(process.env, emulatorEnv);
// The function's own configuration for the demo project, as the emulator would load it.
for (const line of readFileSync(join(root, 'functions', '.env.demo-versus'), 'utf8').split('\n')) {
  const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
  if (match) process.env[match[1]!] ??= match[2]!;
}

const { createApp } = await import('../../functions/src/api/app');
const { requireUser } = await import('../../functions/src/api/authenticate');
const { systemClock } = await import('../../functions/src/platform/clock');
const { optimisticStats } = await import('../../functions/src/platform/optimistic');

const host = express();
host.disable('x-powered-by');
// The baseline: the token check every command pays, and nothing else.
host.post('/bench/noop', requireUser, (_req, res) => {
  res.json({ ok: true });
});
// Optimistic transactions' commits and lost races since the last read (contention, DESIGN §8).
host.post('/bench/stats', (_req, res) => {
  res.json({ ...optimisticStats });
  optimisticStats.commits = 0;
  optimisticStats.retries = 0;
});
host.use(createApp(systemClock));
const server = host.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
