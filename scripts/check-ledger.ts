// npm run check:ledger [-- --production]
// Proves, user by user, that the ledger sums to the balance, that no balance is negative, and that
// every escrow was released at most once and for its amount; unplayed (bought, not yet staked)
// coins stay between 0 and the balance and equal the ledger's unplayed moves. Creator balances (creators/{uid}) are
// checked like coin balances; a payout is debited once and refunded at most once, and only when it
// failed. Exits 1 on any finding.
import { adminForEmulators } from './lib/emulator-admin';
import { findLedgerProblems } from './lib/ledger-check';

const { db } = adminForEmulators({ production: process.argv.includes('--production') });

const findings = await findLedgerProblems(db);
if (findings.length > 0) {
  console.error(
    `check:ledger found ${findings.length} problem(s):\n${findings.map((item) => `  - ${item}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  'check:ledger: every balance and creator balance equals its ledger; every escrow released and every payout refunded at most once',
);
