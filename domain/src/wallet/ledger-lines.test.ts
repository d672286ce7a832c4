import { describe, expect, it } from 'vitest';
import { describeLedgerEntry, inBalanceOrder } from './ledger-lines';

const line = (reason: string, ref: string, uid = 'alice') => describeLedgerEntry({ uid, reason, ref });

describe('a ledger entry in the coin history', () => {
  it('names purchases, grants, payouts and creator earnings, with nothing to link', () => {
    expect(line('purchase', 'ORDER1')).toEqual({ kind: 'purchase', link: null });
    expect(line('seed-grant', 'demo')).toEqual({ kind: 'grant', link: null });
    expect(line('withdrawal', 'p1')).toEqual({ kind: 'withdrawal', link: null });
    expect(line('withdrawal-refund', 'p1')).toEqual({ kind: 'withdrawal-refund', link: null });
    expect(line('creator-earning', 'ORDER1')).toEqual({ kind: 'creator-earning', link: null });
    expect(line('creator-redeem', 'p2')).toEqual({ kind: 'creator-redeem', link: null });
    expect(line('creator-redeem-refund', 'p2')).toEqual({ kind: 'creator-redeem-refund', link: null });
  });

  it('a battle fee held, refunded and won leads to its challenge; the prize says whose fee it was', () => {
    const challenge = { to: 'challenge', id: 'c1' };
    expect(line('escrow-hold', 'battle-fee:c1:alice')).toEqual({ kind: 'battle-fee', link: challenge });
    expect(line('escrow-refund', 'battle-fee:c1:alice')).toEqual({ kind: 'battle-refund', link: challenge });
    expect(line('escrow-prize', 'battle-fee:c1:alice')).toEqual({ kind: 'battle-prize-own', link: challenge });
    expect(line('escrow-prize', 'battle-fee:c1:bob')).toEqual({ kind: 'battle-prize-opponent', link: challenge });
  });

  it('a tournament fee, its refund, a prize and the host share lead to the tournament', () => {
    const tournament = { to: 'tournament', id: 't1' };
    expect(line('escrow-hold', 'tournament-fee:t1:alice:1700000000000')).toEqual({
      kind: 'tournament-fee',
      link: tournament,
    });
    expect(line('escrow-refund', 'tournament-fee:t1:alice:1700000000000')).toEqual({
      kind: 'tournament-refund',
      link: tournament,
    });
    expect(line('tournament-prize', 'tournament:t1')).toEqual({ kind: 'tournament-prize', link: tournament });
    expect(line('tournament-host-share', 'tournament:t1')).toEqual({ kind: 'tournament-host-share', link: tournament });
  });

  it('anything it does not know is "other", linked only when its escrow says where', () => {
    expect(line('mystery', 'x')).toEqual({ kind: 'other', link: null });
    expect(line('escrow-hold', 'something-else:1:2')).toEqual({ kind: 'other', link: null });
    expect(line('escrow-payout', 'tournament-fee:t1:alice:1')).toEqual({
      kind: 'other',
      link: { to: 'tournament', id: 't1' },
    });
  });
});

describe('the coin history of one moment', () => {
  const entry = (createdAt: number, delta: number, balanceAfter: number, account: 'funds' | 'creator' = 'funds') => ({
    createdAt,
    delta,
    balanceAfter,
    account,
  });

  it('puts the lines of one commit in the order their balance moved, newest first', () => {
    // A battle won: both fees paid in one commit, read back in id order.
    const lines = [entry(3, 130, 1000), entry(3, 130, 1130), entry(2, -130, 870), entry(1, 1000, 1000)];
    expect(inBalanceOrder(lines).map((line) => line.balanceAfter)).toEqual([1130, 1000, 870, 1000]);
  });

  it('keeps the order of lines of different moments and of a chain it cannot tell apart', () => {
    const lines = [entry(5, 6, 6, 'creator'), entry(5, 100, 200), entry(4, 100, 100)];
    expect(inBalanceOrder(lines)).toEqual(lines);
    // A return to the same balance: either order is a chain; the first found stays first.
    const loop = [entry(7, -130, 1000), entry(7, 130, 1130)];
    expect(inBalanceOrder(loop).map((line) => line.delta)).toEqual([-130, 130]);
  });
});
