// The proofs behind `npm run check:ledger` (scripts/check-ledger.ts): the ledger sums to each
// balance, no balance is negative, every escrow was released at most once and for its amount,
// unplayed coins stay between 0 and the balance and equal the ledger's unplayed moves, creator
// balances likewise, a payout is debited once and refunded at most once and only when it failed,
// and a prize pool paid out exactly what its escrows held.
//
// Two readers feed the same proofs:
//  - `findLedgerProblems`, one read-only transaction over everything: the API tests run it after
//    every file, on a few hundred users;
//  - `ledgerPhases`, the paged check (issue #23): each user, each page of escrows and payouts, and
//    each prize pool read in its own read-only transaction (a balance equals its ledger at one
//    point in time per user), the ledger's sums taken by aggregation queries, so memory holds one
//    page whatever the size; then the ledger itself walked a page at a time for entries that
//    belong to nothing.
import { AggregateField, type Firestore, type Query, type Transaction } from 'firebase-admin/firestore';
import { chunks, inParallel, type Phase } from './paged';

interface Entry {
  uid: string;
  account?: 'funds' | 'creator';
  delta: number;
  reason: string;
  ref: string;
  unplayedDelta?: number;
}

interface AccountFigures {
  funds: number;
  unplayed: number;
}

const POOL_REASONS = ['tournament-prize', 'tournament-host-share'];
const isPayoutMove = (reason: string) => reason.startsWith('withdrawal') || reason.startsWith('creator-redeem');
const isRelease = (reason: string) => reason.startsWith('escrow-') && reason !== 'escrow-hold';

// ---- the proofs ----

function accountProblems(uid: string, account: AccountFigures, ledger: AccountFigures): string[] {
  const findings: string[] = [];
  if (account.funds !== ledger.funds)
    findings.push(`user ${uid}: balance ${account.funds} but the ledger sums to ${ledger.funds}`);
  if (account.funds < 0) findings.push(`user ${uid}: negative balance ${account.funds}`);
  // Play-through (DESIGN §5): unplayed coins are a part of the balance, moved only with the ledger.
  if (account.unplayed < 0 || account.unplayed > account.funds)
    findings.push(`user ${uid}: unplayed ${account.unplayed} outside 0…${account.funds}`);
  if (account.unplayed !== ledger.unplayed)
    findings.push(`user ${uid}: unplayed ${account.unplayed} but the ledger moves it by ${ledger.unplayed}`);
  return findings;
}

function creatorProblems(uid: string, balance: number, sum: number): string[] {
  const findings: string[] = [];
  if (balance !== sum) findings.push(`creator ${uid}: creator balance ${balance} but the ledger sums to ${sum}`);
  if (balance < 0) findings.push(`creator ${uid}: negative creator balance ${balance}`);
  return findings;
}

function payoutProblems(id: string, payout: { bucks: number; state: string }, entries: Entry[]): string[] {
  const findings: string[] = [];
  const debits = entries.filter((entry) => entry.delta < 0);
  const refunds = entries.filter((entry) => entry.delta > 0);
  if (debits.length !== 1 || debits[0]!.delta !== -payout.bucks)
    findings.push(`payout ${id}: debited ${debits.length} time(s) for ${payout.bucks}`);
  if (refunds.length > 1) findings.push(`payout ${id}: refunded ${refunds.length} times`);
  if (refunds.length === 1 && payout.state !== 'FAILED') findings.push(`payout ${id}: refunded but ${payout.state}`);
  if (payout.state === 'FAILED' && refunds.length !== 1) findings.push(`payout ${id}: failed without a refund`);
  return findings;
}

/** An escrow paid straight to someone (not into a pool) against its releases in the ledger. */
function escrowProblems(id: string, escrow: { state: string; amount: number }, releases: Entry[]): string[] {
  const findings: string[] = [];
  if (escrow.state === 'HELD' && releases.length > 0)
    findings.push(`escrow ${id}: held but paid out ${releases.length} time(s)`);
  if (escrow.state === 'RELEASED' && releases.length !== 1)
    findings.push(`escrow ${id}: released ${releases.length} times`);
  if (releases.length === 1 && releases[0]!.delta !== escrow.amount)
    findings.push(`escrow ${id}: holds ${escrow.amount} but released ${releases[0]!.delta}`);
  return findings;
}

/** A prize pool (`tournament:{id}`): what its escrows held against what its credits paid. */
function poolProblems(pool: string, held: number | null, paid: number): string[] {
  if (held === null) return paid === 0 ? [] : [`pool ${pool}: paid out ${paid} from no escrow`];
  return paid === held ? [] : [`pool ${pool}: holds ${held} but paid out ${paid}`];
}

const pooledButReleased = (id: string, releases: Entry[]) =>
  releases.length > 0 ? [`escrow ${id}: pooled but also released ${releases.length} time(s)`] : [];

// ---- one snapshot (the tests' reader) ----

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

  const fundSums = new Map<string, number>();
  const unplayedSums = new Map<string, number>();
  const creatorSums = new Map<string, number>();
  const releases = new Map<string, Entry[]>();
  const payoutEntries = new Map<string, Entry[]>();
  const poolHeld = new Map<string, number>();
  const poolPaid = new Map<string, number>();
  const push = <T>(map: Map<string, T[]>, key: string, item: T) => map.set(key, [...(map.get(key) ?? []), item]);
  for (const doc of ledger.docs) {
    const entry = doc.data() as Entry;
    if (entry.account === 'creator') creatorSums.set(entry.uid, (creatorSums.get(entry.uid) ?? 0) + entry.delta);
    else fundSums.set(entry.uid, (fundSums.get(entry.uid) ?? 0) + entry.delta);
    if (entry.unplayedDelta) unplayedSums.set(entry.uid, (unplayedSums.get(entry.uid) ?? 0) + entry.unplayedDelta);
    if (isPayoutMove(entry.reason)) push(payoutEntries, entry.ref, entry);
    if (POOL_REASONS.includes(entry.reason)) poolPaid.set(entry.ref, (poolPaid.get(entry.ref) ?? 0) + entry.delta);
    if (isRelease(entry.reason)) push(releases, entry.ref, entry);
  }

  const seen = new Set<string>();
  for (const doc of accounts.docs.filter((item) => item.id === 'account')) {
    const uid = doc.ref.parent.parent!.id;
    seen.add(uid);
    const account = { funds: doc.get('funds') ?? 0, unplayed: doc.get('unplayed') ?? 0 } as AccountFigures;
    findings.push(
      ...accountProblems(uid, account, { funds: fundSums.get(uid) ?? 0, unplayed: unplayedSums.get(uid) ?? 0 }),
    );
  }
  for (const uid of fundSums.keys()) if (!seen.has(uid)) findings.push(`ledger entries for ${uid}, who has no account`);

  const creatorIds = new Set(creators.docs.map((doc) => doc.id));
  for (const doc of creators.docs)
    findings.push(...creatorProblems(doc.id, doc.get('balance') ?? 0, creatorSums.get(doc.id) ?? 0));
  for (const uid of creatorSums.keys())
    if (!creatorIds.has(uid)) findings.push(`creator ledger entries for ${uid}, who is no creator`);

  for (const doc of payouts.docs)
    findings.push(
      ...payoutProblems(doc.id, { bucks: doc.get('bucks'), state: doc.get('state') }, payoutEntries.get(doc.id) ?? []),
    );

  for (const doc of escrows.docs) {
    const paid = releases.get(doc.id) ?? [];
    if (doc.get('release') === 'pool') {
      const pool = doc.get('releasedTo') as string;
      poolHeld.set(pool, (poolHeld.get(pool) ?? 0) + (doc.get('amount') as number));
      findings.push(...pooledButReleased(doc.id, paid));
    } else findings.push(...escrowProblems(doc.id, { state: doc.get('state'), amount: doc.get('amount') }, paid));
  }
  for (const pool of new Set([...poolHeld.keys(), ...poolPaid.keys()]))
    findings.push(...poolProblems(pool, poolHeld.get(pool) ?? null, poolPaid.get(pool) ?? 0));
  const escrowIds = new Set(escrows.docs.map((doc) => doc.id));
  for (const ref of releases.keys()) if (!escrowIds.has(ref)) findings.push(`release of unknown escrow ${ref}`);
  return findings;
}

// ---- in pages (the scripts' reader) ----

/** One aggregated figure of a query, read in `tx` (one aggregation per query: see below). */
async function sumIn(tx: Transaction, query: Query, field: string): Promise<number> {
  // One field per aggregation: the emulator leaves out of *every* aggregation of a query the
  // documents that lack a summed field (production only skips them for that sum).
  return ((await tx.get(query.aggregate({ sum: AggregateField.sum(field) }))).data().sum as number | null) ?? 0;
}
const countIn = async (tx: Transaction, query: Query) => (await tx.get(query.count())).data().count;

/** The paged check:ledger, phase by phase (scripts/lib/paged.ts runs them). */
export function ledgerPhases(db: Firestore, parallel = 8): Phase[] {
  const ledger = db.collection('ledger');
  const readOnly = { readOnly: true } as const;
  const entriesByRef = async (tx: Transaction, refs: string[], keep: (reason: string) => boolean) => {
    const byRef = new Map<string, Entry[]>();
    for (const part of chunks(refs, 30))
      for (const doc of (await tx.get(ledger.where('ref', 'in', part))).docs) {
        const entry = doc.data() as Entry;
        if (keep(entry.reason)) byRef.set(entry.ref, [...(byRef.get(entry.ref) ?? []), entry]);
      }
    return byRef;
  };

  /** A user's coins and creator earnings against their ledger, at one moment. */
  const checkUser = (uid: string) =>
    db.runTransaction(async (tx) => {
      const mine = ledger.where('uid', '==', uid);
      const creatorEntries = mine.where('account', '==', 'creator');
      const [account, creator, total, creatorSum, unplayed] = await Promise.all([
        tx.get(db.doc(`users/${uid}/private/account`)),
        tx.get(db.doc(`creators/${uid}`)),
        sumIn(tx, mine, 'delta'),
        sumIn(tx, creatorEntries, 'delta'),
        sumIn(tx, mine, 'unplayedDelta'),
      ]);
      const findings: string[] = [];
      if (account.exists)
        findings.push(
          ...accountProblems(
            uid,
            { funds: account.get('funds') ?? 0, unplayed: account.get('unplayed') ?? 0 },
            { funds: total - creatorSum, unplayed },
          ),
        );
      else if ((await countIn(tx, mine)) > (await countIn(tx, creatorEntries)))
        findings.push(`ledger entries for ${uid}, who has no account`);
      if (creator.exists) findings.push(...creatorProblems(uid, creator.get('balance') ?? 0, creatorSum));
      else if ((await countIn(tx, creatorEntries)) > 0)
        findings.push(`creator ledger entries for ${uid}, who is no creator`);
      return findings;
    }, readOnly);

  const flat = (lists: string[][]) => lists.flat();
  return [
    {
      name: 'users',
      query: () => db.collection('users'),
      pageSize: 100,
      check: async (ids) => flat(await inParallel(ids, parallel, checkUser)),
    },
    {
      name: 'escrows',
      query: () => db.collection('escrows'),
      pageSize: 90,
      check: (ids) =>
        db.runTransaction(async (tx) => {
          const escrows = await tx.getAll(...ids.map((id) => db.doc(`escrows/${id}`)));
          const releases = await entriesByRef(tx, ids, isRelease);
          return escrows
            .filter((doc) => doc.exists)
            .flatMap((doc) =>
              doc.get('release') === 'pool'
                ? pooledButReleased(doc.id, releases.get(doc.id) ?? [])
                : escrowProblems(
                    doc.id,
                    { state: doc.get('state'), amount: doc.get('amount') },
                    releases.get(doc.id) ?? [],
                  ),
            );
        }, readOnly),
    },
    {
      name: 'pools',
      query: () => db.collection('tournaments'),
      pageSize: 50,
      check: async (ids) =>
        flat(
          await inParallel(ids, parallel, (id) =>
            db.runTransaction(async (tx) => {
              const pool = `tournament:${id}`;
              const escrows = db.collection('escrows').where('releasedTo', '==', pool).where('release', '==', 'pool');
              const credits = ledger.where('ref', '==', pool).where('reason', 'in', POOL_REASONS);
              const [held, count, paid] = await Promise.all([
                sumIn(tx, escrows, 'amount'),
                countIn(tx, escrows),
                sumIn(tx, credits, 'delta'),
              ]);
              return poolProblems(pool, count === 0 ? null : held, paid);
            }, readOnly),
          ),
        ),
    },
    {
      name: 'payouts',
      query: () => db.collection('payouts'),
      pageSize: 90,
      check: (ids) =>
        db.runTransaction(async (tx) => {
          const payouts = await tx.getAll(...ids.map((id) => db.doc(`payouts/${id}`)));
          const moves = await entriesByRef(tx, ids, isPayoutMove);
          return payouts
            .filter((doc) => doc.exists)
            .flatMap((doc) =>
              payoutProblems(doc.id, { bucks: doc.get('bucks'), state: doc.get('state') }, moves.get(doc.id) ?? []),
            );
        }, readOnly),
    },
    {
      // Entries that belong to nothing: a release of an escrow that does not exist, a pool credit
      // of a tournament that does not (users and creators are covered from their side above).
      name: 'ledger',
      query: () => ledger,
      pageSize: 500,
      check: async (ids) => {
        const entries = await db.getAll(...ids.map((id) => ledger.doc(id)), {
          fieldMask: ['uid', 'reason', 'ref', 'account'],
        });
        const findings: string[] = [];
        const releases = [
          ...new Set(entries.filter((doc) => isRelease(doc.get('reason'))).map((doc) => doc.get('ref'))),
        ];
        const escrows = releases.length ? await db.getAll(...releases.map((ref) => db.doc(`escrows/${ref}`))) : [];
        for (const doc of escrows) if (!doc.exists) findings.push(`release of unknown escrow ${doc.id}`);
        const pools = [
          ...new Set(entries.filter((doc) => POOL_REASONS.includes(doc.get('reason'))).map((doc) => doc.get('ref'))),
        ] as string[];
        for (const pool of pools) {
          const tournament = pool.startsWith('tournament:') ? pool.slice('tournament:'.length) : '';
          if (!tournament || !(await db.doc(`tournaments/${tournament}`).get()).exists) {
            const held = await db.collection('escrows').where('releasedTo', '==', pool).limit(1).get();
            if (held.empty) findings.push(`pool ${pool}: paid out from no escrow`);
          }
        }
        const owners = [...new Set(entries.map((doc) => doc.get('uid') as string))];
        const profiles = owners.length
          ? await db.getAll(...owners.map((uid) => db.doc(`users/${uid}`)), { fieldMask: [] })
          : [];
        // A user's own phase walks profiles; an entry whose owner has none is found here.
        for (const doc of profiles) if (!doc.exists) findings.push(`ledger entries for ${doc.id}, who has no profile`);
        return [...new Set(findings)];
      },
    },
  ];
}
