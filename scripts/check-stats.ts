// npm run check:stats [-- --fix] [-- --production]
// Proves every player's live statistics (all-time and monthly counters, profile trophies and battle
// counts, badges) equal their rebuild from battles, tournaments and the ledger. `--fix` is the
// one-off backfill: it writes the rebuilt figures (dropping the old `months` map), then checks again.
// Exits 1 on any finding left.
import { adminForEmulators } from './lib/emulator-admin';

adminForEmulators({ production: process.argv.includes('--production') });
const { backfillStatistics, checkStatistics, readStatisticsSources } =
  await import('../functions/src/users/rebuild-statistics');

let findings = checkStatistics(await readStatisticsSources());
if (process.argv.includes('--fix') && findings.length > 0) {
  console.log(`check:stats: ${findings.length} findings before the backfill; rebuilding…`);
  console.log(`check:stats: ${await backfillStatistics(await readStatisticsSources())} documents written`);
  findings = checkStatistics(await readStatisticsSources());
}
if (findings.length > 0) {
  console.error(`check:stats: ${findings.length} findings`);
  for (const finding of findings.slice(0, 50)) console.error(`  ${finding}`);
  process.exit(1);
}
console.log('check:stats: every statistic equals its rebuild from battles, tournaments and the ledger');
