import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { HttpError } from '../errors/http-error';
import { applyBalanceChanges, type LedgerChange } from './ledger';
import { accountRef, escrowRef, ledgerEntryRef } from '../platform/collections';
import { readAhead } from '../platform/optimistic';

/**
 * Entry fees are held in escrow when committed and released exactly once: as a prize, a refund
 * or a payout (DESIGN §5). escrows/{escrowId}: {uid, amount, unplayed, purpose, state HELD|RELEASED, ...};
 * `unplayed` is how many of the held coins were bought and not yet played, given back by a refund.
 */

export interface Hold {
  escrowId: string;
  uid: string;
  amount: number;
  /** What the coins are held for, e.g. 'battle-challenge:abc'. */
  purpose: string;
  /** Its ledger entry's title (LedgerChange): not kept on the escrow. */
  title?: string;
}

/**
 * `pool`: the coins join a prize pool (a tournament's), paid out by the caller's own ledger credits
 * whose ref is `to` (check:ledger proves the pool pays out exactly what its escrows held).
 */
export type ReleaseKind = 'refund' | 'prize' | 'payout' | 'pool';

export interface Release {
  escrowId: string;
  /** Who receives the held coins: the holder for a refund, the winner for a prize. */
  to: string;
  /** Defaults to the kind given to releaseEscrows. */
  kind?: ReleaseKind;
  /** Its ledger entry's title (LedgerChange). */
  title?: string;
}

/** The balances and ledger entries moveEscrows touches for these moves. */
function touchedBy(holds: Pick<Hold, 'escrowId' | 'uid'>[], releases: Release[]): DocumentReference[] {
  const payees = releases.filter((release) => (release.kind ?? 'refund') !== 'pool');
  return [
    ...[...new Set([...payees.map(({ to }) => to), ...holds.map(({ uid }) => uid)])].map((uid) => accountRef(uid)),
    ...payees.map(({ to, kind, escrowId }) => ledgerEntryRef(`${to}:escrow-${kind ?? 'refund'}:${escrowId}`)),
    ...holds.map(({ uid, escrowId }) => ledgerEntryRef(`${uid}:escrow-hold:${escrowId}`)),
  ];
}

/** What moveEscrows reads for these moves: the escrows, then the balances and ledger entries they touch. */
export function escrowReads(moves: {
  holds?: Pick<Hold, 'escrowId' | 'uid'>[];
  releases?: Release[];
}): DocumentReference[] {
  const holds = moves.holds ?? [];
  const releases = moves.releases ?? [];
  return [...[...holds, ...releases].map(({ escrowId }) => escrowRef(escrowId)), ...touchedBy(holds, releases)];
}

/**
 * What moveEscrows will read for these moves, started now (platform/optimistic readAhead): for a
 * command that knows its moves before its first reads come back (a new challenge's fee).
 */
export function readEscrowsAhead(
  tx: Transaction,
  moves: { holds?: Pick<Hold, 'escrowId' | 'uid'>[]; releases?: Release[] },
): void {
  readAhead(tx, escrowReads(moves));
}

/**
 * Holds and releases in one transaction, every read before any write (Firestore's rule), so a
 * command can, say, refund an expired challenge and hold a new fee together. A hold whose escrow
 * exists is refused; an escrow already released is skipped (a retry or a concurrent call did it),
 * so nobody is paid twice. Returns the ids this call released.
 */
export async function moveEscrows(
  tx: Transaction,
  moves: { holds?: Hold[]; releases?: Release[] },
  now: number,
): Promise<string[]> {
  const holds = moves.holds ?? [];
  const releases = moves.releases ?? [];
  for (const hold of holds) {
    if (!Number.isInteger(hold.amount) || hold.amount <= 0) {
      throw new HttpError(400, 'An entry fee is a positive whole number of coins.', 'invalid-input');
    }
  }
  // The balances and ledger entries the moves will touch are known before the escrows are read:
  // fetched with them, one round trip instead of two (an optimistic transaction answers the
  // ledger's later reads of them from what it read, platform/optimistic).
  const [held, released] = await Promise.all([
    Promise.all(holds.map(({ escrowId }) => tx.get(escrowRef(escrowId)))),
    Promise.all(releases.map(({ escrowId }) => tx.get(escrowRef(escrowId)))),
    ...touchedBy(holds, releases).map((ref) => tx.get(ref)),
  ]);
  if (held.some((snapshot) => snapshot.exists)) throw new HttpError(409, 'These coins are already held.');
  const open = releases
    .map((item, index) => {
      const escrow = released[index]!.data();
      if (!escrow) throw new HttpError(404, `Escrow ${item.escrowId} does not exist.`, 'not-found');
      return {
        ...item,
        kind: item.kind ?? 'refund',
        amount: escrow.amount,
        state: escrow.state,
        holder: escrow.uid,
        unplayed: escrow.unplayed ?? 0,
      };
    })
    .filter((item) => item.state === 'HELD');

  // A refund to the holder gives back unplayed coins as unplayed (DESIGN §5); a prize is played.
  const restored = (item: (typeof open)[number]) =>
    item.kind === 'refund' && item.to === item.holder && item.unplayed > 0 ? { unplayed: item.unplayed } : {};
  const changes: LedgerChange[] = [
    ...open
      .filter((item) => item.kind !== 'pool')
      .map((item) => ({
        uid: item.to,
        delta: item.amount,
        reason: `escrow-${item.kind}`,
        ref: item.escrowId,
        title: item.title,
        ...restored(item),
      })),
    ...holds.map((hold) => ({
      uid: hold.uid,
      delta: -hold.amount,
      reason: 'escrow-hold',
      ref: hold.escrowId,
      title: hold.title,
    })),
  ];
  const applied = changes.length > 0 ? await applyBalanceChanges(tx, changes, now) : [];
  const spent = (hold: Hold) =>
    -(applied.find((change) => change.reason === 'escrow-hold' && change.ref === hold.escrowId)?.unplayedDelta ?? 0);
  for (const { title: _title, ...hold } of holds) {
    tx.create(escrowRef(hold.escrowId), {
      ...hold,
      unplayed: spent(hold),
      state: 'HELD',
      createdAt: now,
      releasedTo: null,
      releasedAt: null,
      release: null,
    });
  }
  for (const { escrowId, to, kind } of open) {
    tx.update(escrowRef(escrowId), { state: 'RELEASED', releasedTo: to, releasedAt: now, release: kind });
  }
  return open.map(({ escrowId }) => escrowId);
}

/** Debits the fee into a new escrow; a second hold with the same id is refused. */
export async function holdInEscrow(tx: Transaction, hold: Hold, now: number): Promise<void> {
  await moveEscrows(tx, { holds: [hold] }, now);
}

/** Releases escrows once each (see moveEscrows). Returns the ids released by this call. */
export async function releaseEscrows(
  tx: Transaction,
  releases: Release[],
  release: ReleaseKind,
  now: number,
): Promise<string[]> {
  return moveEscrows(tx, { releases: releases.map((item) => ({ ...item, kind: item.kind ?? release })) }, now);
}
