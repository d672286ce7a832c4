import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import type { BalanceAccount } from '@versus/domain/wallet/types';
import { HttpError } from '../errors/http-error';
import { accountRef, creatorRef, ledgerEntryRef } from '../platform/collections';

// Either balance, written by field name, so untyped (withConverter(null)) here; read through the typed refs.
const balanceRef = (account: BalanceAccount, uid: string) =>
  (account === 'creator' ? creatorRef(uid) : accountRef(uid)).withConverter(null);
const readBalance = async (tx: Transaction, account: BalanceAccount, uid: string) => {
  if (account === 'creator') {
    const creator = (await tx.get(creatorRef(uid))).data();
    return creator ? { balance: creator.balance ?? 0, unplayed: 0, ledgerAt: creator.ledgerAt ?? 0 } : null;
  }
  const holder = (await tx.get(accountRef(uid))).data();
  return holder ? { balance: holder.funds ?? 0, unplayed: holder.unplayed ?? 0, ledgerAt: holder.ledgerAt ?? 0 } : null;
};
const balanceField = (account: BalanceAccount) => (account === 'creator' ? 'balance' : 'funds');
const balanceKey = (change: LedgerChange) => `${change.account ?? 'funds'}:${change.uid}`;

/**
 * Which balance a change moves: a user's coins (private/account.funds) or a creator's earnings
 * (creators/{uid}.balance, DESIGN §5). Both are ledgered the same way.
 */
export type { BalanceAccount };

export interface LedgerChange {
  uid: string;
  /** Defaults to 'funds'. */
  account?: BalanceAccount;
  /** Whole coins; negative for a debit. */
  delta: number;
  reason: string;
  /** What the change is for; with uid and reason it keys the entry, so a change applies once. */
  ref: string;
  /** What the Coins tab names it by (a tournament's name), kept as it was when the coins moved. */
  title?: string;
  /**
   * Play-through (DESIGN §5), funds only. A credit may bring unplayed coins (a purchase, or a refund
   * of a hold that spent some); a debit spends unplayed coins first, unless `playedOnly` (a
   * withdrawal), which may take only coins already played.
   */
  unplayed?: number;
  playedOnly?: boolean;
}

export interface AppliedChange extends LedgerChange {
  /** How the change moved the account's unplayed coins (negative when a debit spent them). */
  unplayedDelta: number;
}

export const ledgerEntryId = ({ uid, reason, ref }: Pick<LedgerChange, 'uid' | 'reason' | 'ref'>) =>
  `${uid}:${reason}:${ref}`;

export const notEnoughCoins = (uid: string, needed: number, funds: number) =>
  Object.assign(
    new HttpError(409, `Not enough coins: ${needed} needed, ${funds} available.`, 'not-enough-coins', undefined, {
      needed,
      funds,
    }),
    {
      uid,
      needed,
      funds,
    },
  );

export const coinsNotPlayed = (needed: number, withdrawable: number) =>
  new HttpError(
    409,
    `Only ${withdrawable} of your coins can be withdrawn: bought coins must be played (staked as an entry fee) before they can be withdrawn.`,
    'coins-not-played',
    undefined,
    { needed, withdrawable },
  );

interface Holder {
  account: BalanceAccount;
  uid: string;
  balance: number;
  unplayed: number;
  /** The balance's last entry's createdAt: the next one is stamped after it. */
  ledgerAt: number;
}

/**
 * Applies balance changes with their ledger entries inside the caller's transaction: every read
 * first (Firestore needs reads before writes), then the writes. Changes already applied (their
 * entry exists) are skipped, so retries and concurrent calls cannot apply one twice. No balance
 * may end below zero, and unplayed coins stay between 0 and the balance. Each entry is stamped
 * `now`, or 1 ms after its balance's last entry when that is not earlier (several changes to one
 * balance in a call, or two commands in one millisecond): a balance's entries then sort by createdAt
 * in the order they were applied, so a coin history's balances follow one another (record 108).
 * Returns the changes that were applied.
 */
export async function applyBalanceChanges(
  tx: Transaction,
  changes: LedgerChange[],
  now: number,
): Promise<AppliedChange[]> {
  for (const change of changes) {
    if (!Number.isInteger(change.delta) || change.delta === 0) {
      throw new HttpError(400, 'Coin amounts are whole numbers other than zero.', 'invalid-input');
    }
    if (
      change.unplayed !== undefined &&
      (!Number.isInteger(change.unplayed) || change.unplayed < 0 || change.unplayed > change.delta)
    ) {
      throw new Error('unplayed coins are a whole part of a credit');
    }
  }
  const ids = [...new Set(changes.map(ledgerEntryId))];
  if (ids.length !== changes.length) throw new Error('the same ledger change twice in one call');
  const keys = [...new Set(changes.map(balanceKey))];
  const holderOf = (key: string) => {
    const [account, uid] = key.split(':') as [BalanceAccount, string];
    return { account, uid };
  };
  const [balances, entries] = await Promise.all([
    Promise.all(keys.map((key) => readBalance(tx, holderOf(key).account, holderOf(key).uid))),
    Promise.all(ids.map((id) => tx.get(ledgerEntryRef(id)))),
  ]);

  const holders = new Map<string, Holder>();
  balances.forEach((read, index) => {
    const key = keys[index]!;
    const { account, uid } = holderOf(key);
    if (!read)
      throw new HttpError(
        404,
        account === 'creator' ? 'That creator could not be found.' : 'That account could not be found.',
        'not-found',
      );
    holders.set(key, { account, uid, ...read });
  });
  const pending = changes.filter((_, index) => !entries[index]!.exists);

  const writes: { change: AppliedChange; balanceAfter: number; unplayedAfter: number; createdAt: number }[] = [];
  for (const change of pending) {
    const holder = holders.get(balanceKey(change))!;
    let unplayedDelta = 0;
    if (holder.account === 'funds') {
      if (change.delta > 0) unplayedDelta = change.unplayed ?? 0;
      else if (change.playedOnly) {
        const withdrawable = holder.balance - holder.unplayed;
        if (-change.delta > withdrawable && -change.delta <= holder.balance)
          throw coinsNotPlayed(-change.delta, Math.max(0, withdrawable));
      } else unplayedDelta = -Math.min(holder.unplayed, -change.delta);
    }
    const balanceAfter = holder.balance + change.delta;
    if (balanceAfter < 0) throw notEnoughCoins(change.uid, -change.delta, holder.balance);
    holder.balance = balanceAfter;
    holder.unplayed += unplayedDelta;
    holder.ledgerAt = Math.max(now, holder.ledgerAt + 1);
    writes.push({
      change: { ...change, unplayedDelta },
      balanceAfter,
      unplayedAfter: holder.unplayed,
      createdAt: holder.ledgerAt,
    });
  }
  for (const key of new Set(pending.map(balanceKey))) {
    const holder = holders.get(key)!;
    const update: Record<string, number> = {
      [balanceField(holder.account)]: holder.balance,
      ledgerAt: holder.ledgerAt,
    };
    if (holder.account === 'funds') update.unplayed = holder.unplayed;
    tx.update(balanceRef(holder.account, holder.uid), update);
  }
  for (const { change, balanceAfter, unplayedAfter, createdAt } of writes) {
    const { playedOnly: _playedOnly, unplayed: _unplayed, title, ...entry } = change;
    tx.create(ledgerEntryRef(ledgerEntryId(change)).withConverter(null), {
      ...entry,
      ...(title ? { title } : {}),
      account: change.account ?? 'funds',
      balanceAfter,
      ...(change.account === 'creator' ? {} : { unplayedAfter }),
      createdAt,
      serverTime: FieldValue.serverTimestamp(),
    });
  }
  return writes.map(({ change }) => change);
}

/** One change; false when it was already applied. */
export async function applyBalanceChange(tx: Transaction, change: LedgerChange, now: number): Promise<boolean> {
  return (await applyBalanceChanges(tx, [change], now)).length === 1;
}
