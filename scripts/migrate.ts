// npm run migrate [-- --production]
// Idempotent data migrations for data written before a change of shape: display-name skeleton keys
// (usernames/{sha256(skeleton)}, hardening issue). The seed runs the same against the emulators.
import { adminForEmulators } from './lib/emulator-admin';

const production = process.argv.includes('--production');
adminForEmulators({ production });
// Imported after the environment is set so the functions code talks to the chosen Firestore.
const { backfillUsernames } = await import('../functions/src/users/service');
const names = await backfillUsernames(Date.now());
console.log(`display names: ${names.added} skeleton keys added, ${names.removed} old keys removed`);
if (names.clashes.length > 0)
  console.warn(`names that look alike (kept, for an admin to look at): ${names.clashes.join(', ')}`);

// Statistics (standing issue): per-user and per-month documents, trophies and badges, rebuilt from
// battles, tournaments and the ledger where the live figures differ (the old months map goes).
const { backfillStatistics, checkStatistics, readStatisticsSources } =
  await import('../functions/src/users/rebuild-statistics');
const before = checkStatistics(await readStatisticsSources());
if (before.length > 0)
  console.log(`statistics: ${await backfillStatistics(await readStatisticsSources())} documents rebuilt`);
