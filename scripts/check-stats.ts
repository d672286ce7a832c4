// npm run check:stats [-- --fix] [-- --resume] [-- --production]
// Proves every player's live statistics (all-time and monthly counters, profile trophies and battle
// counts, badges) equal their rebuild from battles, tournaments and the ledger, and the platform's
// figures theirs. In pages (issue #23): the platform's figures by aggregation, then each page of
// players (users, then statistics without a profile) as of one moment, read by id through their
// history, and every battle and tournament checked to be in its players' history, memory
// for one page, a progress bar, and `--resume` carries on from the last page done (the cursor is in
// .check-stats.state.json). `--fix` is the backfill: a player or the platform found wrong is
// rebuilt and checked again. Exits 1 on any finding left.
import { adminForEmulators } from './lib/emulator-admin';
import { runPaged } from './lib/paged';

const production = process.argv.includes('--production');
const fix = process.argv.includes('--fix');
const { db } = adminForEmulators({ production });
const {
  backfillPlatform,
  backfillPlayers,
  checkPlatform,
  checkPlayers,
  historyProblems,
  readPlatformSources,
  readPlayersSources,
} = await import('../functions/src/users/rebuild-statistics');

let platform = checkPlatform(await readPlatformSources(Date.now()));
if (fix && platform.length > 0) {
  await backfillPlatform(await readPlatformSources(Date.now()));
  platform = checkPlatform(await readPlatformSources(Date.now()));
}

/** A page of players' findings (rebuilt first with --fix when there are any). */
async function checkPage(uids: string[]): Promise<string[]> {
  if (uids.length === 0) return [];
  const findings = checkPlayers(await readPlayersSources(uids));
  if (!fix || findings.length === 0) return findings;
  await backfillPlayers(await readPlayersSources(uids));
  return checkPlayers(await readPlayersSources(uids));
}

const result = await runPaged(
  db,
  [
    {
      name: 'players',
      query: () => db.collection('users'),
      pageSize: 150,
      check: checkPage,
    },
    {
      // Each ended battle and finished tournament is in its players' history, which the per-player
      // rebuild reads its sources through.
      name: 'battles',
      query: () => db.collection('battles'),
      pageSize: 300,
      check: (ids) => historyProblems('battles', ids),
    },
    {
      name: 'tournaments',
      query: () => db.collection('tournaments'),
      pageSize: 100,
      check: (ids) => historyProblems('tournaments', ids),
    },
    {
      // Statistics of a uid with no profile (its events still rebuild it; nothing should be left).
      name: 'orphans',
      query: () => db.collection('player_statistics'),
      pageSize: 100,
      check: async (ids) => {
        const profiles = await db.getAll(...ids.map((uid) => db.doc(`users/${uid}`)), { fieldMask: [] });
        const orphans = profiles.filter((doc) => !doc.exists).map((doc) => doc.id);
        return checkPage(orphans);
      },
    },
  ],
  {
    stateFile: '.check-stats.state.json',
    resume: process.argv.includes('--resume'),
    quiet: process.argv.includes('--quiet'),
  },
);
const findings = [...platform, ...result.findings];
const figures = `${result.units} players in ${result.seconds.toFixed(1)} s, peak memory ${result.maxRssMb.toFixed(0)} MB`;
if (findings.length > 0) {
  console.error(`check:stats: ${findings.length} findings (${figures})`);
  for (const finding of findings.slice(0, 50)) console.error(`  ${finding}`);
  process.exit(1);
}
console.log(`check:stats: every statistic equals its rebuild from battles, tournaments and the ledger (${figures})`);
