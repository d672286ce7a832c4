import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { battleRemindAt, type Battle, type GameEvidence, type ProofImage } from '@versus/domain/battles/battle';
import {
  transitionBattle,
  type BattleEffect,
  type BattleEvent,
  type BattleRefusal,
} from '@versus/domain/battles/transitions';
import { BATTLE_COUNTER_SHARDS, campaignMonth } from '@versus/domain/campaigns/campaign';
import { HttpError, badRequest, conflict, notFound } from '../errors/http-error';
import { adminsToTell, notify, readAdminRoster } from '../notifications/notify';
import { accountRef, battleCounterShardRef, campaignEntryRef } from '../platform/collections';
import { battleDelta } from '@versus/domain/users/statistics';
import {
  countPlatform,
  playerStatisticsRef,
  readStatistics,
  writeHistory,
  writeStatistics,
  type StatisticsBefore,
} from '../users/statistics';
import { claimGameRecord } from '../platform/game-records';
import { runOptimistic, startReads, type KeyInCommit } from '../platform/optimistic';
import { escrowReads, moveEscrows } from '../wallet/escrow';
import { battleFees, battleRef } from './refs';
import { sawBattle, seenBattles } from './seen';

/**
 * Battle commands (DESIGN §6): each reads the battle, asks domain/battles/transitions for the next
 * state and its effects, and writes both in the command's one transaction.
 */

function refusalError(refusal: BattleRefusal): HttpError {
  switch (refusal.code) {
    case 'not-a-participant':
      return new HttpError(403, 'Only the two players can do this.', 'not-a-participant');
    case 'invalid-winner':
      return badRequest('The winner must be one of the two players.', { winner: 'battles.errors.pick-winner' });
    case 'battle-wrong-stage':
      if (refusal.stage === 'not-awaiting-admin') {
        return conflict('This battle is not waiting for an admin decision.', 'battle-wrong-stage');
      }
      if (refusal.stage === 'over') return conflict('This battle is already over.', 'battle-wrong-stage');
      return new HttpError(409, 'That is not possible at this stage of the battle.', 'battle-wrong-stage', undefined, {
        stage: refusal.stage,
      });
  }
}

async function readBattle(tx: Transaction, id: string): Promise<Battle> {
  const battle = (await tx.get(battleRef(id))).data();
  if (!battle) throw notFound('That battle');
  return battle;
}

/** The fields of `next` that differ from `battle`: what the update writes. */
function changes(battle: Battle, next: Battle): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(battle[key as keyof Battle]))
      changed[key] = value;
  }
  return changed;
}

/** One effect as writes (after every read: the escrows are read before this runs). */
function writeEffect(
  tx: Transaction,
  battle: Battle,
  effect: BattleEffect,
  stats: StatisticsBefore,
  now: number,
): void {
  const month = campaignMonth(now);
  switch (effect.type) {
    case 'release-fees':
      return; // moved with the reads, first
    case 'notify':
      notify(tx, effect.uid, effect.notification, now);
      return;
    case 'result-popup':
      tx.update(accountRef(effect.uid), {
        popups: FieldValue.arrayUnion({ type: 'BATTLE_RESULT', ref: battle.id }),
        battles: FieldValue.arrayRemove(battle.id),
      });
      return;
    case 'stats': {
      writeStatistics(tx, stats, [{ uid: effect.uid, delta: battleDelta(effect.won, effect.coinsWon) }], now);
      // The platform's figures count the battle once: with its winner.
      if (effect.won) countPlatform(tx, { battles: 1, coinsWon: effect.coinsWon }, now);
      const opponent = battle.participants.find((uid) => uid !== effect.uid)!;
      writeHistory(tx, effect.uid, {
        kind: 'battle',
        at: now,
        ref: battle.id,
        game: battle.game,
        won: effect.won,
        opponent: { uid: opponent, displayName: battle.players[opponent]?.displayName ?? '?' },
        // 0 - fee: a free battle lost is 0, not -0 (which reads "-0").
        coins: effect.won ? effect.coinsWon : 0 - battle.entryFee,
      });
      return;
    }
    case 'campaign-entry':
      tx.create(campaignEntryRef(month, battle.id, effect.uid), {
        uid: effect.uid,
        battle: battle.id,
        createdAt: now,
      });
      return;
    case 'tell-admins':
      return; // written with the roster (applyEvent)
    case 'count-battle': {
      // A sharded counter: many battles ending at once never contend on one document (DESIGN §8).
      const shard = Math.floor(Math.random() * BATTLE_COUNTER_SHARDS);
      tx.set(battleCounterShardRef(shard), { count: FieldValue.increment(1) }, { merge: true });
      return;
    }
  }
}

/** What the effects read beyond the battle: the players' counters, and the fees' escrows if they move. */
function effectReads(battle: Battle, effects: readonly BattleEffect[]) {
  const players = effects.flatMap((effect) => (effect.type === 'stats' ? [effect.uid] : []));
  const release = effects.find((effect) => effect.type === 'release-fees');
  return { players, releases: release ? battleFees(battle, release.winner ?? undefined) : undefined };
}

/**
 * The reads `event` will make beyond the battle, started now from the battle as this process last
 * saw it (battles/seen), for a route to run beside its own read of the battle: none without a guess.
 */
export const guessReads = (id: string, event: BattleEvent, now: number): Map<string, Promise<DocumentSnapshot>> =>
  effectReadsOf(seenBattles.get(id), event, now);

/** The reads `event` makes beyond `battle` (its escrows, the accounts they move, the counters), started now. */
function effectReadsOf(battle: Battle | undefined, event: BattleEvent, now: number) {
  const result = battle && transitionBattle(battle, event, now);
  if (!battle || !result?.ok) return new Map<string, Promise<DocumentSnapshot>>();
  const { players, releases } = effectReads(battle, result.effects);
  return startReads([...players.map(playerStatisticsRef), ...(releases ? escrowReads({ releases }) : [])]);
}

/** Reads, transitions and writes one battle; refusals become their HTTP errors. */
async function applyEvent(
  tx: Transaction,
  id: string,
  event: BattleEvent,
  now: number,
): Promise<{ before: Battle; next: Battle }> {
  // A player's dispute may hand the battle to the admins (the second story): their roster is read
  // beside the battle, not after it (record 126). The sweeper's closing window reads it after, when it
  // does: it answers nobody, and most windows it closes hand nothing over.
  const roster = event.type === 'dispute' ? readAdminRoster() : undefined;
  roster?.catch(() => {}); // awaited below when used; a battle that is not there answers first
  const battle = await readBattle(tx, id);
  const result = transitionBattle(battle, event, now);
  if (!result.ok) throw refusalError(result.refusal);
  const { effects } = result;
  // The reminder before its deadline follows the deadline (issue #60): none once it is over.
  const next = { ...result.next, remindAt: battleRemindAt(result.next) };
  // The players' counters (badges cross thresholds) are read while the escrows move: one round trip
  // fewer (every command here is an optimistic transaction, whose reads may follow its writes).
  const { players, releases } = effectReads(battle, effects);
  // A battle handed to the admins tells each on the roster (record 126), read outside the
  // transaction's guards: who is an admin decides no coin.
  const toAdmins = effects.find((effect) => effect.type === 'tell-admins');
  const [stats, admins] = await Promise.all([
    readStatistics(tx, players),
    toAdmins ? (roster ?? readAdminRoster()).then((uids) => adminsToTell(uids, battle.participants)) : [],
    releases ? moveEscrows(tx, { releases }, now) : undefined,
  ]);
  const changed = changes(battle, next);
  if (Object.keys(changed).length > 0) tx.update(battleRef(id), changed);
  for (const effect of effects) writeEffect(tx, battle, effect, stats, now);
  if (toAdmins) for (const admin of admins) notify(tx, admin, toAdmins.notification, now);
  return { before: battle, next };
}

/** The battle as the route has just read it (runOptimistic's `known`). */
type Known = readonly DocumentSnapshot<Battle>[];

/** POST /battles/{id}/submitWinner: the first report opens the other side's answer window. */
export const submitWinner = async (uid: string, id: string, winner: string, now: number, known: Known = []) =>
  sawBattle(
    await runOptimistic(async (tx) => (await applyEvent(tx, id, { type: 'submit', by: uid, winner }, now)).next, {
      known,
    }),
  );

/**
 * POST /battles/{id}/confirm: the other player agrees; the battle ends and the prize is paid.
 * `ahead`: the route's guessReads, started beside its read of the battle.
 */
export const confirmResult = async (
  uid: string,
  id: string,
  now: number,
  { known = [], key, ahead }: { known?: Known; key?: KeyInCommit; ahead?: Map<string, Promise<DocumentSnapshot>> } = {},
) =>
  sawBattle(
    await runOptimistic(async (tx) => (await applyEvent(tx, id, { type: 'confirm', by: uid }, now)).next, {
      known,
      key,
      ahead,
    }),
  );

/** POST /battles/{id}/dispute: a story and a proof; both heard → an admin decides. */
export const disputeResult = async (uid: string, id: string, story: string, proof: ProofImage, now: number) =>
  sawBattle(
    await runOptimistic(async (tx) => (await applyEvent(tx, id, { type: 'dispute', by: uid, story, proof }, now)).next),
  );

/** POST /admin/battles/{id}/decide: a platform admin names the winner with a reasoning shown to both. */
export const decideBattle = (adminUid: string, id: string, winner: string, reasoning: string, now: number) =>
  runOptimistic(
    async (tx) => (await applyEvent(tx, id, { type: 'decide', admin: adminUid, winner, reasoning }, now)).next,
  ).then(sawBattle);

/** The game's record decided the battle (issue #22): money and notifications as for an agreed report. */
export const decideBattleByGame = (
  id: string,
  winner: string,
  evidence: GameEvidence,
  now: number,
  known: Known = [],
) => {
  const event = { type: 'game-result', winner, evidence } as const;
  return runOptimistic(
    async (tx) => {
      // The record's claim reads beside the battle's own reads: one round trip fewer. A record
      // another contest used is the refusal, before whatever the battle would have answered.
      const [claimed, applied] = await Promise.allSettled([
        claimGameRecord(tx, evidence, `battles/${id}`, now),
        applyEvent(tx, id, event, now),
      ]);
      if (claimed.status === 'rejected') throw claimed.reason;
      if (applied.status === 'rejected') throw applied.reason;
      return applied.value.next;
    },
    // With the battle known, what the decision moves (the escrows, then the accounts they pay) is
    // read in one call beside the record's claim instead of two in a row.
    { known, ahead: effectReadsOf(known[0]?.data(), event, now) },
  ).then(sawBattle);
};

/** POST /admin/battles/{id}/cancel: any battle not yet over; both fees are refunded. */
export const cancelBattleByAdmin = (adminUid: string, id: string, reasoning: string, now: number) =>
  runOptimistic(
    async (tx) => (await applyEvent(tx, id, { type: 'cancel', admin: adminUid, reasoning }, now)).next,
  ).then(sawBattle);

/**
 * The sweeper's step for one battle whose window has passed: re-checked inside the transaction,
 * so a player acting at the same moment wins or loses cleanly.
 */
export async function closeBattleWindow(id: string, now: number): Promise<'cancelled' | 'ended' | 'to-admin' | null> {
  return runOptimistic(async (tx) => {
    const { before, next: after } = await applyEvent(tx, id, { type: 'close-window' }, now);
    if (after !== before) seenBattles.delete(id); // the host's guess would be stale now
    if (after.state === 'CANCELLED' && before.state !== 'CANCELLED') return 'cancelled';
    if (after.state === 'ENDED' && before.state !== 'ENDED') return 'ended';
    if (after.awaitingAdmin && !before.awaitingAdmin) return 'to-admin';
    return null;
  });
}
