import type { LedgerEntry } from './types';

/**
 * What a ledger entry was for, as the coin history shows it (the profile's Coins tab). The entry's
 * `reason` says how the balance moved and its `ref` what it moved for: an order, a payout, an
 * escrow (`battle-fee:{challenge}:{holder}`, `tournament-fee:{tournament}:{holder}:{joinedAt}`) or a
 * tournament's prize pool (`tournament:{id}`), as the server names them.
 */
export type LedgerLineKind =
  | 'purchase'
  | 'grant'
  | 'withdrawal'
  | 'withdrawal-refund'
  | 'creator-earning'
  | 'creator-redeem'
  | 'creator-redeem-refund'
  | 'battle-fee'
  | 'battle-refund'
  | 'battle-prize-own'
  | 'battle-prize-opponent'
  | 'tournament-fee'
  | 'tournament-refund'
  | 'tournament-prize'
  | 'tournament-host-share'
  | 'other';

export interface LedgerLine {
  kind: LedgerLineKind;
  /** Where the line leads: the tournament, or the challenge (whose page opens its battle). */
  link: { to: 'tournament' | 'challenge'; id: string } | null;
}

const SIMPLE: Record<string, LedgerLineKind> = {
  purchase: 'purchase',
  withdrawal: 'withdrawal',
  'withdrawal-refund': 'withdrawal-refund',
  'creator-earning': 'creator-earning',
  'creator-redeem': 'creator-redeem',
  'creator-redeem-refund': 'creator-redeem-refund',
};

/** A battle's or a tournament's fee escrow, from its id (null for anything else). */
function escrowOf(ref: string): { to: 'tournament' | 'challenge'; id: string; holder: string } | null {
  const [type, id, holder] = ref.split(':');
  if (!id || !holder) return null;
  if (type === 'battle-fee') return { to: 'challenge', id, holder };
  if (type === 'tournament-fee') return { to: 'tournament', id, holder };
  return null;
}

export function describeLedgerEntry(entry: Pick<LedgerEntry, 'uid' | 'reason' | 'ref'>): LedgerLine {
  const simple = SIMPLE[entry.reason];
  if (simple) return { kind: simple, link: null };
  // A grant: the demo's starting coins, an admin's or a test's.
  if (entry.reason.endsWith('-grant')) return { kind: 'grant', link: null };
  if (entry.reason === 'tournament-prize' || entry.reason === 'tournament-host-share') {
    const [type, id] = entry.ref.split(':');
    return {
      kind: entry.reason,
      link: type === 'tournament' && id ? { to: 'tournament', id } : null,
    };
  }
  const escrow = entry.reason.startsWith('escrow-') ? escrowOf(entry.ref) : null;
  if (!escrow) return { kind: 'other', link: null };
  const link = { to: escrow.to, id: escrow.id };
  const battle = escrow.to === 'challenge';
  switch (entry.reason) {
    case 'escrow-hold':
      return { kind: battle ? 'battle-fee' : 'tournament-fee', link };
    case 'escrow-refund':
      return { kind: battle ? 'battle-refund' : 'tournament-refund', link };
    case 'escrow-prize':
      // The winner of a battle is paid both fees: their own back and the opponent's.
      if (battle) return { kind: escrow.holder === entry.uid ? 'battle-prize-own' : 'battle-prize-opponent', link };
      return { kind: 'tournament-prize', link };
    default:
      return { kind: 'other', link };
  }
}

type Ordered = Pick<LedgerEntry, 'createdAt' | 'delta' | 'balanceAfter'> & { account?: LedgerEntry['account'] };

/**
 * Entries newest first (as the query reads them), with the entries of one moment in the order
 * their balances moved: one commit can write two lines for a user (a battle's winner is paid both
 * fees) and the query then orders them by id. Newest is the line no other line of that moment and
 * account started from (its balance before is not that line's balance after).
 */
export function inBalanceOrder<T extends Ordered>(newestFirst: readonly T[]): T[] {
  const ordered: T[] = [];
  for (let start = 0; start < newestFirst.length;) {
    let end = start + 1;
    while (end < newestFirst.length && newestFirst[end]!.createdAt === newestFirst[start]!.createdAt) end += 1;
    const left = newestFirst.slice(start, end);
    while (left.length > 0) {
      const builtOn = (line: T) =>
        left.some(
          (other) =>
            other !== line &&
            (other.account ?? 'funds') === (line.account ?? 'funds') &&
            other.balanceAfter - other.delta === line.balanceAfter,
        );
      const index = Math.max(
        0,
        left.findIndex((line) => !builtOn(line)),
      );
      ordered.push(left.splice(index, 1)[0]!);
    }
    start = end;
  }
  return ordered;
}
