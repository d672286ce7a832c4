// npm run check:ledger [-- --resume] [-- --production]
// Proves, user by user, that the ledger sums to the balance, that no balance is negative, and that
// every escrow was released at most once and for its amount; unplayed (bought, not yet staked)
// coins stay between 0 and the balance and equal the ledger's unplayed moves. Creator balances
// (creators/{uid}) are checked like coin balances; a payout is debited once and refunded at most
// once, and only when it failed; a prize pool pays out what its escrows held. In pages (issue #23):
// each user in their own read-only transaction, memory for one page, a progress bar, and
// `--resume` carries on from the last page done (the cursor is in .check-ledger.state.json).
// Exits 1 on any finding.
import { adminForEmulators } from './lib/emulator-admin';
import { ledgerPhases } from './lib/ledger-check';
import { runPaged } from './lib/paged';

const { db } = adminForEmulators({ production: process.argv.includes('--production') });

const { findings, units, seconds, maxRssMb } = await runPaged(db, ledgerPhases(db), {
  stateFile: '.check-ledger.state.json',
  resume: process.argv.includes('--resume'),
  quiet: process.argv.includes('--quiet'),
});
const figures = `${units} documents in ${seconds.toFixed(1)} s, peak memory ${maxRssMb.toFixed(0)} MB`;
if (findings.length > 0) {
  console.error(
    `check:ledger found ${findings.length} problem(s) (${figures}):\n${findings.map((item) => `  - ${item}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `check:ledger: every balance and creator balance equals its ledger, whose entries follow one another in time; every escrow released and every payout refunded at most once (${figures})`,
);
