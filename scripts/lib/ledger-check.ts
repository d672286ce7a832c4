// The proofs behind `npm run check:ledger` (scripts/check-ledger.ts): the ledger sums to each
// balance, no balance is negative, every escrow was released at most once and for its amount,
// unplayed coins stay between 0 and the balance and equal the ledger's unplayed moves, creator
// balances likewise, a payout is debited once and refunded at most once and only when it failed,
// and a prize pool paid out exactly what its escrows held; and each balance's entries, in the order
// a coin history lists them, follow one another (each balance the one before plus its change).
//
// Two readers feed the same proofs:
//  - `findLedgerProblems`, one read-only transaction over everything: the API tests run it after
//    every file, on a few hundred users;
//  - `ledgerPhases`, the paged check (issue #23): a page of users, of escrows, of payouts and each
//    prize pool read in its own read-only transaction (a balance equals its ledger at one point in
//    time per user), by ids and id ranges only, so memory holds one page whatever the size; then
//    the ledger itself walked a page at a time for entries that belong to nothing.
import { FieldPath, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { inBalanceOrder } from '../../domain/src/wallet/ledger-lines';
import { inParallel, type Phase } from './paged';

interface Entry {
  uid: string;
  account?: 'funds' | 'creator';
  delta: number;
  reason: string;
  ref: string;
  unplayedDelta?: number;
  balanceAfter?: number;
  createdAt?: number;
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

/**
 * A balance's entries in the order its coin history lists them (the Coins tab: createdAt desc, ties
 * by id desc as Firestore orders them, then `inBalanceOrder` within one moment), oldest first: each
 * one's balance is the one before plus its change (record 108). The first break only.
 */
function historyProblems(label: string, entries: { id: string; entry: Entry }[]): string[] {
  const newestFirst = entries
    .map(({ id, entry }) => ({
      id,
      entry,
      createdAt: entry.createdAt ?? 0,
      delta: entry.delta,
      balanceAfter: entry.balanceAfter ?? Number.NaN,
      account: entry.account,
    }))
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  let before = 0;
  for (const { id, entry } of inBalanceOrder(newestFirst).reverse()) {
    if (entry.balanceAfter !== before + entry.delta)
      return [`${label}: coin history out of order at ${id}: ${entry.balanceAfter} after ${before} and ${entry.delta}`];
    before = entry.balanceAfter;
  }
  return [];
}

/** A page of entries as their balances' histories: `user {uid}` and `creator {uid}`. */
function historiesProblems(docs: { id: string; data: () => unknown }[]): string[] {
  const histories = new Map<string, { id: string; entry: Entry }[]>();
  for (const doc of docs) {
    const entry = doc.data() as Entry;
    const label = `${entry.account === 'creator' ? 'creator' : 'user'} ${entry.uid}`;
    const history = histories.get(label) ?? [];
    history.push({ id: doc.id, entry });
    histories.set(label, history);
  }
  return [...histories].flatMap(([label, entries]) => historyProblems(label, entries));
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

/**
 * Every finding of check:ledger (empty when the money adds up). What a reading finds is read again,
 * up to twice, and only what every reading finds is kept: Firestore answers a read-only
 * transaction from one snapshot, but the emulator was seen not to (2026-12-03, API tests three files
 * at a time: three players' accounts at 870 beside ledgers summing 1,000, a fee's escrow committed
 * between the transaction's queries). Money that does not add up does so on every reading.
 */
export async function findLedgerProblems(db: Firestore): Promise<string[]> {
  let findings = await readingProblems(db);
  for (let again = 0; again < 2 && findings.length > 0; again++) {
    const next = new Set(await readingProblems(db));
    findings = findings.filter((finding) => next.has(finding));
  }
  return findings;
}

async function readingProblems(db: Firestore): Promise<string[]> {
  const findings: string[] = [];
  // One read-only transaction: a consistent snapshot in Firestore (see above for the emulator).
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
  findings.push(...historiesProblems(ledger.docs));

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

const id = FieldPath.documentId();
/** The ledger's ids are `{uid}:{reason}:{ref}` (wallet/ledger.ts): a user's entries are one id range. */
const ownRange = (uids: string[]) => {
  const starts = uids.map((uid) => `${uid}:`).sort();
  const ends = uids.map((uid) => `${uid};`).sort();
  return [starts[0]!, ends.at(-1)!] as const;
};

/**
 * The paged check:ledger (scripts/lib/paged.ts runs it). Every read is by document id or an id
 * range, so it costs what it reads whatever the size (and the emulator, which scans a collection
 * for any other query, stays usable at 100,000 entries):
 *  - users: a page of users, their accounts, creator accounts and ledger entries (one id range)
 *    in one read-only transaction: each balance against its ledger at one moment;
 *  - escrows: each released escrow's release entry, by its id (`{to}:escrow-{kind}:{escrow}`);
 *  - payouts: each payout's debit and refund, by their ids;
 *  - pools: each finished tournament's pooled escrows (its entrants') against its credits (its
 *    results' and its host's share, by their ids);
 *  - ledger: every entry once more, page by page, for the other direction: an entry whose owner has
 *    no account, a release its escrow does not name (a second release), a payout move its payout
 *    does not, a pool credit its tournament's results do not.
 */
export function ledgerPhases(db: Firestore): Phase[] {
  const ledger = db.collection('ledger');
  const readOnly = { readOnly: true } as const;
  const entryRef = (uid: string, reason: string, ref: string) => ledger.doc(`${uid}:${reason}:${ref}`);
  const byIds = async (refs: DocumentReference[]) => (refs.length ? db.getAll(...refs) : []);
  return [
    {
      name: 'users',
      query: () => db.collection('users'),
      pageSize: 200,
      check: (uids) =>
        db.runTransaction(async (tx) => {
          const [from, to] = ownRange(uids);
          const [accounts, creators, entries] = await Promise.all([
            tx.getAll(...uids.map((uid) => db.doc(`users/${uid}/private/account`))),
            tx.getAll(...uids.map((uid) => db.doc(`creators/${uid}`))),
            tx.get(ledger.where(id, '>=', from).where(id, '<', to)),
          ]);
          const sums = new Map(uids.map((uid) => [uid, { funds: 0, unplayed: 0, creator: 0 }]));
          const owned = entries.docs.filter(
            (doc) => sums.has(doc.get('uid')) && doc.id.startsWith(`${doc.get('uid')}:`),
          );
          for (const doc of owned) {
            const entry = doc.data() as Entry;
            const sum = sums.get(entry.uid)!;
            if (entry.account === 'creator') sum.creator += entry.delta;
            else sum.funds += entry.delta;
            sum.unplayed += entry.unplayedDelta ?? 0;
          }
          return uids
            .flatMap((uid, index) => {
              const sum = sums.get(uid)!;
              const account = accounts[index]!;
              const creator = creators[index]!;
              return [
                ...(account.exists
                  ? accountProblems(
                      uid,
                      { funds: account.get('funds') ?? 0, unplayed: account.get('unplayed') ?? 0 },
                      sum,
                    )
                  : []),
                ...(creator.exists ? creatorProblems(uid, creator.get('balance') ?? 0, sum.creator) : []),
              ];
            })
            .concat(historiesProblems(owned));
        }, readOnly),
    },
    {
      name: 'escrows',
      query: () => db.collection('escrows'),
      pageSize: 300,
      check: (ids) =>
        db.runTransaction(async (tx) => {
          const escrows = await tx.getAll(...ids.map((escrow) => db.doc(`escrows/${escrow}`)));
          const paid = escrows.filter(
            (doc) => doc.exists && doc.get('state') === 'RELEASED' && doc.get('release') !== 'pool',
          );
          const releases = paid.length
            ? await tx.getAll(
                ...paid.map((doc) => entryRef(doc.get('releasedTo'), `escrow-${doc.get('release')}`, doc.id)),
              )
            : [];
          return paid.flatMap((doc, index) =>
            escrowProblems(
              doc.id,
              { state: doc.get('state'), amount: doc.get('amount') },
              releases[index]!.exists ? [releases[index]!.data() as Entry] : [],
            ),
          );
        }, readOnly),
    },
    {
      name: 'payouts',
      query: () => db.collection('payouts'),
      pageSize: 300,
      check: (ids) =>
        db.runTransaction(async (tx) => {
          const payouts = (await tx.getAll(...ids.map((payout) => db.doc(`payouts/${payout}`)))).filter(
            (doc) => doc.exists,
          );
          const debit = (doc: DocumentSnapshot) => (doc.get('source') === 'creator' ? 'creator-redeem' : 'withdrawal');
          const moves = payouts.length
            ? await tx.getAll(
                ...payouts.flatMap((doc) => [
                  entryRef(doc.get('uid'), debit(doc), doc.id),
                  entryRef(doc.get('uid'), `${debit(doc)}-refund`, doc.id),
                ]),
              )
            : [];
          return payouts.flatMap((doc, index) =>
            payoutProblems(
              doc.id,
              { bucks: doc.get('bucks'), state: doc.get('state') },
              moves.slice(2 * index, 2 * index + 2).flatMap((move) => (move.exists ? [move.data() as Entry] : [])),
            ),
          );
        }, readOnly),
    },
    {
      name: 'pools',
      query: () => db.collection('tournaments'),
      pageSize: 50,
      check: async (ids) =>
        (
          await inParallel(ids, 8, (tournamentId) =>
            db.runTransaction(async (tx) => {
              const tournament = await tx.get(db.doc(`tournaments/${tournamentId}`));
              const pool = `tournament:${tournamentId}`;
              const entrants = (tournament.get('participants') ?? []) as PoolEntrant[];
              const escrows = entrants.flatMap((entrant) =>
                entrant.escrowId ? [db.doc(`escrows/${entrant.escrowId}`)] : [],
              );
              const credits = poolCredits(tournament);
              const [held, paid] = await Promise.all([
                escrows.length ? tx.getAll(...escrows) : [],
                credits.length ? tx.getAll(...credits.map(({ uid, reason }) => entryRef(uid, reason, pool))) : [],
              ]);
              const pooled = held.filter((doc) => doc.get('release') === 'pool' && doc.get('releasedTo') === pool);
              const sum = (docs: DocumentSnapshot[], field: string) =>
                docs.reduce((total, doc) => total + ((doc.get(field) as number | undefined) ?? 0), 0);
              return poolProblems(pool, pooled.length ? sum(pooled, 'amount') : null, sum(paid, 'delta'));
            }, readOnly),
          )
        ).flat(),
    },
    {
      name: 'ledger',
      query: () => ledger,
      pageSize: 1000,
      fields: ['uid', 'account', 'delta', 'reason', 'ref'],
      check: async (_, entries) => {
        const findings: string[] = [];
        const distinct = <T>(items: T[]) => [...new Set(items)];
        const owners = distinct(entries.map((doc) => doc.get('uid') as string));
        const [accounts, creators] = await Promise.all([
          byIds(owners.map((uid) => db.doc(`users/${uid}/private/account`))),
          byIds(owners.map((uid) => db.doc(`creators/${uid}`))),
        ]);
        const hasAccount = new Set(accounts.filter((doc) => doc.exists).map((doc) => doc.ref.parent.parent!.id));
        const isCreator = new Set(creators.filter((doc) => doc.exists).map((doc) => doc.id));
        const refsOf = (keep: (reason: string) => boolean) =>
          distinct(entries.filter((doc) => keep(doc.get('reason'))).map((doc) => doc.get('ref') as string));
        const escrows = new Map(
          (await byIds(refsOf(isRelease).map((ref) => db.doc(`escrows/${ref}`)))).map((doc) => [doc.id, doc]),
        );
        const payouts = new Map(
          (await byIds(refsOf(isPayoutMove).map((ref) => db.doc(`payouts/${ref}`)))).map((doc) => [doc.id, doc]),
        );
        const pools = refsOf((reason) => POOL_REASONS.includes(reason));
        const tournaments = new Map(
          (await byIds(pools.map((pool) => db.doc(`tournaments/${pool.replace(/^tournament:/, '')}`)))).map(
            (doc, index) => [pools[index]!, doc],
          ),
        );
        for (const doc of entries) {
          const entry = doc.data() as Entry;
          const creatorEntry = entry.account === 'creator';
          if (!doc.id.startsWith(`${entry.uid}:`)) findings.push(`ledger entry ${doc.id} is not keyed by ${entry.uid}`);
          if (!creatorEntry && !hasAccount.has(entry.uid))
            findings.push(`ledger entries for ${entry.uid}, who has no account`);
          if (creatorEntry && !isCreator.has(entry.uid))
            findings.push(`creator ledger entries for ${entry.uid}, who is no creator`);
          if (isRelease(entry.reason)) {
            const escrow = escrows.get(entry.ref)!;
            if (!escrow.exists) findings.push(`release of unknown escrow ${entry.ref}`);
            else if (escrow.get('release') === 'pool')
              findings.push(`escrow ${entry.ref}: pooled but also released to ${entry.uid}`);
            else if (escrow.get('releasedTo') !== entry.uid || `escrow-${escrow.get('release')}` !== entry.reason)
              findings.push(`escrow ${entry.ref}: released again (${entry.reason} to ${entry.uid})`);
          }
          if (isPayoutMove(entry.reason)) {
            const payout = payouts.get(entry.ref)!;
            if (!payout.exists || payout.get('uid') !== entry.uid)
              findings.push(`payout ${entry.ref}: ${entry.reason} of ${entry.uid} belongs to no payout of theirs`);
          }
          if (POOL_REASONS.includes(entry.reason)) {
            const tournament = tournaments.get(entry.ref)!;
            const expected = tournament.exists ? poolCredits(tournament) : [];
            if (!expected.some((credit) => credit.uid === entry.uid && credit.reason === entry.reason))
              findings.push(`pool ${entry.ref}: paid out ${entry.delta} to ${entry.uid} outside its results`);
          }
        }
        return distinct(findings);
      },
    },
  ];
}

interface PoolEntrant {
  id: string;
  uid: string;
  escrowId?: string | null;
}

/** The credits a finished tournament's pool paid: each result's entrant, and the host's share. */
function poolCredits(tournament: DocumentSnapshot): { uid: string; reason: string }[] {
  const entrants = (tournament.get('participants') ?? []) as PoolEntrant[];
  const results = (tournament.get('results') ?? []) as { participant: string; amount: number }[];
  return [
    ...results
      .filter((result) => result.amount > 0)
      .flatMap((result) => {
        const entrant = entrants.find((item) => item.id === result.participant);
        return entrant ? [{ uid: entrant.uid, reason: 'tournament-prize' }] : [];
      }),
    ...((tournament.get('hostShare') ?? 0) > 0
      ? [{ uid: tournament.get('uid') as string, reason: 'tournament-host-share' }]
      : []),
  ];
}
