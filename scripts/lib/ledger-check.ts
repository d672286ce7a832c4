// The proofs behind `npm run check:ledger` (scripts/check-ledger.ts), also run in-process by the API
// tests after every file: the ledger sums to each balance, no balance is negative, every escrow was
// released at most once and for its amount, unplayed coins stay between 0 and the balance and equal
// the ledger's unplayed moves, creator balances likewise, a payout is debited once and refunded at
// most once and only when it failed, and a prize pool paid out exactly what its escrows held.
import type { Firestore } from 'firebase-admin/firestore';

interface Entry {
  uid: string;
  account?: 'funds' | 'creator';
  delta: number;
  reason: string;
  ref: string;
  unplayedDelta?: number;
}

/** Every finding of check:ledger (empty when the money adds up), from one consistent snapshot. */
export async function findLedgerProblems(db: Firestore): Promise<string[]> {
  const findings: string[] = [];
  // One read-only transaction: a consistent snapshot, so commands running meanwhile cannot look like drift.
  const [accounts, ledger, escrows, creators, payouts] = await db.runTransaction(
    (tx) =>
      Promise.all([
        tx.get(db.collectionGroup('private')),
        tx.get(db.collection('ledger')),
        tx.get(db.collection('escrows')),
        tx.get(db.collection('creators')),
        tx.get(db.collection('payouts')),
      ]),
    { readOnly: true },
  );

  const sums = new Map<string, number>();
  const unplayedSums = new Map<string, number>();
  const creatorSums = new Map<string, number>();
  const releases = new Map<string, Entry[]>();
  const payoutEntries = new Map<string, Entry[]>();
  /** Prize pools (`tournament:{id}`): what their escrows held, and what their credits paid. */
  const poolHeld = new Map<string, number>();
  const poolPaid = new Map<string, number>();
  for (const doc of ledger.docs) {
    const entry = doc.data() as Entry;
    const target = entry.account === 'creator' ? creatorSums : sums;
    target.set(entry.uid, (target.get(entry.uid) ?? 0) + entry.delta);
    if (entry.unplayedDelta) unplayedSums.set(entry.uid, (unplayedSums.get(entry.uid) ?? 0) + entry.unplayedDelta);
    if (entry.reason.startsWith('withdrawal') || entry.reason.startsWith('creator-redeem')) {
      payoutEntries.set(entry.ref, [...(payoutEntries.get(entry.ref) ?? []), entry]);
    }
    if (entry.reason === 'tournament-prize' || entry.reason === 'tournament-host-share') {
      poolPaid.set(entry.ref, (poolPaid.get(entry.ref) ?? 0) + entry.delta);
    }
    if (entry.reason.startsWith('escrow-') && entry.reason !== 'escrow-hold') {
      releases.set(entry.ref, [...(releases.get(entry.ref) ?? []), entry]);
    }
  }

  const seen = new Set<string>();
  for (const doc of accounts.docs.filter((item) => item.id === 'account')) {
    const uid = doc.ref.parent.parent!.id;
    seen.add(uid);
    const funds = (doc.get('funds') as number | undefined) ?? 0;
    const sum = sums.get(uid) ?? 0;
    if (funds !== sum) findings.push(`user ${uid}: balance ${funds} but the ledger sums to ${sum}`);
    if (funds < 0) findings.push(`user ${uid}: negative balance ${funds}`);
    // Play-through (DESIGN §5): unplayed coins are a part of the balance, moved only with the ledger.
    const unplayed = (doc.get('unplayed') as number | undefined) ?? 0;
    if (unplayed < 0 || unplayed > funds) findings.push(`user ${uid}: unplayed ${unplayed} outside 0…${funds}`);
    const unplayedSum = unplayedSums.get(uid) ?? 0;
    if (unplayed !== unplayedSum)
      findings.push(`user ${uid}: unplayed ${unplayed} but the ledger moves it by ${unplayedSum}`);
  }
  for (const uid of sums.keys()) if (!seen.has(uid)) findings.push(`ledger entries for ${uid}, who has no account`);

  for (const doc of creators.docs) {
    const balance = (doc.get('balance') as number | undefined) ?? 0;
    const sum = creatorSums.get(doc.id) ?? 0;
    if (balance !== sum) findings.push(`creator ${doc.id}: creator balance ${balance} but the ledger sums to ${sum}`);
    if (balance < 0) findings.push(`creator ${doc.id}: negative creator balance ${balance}`);
  }
  for (const uid of creatorSums.keys())
    if (!creators.docs.some((doc) => doc.id === uid))
      findings.push(`creator ledger entries for ${uid}, who is no creator`);

  for (const doc of payouts.docs) {
    const entries = payoutEntries.get(doc.id) ?? [];
    const debits = entries.filter((entry) => entry.delta < 0);
    const refunds = entries.filter((entry) => entry.delta > 0);
    const bucks = doc.get('bucks') as number;
    if (debits.length !== 1 || debits[0]!.delta !== -bucks)
      findings.push(`payout ${doc.id}: debited ${debits.length} time(s) for ${bucks}`);
    if (refunds.length > 1) findings.push(`payout ${doc.id}: refunded ${refunds.length} times`);
    if (refunds.length === 1 && doc.get('state') !== 'FAILED')
      findings.push(`payout ${doc.id}: refunded but ${doc.get('state')}`);
    if (doc.get('state') === 'FAILED' && refunds.length !== 1)
      findings.push(`payout ${doc.id}: failed without a refund`);
  }

  for (const doc of escrows.docs) {
    const paid = releases.get(doc.id) ?? [];
    const state = doc.get('state') as string;
    // An escrow released into a prize pool (a tournament's) is paid by the pool's own credits.
    if (doc.get('release') === 'pool') {
      const pool = doc.get('releasedTo') as string;
      poolHeld.set(pool, (poolHeld.get(pool) ?? 0) + (doc.get('amount') as number));
      if (paid.length > 0) findings.push(`escrow ${doc.id}: pooled but also released ${paid.length} time(s)`);
      continue;
    }
    if (state === 'HELD' && paid.length > 0)
      findings.push(`escrow ${doc.id}: held but paid out ${paid.length} time(s)`);
    if (state === 'RELEASED' && paid.length !== 1) findings.push(`escrow ${doc.id}: released ${paid.length} times`);
    if (paid.length === 1 && paid[0]!.delta !== doc.get('amount')) {
      findings.push(`escrow ${doc.id}: holds ${doc.get('amount')} but released ${paid[0]!.delta}`);
    }
  }
  for (const [pool, held] of poolHeld)
    if ((poolPaid.get(pool) ?? 0) !== held)
      findings.push(`pool ${pool}: holds ${held} but paid out ${poolPaid.get(pool) ?? 0}`);
  for (const [pool, paid] of poolPaid)
    if (!poolHeld.has(pool)) findings.push(`pool ${pool}: paid out ${paid} from no escrow`);
  for (const ref of releases.keys())
    if (!escrows.docs.some((doc) => doc.id === ref)) findings.push(`release of unknown escrow ${ref}`);
  return findings;
}
