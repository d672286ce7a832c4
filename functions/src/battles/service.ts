import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  BATTLE_SUBMISSION_WINDOW_MS,
  CHALLENGE_TTL_MS,
  adminMayDecide,
  battleDeadline,
  battleIsOver,
  battlePrize,
  battleStage,
  bothSidesHeard,
  challengeIsActive,
  opponentOf,
  type Battle,
  type BattleOutcome,
  type BattleStage,
  type Challenge,
  type PlayerSummary,
} from '@versus/domain/battles/battle';
import { BATTLE_COUNTER_SHARDS, campaignMonth } from '@versus/domain/campaigns/campaign';
import type { Game } from '@versus/domain/games/games';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../api/http-error';
import { notify } from '../notifications/notify';
import { db } from '../platform/firebase';
import { documentId } from '../platform/ids';
import { accountRef, profileRef } from '../platform/collections';
import { moveEscrows, type Hold, type Release } from '../wallet/escrow';

export const challengeRef = (id: string) => db.doc(`battle_challenges/${documentId(id, 'That challenge')}`);
export const battleRef = (id: string) => db.doc(`battles/${documentId(id, 'That battle')}`);
/** One escrow per player and challenge; the battle releases the same two. */
const feeEscrowId = (challengeId: string, uid: string) => `battle-fee:${challengeId}:${uid}`;

const summaryOf = (snapshot: DocumentSnapshot): PlayerSummary => ({
  uid: snapshot.id,
  displayName: snapshot.get('displayName') as string,
  avatar: (snapshot.get('avatar') as string | null | undefined) ?? null,
  avatarPlaceholder: (snapshot.get('avatarPlaceholder') as number | undefined) ?? 0,
});
const named = (player: PlayerSummary) => ({ uid: player.uid, displayName: player.displayName });

const challengeExpired = () =>
  conflict('This challenge has expired; the entry fee went back to the challenger.', 'challenge-expired');
const wrongStage = (stage: BattleStage) =>
  new HttpError(409, 'That is not possible at this stage of the battle.', 'battle-wrong-stage', undefined, { stage });

/** The challenger's held fee back to them (nothing is held for a free challenge). */
const challengeRefund = (challenge: Challenge): Release[] =>
  challenge.entryFee > 0
    ? [{ escrowId: feeEscrowId(challenge.id, challenge.challenger.uid), to: challenge.challenger.uid, kind: 'refund' }]
    : [];

/** Both players' held fees: to the winner as the prize, or each back to its player. */
const battleFees = (battle: Battle, winner?: string): Release[] =>
  battle.entryFee > 0
    ? battle.participants.map((uid) => ({
        escrowId: feeEscrowId(battle.challengeId, uid),
        to: winner ?? uid,
        kind: winner ? 'prize' : 'refund',
      }))
    : [];

/**
 * Closes a pending challenge (expired, declined or withdrawn): refunds the challenger's fee and
 * frees their one active slot. Reads (the escrow) come first, so call it before other writes.
 */
async function closeChallenge(
  tx: Transaction,
  challenge: Challenge,
  state: 'EXPIRED' | 'DECLINED' | 'WITHDRAWN',
  now: number,
) {
  await moveEscrows(tx, { releases: challengeRefund(challenge) }, now);
  closeChallengeWrites(tx, challenge, state, now);
}

function closeChallengeWrites(
  tx: Transaction,
  challenge: Challenge,
  state: 'EXPIRED' | 'DECLINED' | 'WITHDRAWN',
  now: number,
) {
  tx.update(challengeRef(challenge.id), { state, settledAt: now });
  tx.update(accountRef(challenge.challenger.uid), { ownChallenges: FieldValue.arrayRemove(challenge.id) });
  if (state === 'EXPIRED') {
    notify(
      tx,
      challenge.challenger.uid,
      {
        type: 'CHALLENGE_EXPIRED',
        challenge: challenge.id,
        opponent: named(challenge.opponent),
        payout: challenge.entryFee,
      },
      now,
    );
  } else if (state === 'DECLINED') {
    notify(
      tx,
      challenge.challenger.uid,
      {
        type: 'CHALLENGE_DECLINED',
        challenge: challenge.id,
        opponent: named(challenge.opponent),
        payout: challenge.entryFee,
      },
      now,
    );
  }
}

export interface ChallengeInput {
  opponent: string;
  game: Game;
  entryFee: number;
}

/**
 * POST /battles/challenge: one transaction holds the challenger's fee, writes the challenge and
 * notifies the opponent. A challenger has one active challenge at a time; one that has passed its
 * expiry but not yet been swept is expired (and refunded) in the same transaction.
 */
export async function createChallenge(uid: string, input: ChallengeInput, now: number): Promise<Challenge> {
  if (input.opponent === uid) throw new HttpError(400, 'You cannot challenge yourself.', 'self-challenge');
  const id = db.collection('battle_challenges').doc().id;
  return db.runTransaction(async (tx) => {
    const [challengerProfile, opponentProfile, account] = await Promise.all([
      tx.get(profileRef(uid)),
      tx.get(profileRef(input.opponent)),
      tx.get(accountRef(uid)),
    ]);
    if (!challengerProfile.exists || !account.exists) throw notFound('Your account');
    if (!opponentProfile.exists || opponentProfile.get('deactivated') === true) throw notFound('That player');
    const ownIds = (account.get('ownChallenges') as string[] | undefined) ?? [];
    const own = (await Promise.all(ownIds.map((ownId) => tx.get(challengeRef(ownId)))))
      .filter((snapshot) => snapshot.exists)
      .map((snapshot) => snapshot.data() as Challenge);
    if (own.some((challenge) => challengeIsActive(challenge, now))) {
      throw conflict(
        'There was a problem with your challenge: only one challenge may be active at a time.',
        'challenge-active',
      );
    }
    const due = own.filter((challenge) => challenge.state === 'PENDING');

    const holds: Hold[] =
      input.entryFee > 0
        ? [{ escrowId: feeEscrowId(id, uid), uid, amount: input.entryFee, purpose: `battle-challenge:${id}` }]
        : [];
    await moveEscrows(tx, { holds, releases: due.flatMap(challengeRefund) }, now);
    for (const challenge of due) closeChallengeWrites(tx, challenge, 'EXPIRED', now);

    const challenge: Challenge = {
      id,
      challenger: summaryOf(challengerProfile),
      opponent: summaryOf(opponentProfile),
      participants: [uid, input.opponent],
      game: input.game,
      entryFee: input.entryFee,
      state: 'PENDING',
      createdAt: now,
      expires: now + CHALLENGE_TTL_MS,
      battleId: null,
      settledAt: null,
    };
    tx.create(challengeRef(id), challenge);
    tx.update(accountRef(uid), { ownChallenges: FieldValue.arrayUnion(id) });
    notify(
      tx,
      input.opponent,
      {
        type: 'CHALLENGED_TO_BATTLE',
        challenge: id,
        opponent: named(challenge.challenger),
        payout: challenge.entryFee,
      },
      now,
    );
    return challenge;
  });
}

/** Reads a challenge for a command by one of its two players; others get 404 as if it were not there. */
async function readChallenge(tx: Transaction, uid: string, id: string): Promise<Challenge> {
  const snapshot = await tx.get(challengeRef(id));
  const challenge = snapshot.data() as Challenge | undefined;
  if (!challenge || !challenge.participants.includes(uid)) throw notFound('That challenge');
  return challenge;
}

/** Answers for a challenge that is no longer pending: expired (refunding it now if due) or settled. */
async function refuseUnlessPending(tx: Transaction, challenge: Challenge, now: number): Promise<'expired' | null> {
  if (challenge.state === 'EXPIRED') throw challengeExpired();
  if (challenge.state !== 'PENDING') throw conflict('This challenge was already answered.', 'challenge-not-pending');
  if (now < challenge.expires) return null;
  await closeChallenge(tx, challenge, 'EXPIRED', now);
  return 'expired';
}

/**
 * POST /battles/challenges/{id}/accept: the opponent's fee is held and the battle created, in one
 * transaction with the challenge's state, so accept vs expiry and two accepts end one way only.
 */
export async function acceptChallenge(uid: string, id: string, now: number): Promise<Battle> {
  const result = await db.runTransaction(async (tx) => {
    const challenge = await readChallenge(tx, uid, id);
    if (challenge.challenger.uid === uid) throw forbidden();
    if ((await refuseUnlessPending(tx, challenge, now)) === 'expired') return null;

    const battleId = db.collection('battles').doc().id;
    const holds: Hold[] =
      challenge.entryFee > 0
        ? [{ escrowId: feeEscrowId(id, uid), uid, amount: challenge.entryFee, purpose: `battle:${battleId}` }]
        : [];
    await moveEscrows(tx, { holds }, now);
    const battle: Battle = {
      id: battleId,
      challengeId: id,
      participants: challenge.participants,
      players: { [challenge.challenger.uid]: challenge.challenger, [challenge.opponent.uid]: challenge.opponent },
      game: challenge.game,
      entryFee: challenge.entryFee,
      prize: battlePrize(challenge.entryFee),
      state: 'ONGOING',
      createdAt: now,
      submitterId: null,
      submittedWinner: null,
      submittedAt: null,
      disputes: [],
      deadline: now + BATTLE_SUBMISSION_WINDOW_MS,
      awaitingAdmin: false,
      winner: null,
      reasoning: null,
      outcome: null,
      endedAt: null,
    };
    tx.create(battleRef(battleId), battle);
    tx.update(challengeRef(id), { state: 'ACCEPTED', battleId, settledAt: now });
    tx.update(accountRef(challenge.challenger.uid), {
      ownChallenges: FieldValue.arrayRemove(id),
      battles: FieldValue.arrayUnion(battleId),
    });
    tx.update(accountRef(uid), { battles: FieldValue.arrayUnion(battleId) });
    notify(
      tx,
      challenge.challenger.uid,
      {
        type: 'BATTLE_CHALLENGE_ACCEPTED',
        battle: battleId,
        opponent: named(challenge.opponent),
        payout: battle.prize,
      },
      now,
    );
    return battle;
  });
  if (!result) throw challengeExpired();
  return result;
}

/** POST /battles/challenges/{id}/decline (the opponent) or /withdraw (the challenger): refunded. */
export async function closeChallengeBy(
  uid: string,
  id: string,
  action: 'decline' | 'withdraw',
  now: number,
): Promise<void> {
  const expired = await db.runTransaction(async (tx) => {
    const challenge = await readChallenge(tx, uid, id);
    const isChallenger = challenge.challenger.uid === uid;
    if ((action === 'decline') === isChallenger) throw forbidden();
    if ((await refuseUnlessPending(tx, challenge, now)) === 'expired') return true;
    await closeChallenge(tx, challenge, action === 'decline' ? 'DECLINED' : 'WITHDRAWN', now);
    return false;
  });
  if (expired) throw challengeExpired();
}

/** POST /internal/sweep: a pending challenge past its expiry is refunded once. */
export async function expireChallenge(id: string, now: number): Promise<boolean> {
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(challengeRef(id));
    const challenge = snapshot.data() as Challenge | undefined;
    if (!challenge || challenge.state !== 'PENDING' || now < challenge.expires) return false;
    await closeChallenge(tx, challenge, 'EXPIRED', now);
    return true;
  });
}

// ——— battles ———

async function readBattle(tx: Transaction, id: string): Promise<Battle> {
  const battle = (await tx.get(battleRef(id))).data() as Battle | undefined;
  if (!battle) throw notFound('That battle');
  return battle;
}

/** A command by a player: outsiders get 403, and only the expected stage is accepted. */
async function readBattleFor(
  tx: Transaction,
  uid: string,
  id: string,
  stages: BattleStage[],
  now: number,
): Promise<Battle> {
  const battle = await readBattle(tx, id);
  if (!battle.participants.includes(uid))
    throw new HttpError(403, 'Only the two players can do this.', 'not-a-participant');
  const stage = battleStage(battle, uid, now);
  if (!stages.includes(stage)) throw wrongStage(stage);
  return battle;
}

const checkWinner = (battle: Battle, winner: string) => {
  if (!battle.participants.includes(winner))
    throw badRequest('The winner must be one of the two players.', { winner: 'battles.errors.pick-winner' });
};

interface Ending {
  winner: string;
  outcome: Extract<BattleOutcome, 'CONFIRMED' | 'UNANSWERED' | 'ADMIN_DECIDED'>;
  reasoning?: string | null;
  decidedBy?: string;
}

/**
 * Ends a battle: the prize (both fees) to the winner, stats, the campaign entry of a wagered
 * battle, notifications and the BATTLE_RESULT popups. Reads the escrows first; no reads after.
 */
async function endBattle(tx: Transaction, battle: Battle, ending: Ending, now: number): Promise<Battle> {
  const { winner, outcome } = ending;
  await moveEscrows(tx, { releases: battleFees(battle, winner) }, now);
  const ended: Battle = {
    ...battle,
    state: 'ENDED',
    winner: { id: winner },
    reasoning: ending.reasoning ?? null,
    outcome,
    endedAt: now,
    awaitingAdmin: false,
    decidedBy: ending.decidedBy ?? null,
  };
  tx.update(battleRef(battle.id), {
    state: ended.state,
    winner: ended.winner,
    reasoning: ended.reasoning,
    outcome,
    endedAt: now,
    awaitingAdmin: false,
    decidedBy: ended.decidedBy,
  });
  const month = campaignMonth(now);
  for (const uid of battle.participants) {
    const won = uid === winner;
    const opponent = battle.players[opponentOf(battle, uid)]!;
    tx.update(profileRef(uid), {
      'statsData.battlesPlayed': FieldValue.increment(1),
      ...(won ? { 'statsData.victories': FieldValue.increment(1) } : {}),
    });
    const earned = won ? battle.prize : 0;
    tx.set(
      db.doc(`player_statistics/${uid}`),
      {
        uid,
        battlesPlayed: FieldValue.increment(1),
        battleVictories: FieldValue.increment(won ? 1 : 0),
        battleCoinsWon: FieldValue.increment(earned),
        months: {
          [month]: {
            battlesPlayed: FieldValue.increment(1),
            battleVictories: FieldValue.increment(won ? 1 : 0),
            battleCoinsWon: FieldValue.increment(earned),
          },
        },
      },
      { merge: true },
    );
    tx.update(accountRef(uid), {
      popups: FieldValue.arrayUnion({ type: 'BATTLE_RESULT', ref: battle.id }),
      battles: FieldValue.arrayRemove(battle.id),
    });
    notify(
      tx,
      uid,
      {
        type: 'BATTLE_ENDED',
        battle: battle.id,
        opponent: named(opponent),
        winner: named(battle.players[winner]!),
        payout: earned,
        ...(ended.reasoning ? { reasoning: ended.reasoning } : {}),
      },
      now,
    );
    // Every wagered battle enters both players in the month's draw, win or lose (SPEC §1).
    if (battle.entryFee > 0)
      tx.create(db.doc(`campaigns/${month}/entries/${battle.id}_${uid}`), { uid, battle: battle.id, createdAt: now });
  }
  if (ending.decidedBy) {
    notify(
      tx,
      ending.decidedBy,
      {
        type: 'BATTLE_ENDED',
        isAdmin: true,
        battle: battle.id,
        winner: named(battle.players[winner]!),
        ...(ended.reasoning ? { reasoning: ended.reasoning } : {}),
      },
      now,
    );
  }
  if (battle.entryFee > 0) {
    const shard = Math.floor(Math.random() * BATTLE_COUNTER_SHARDS);
    tx.set(db.doc(`counters/battles/shards/${shard}`), { count: FieldValue.increment(1) }, { merge: true });
  }
  return ended;
}

/** Cancels a battle: both fees back, BATTLE_CANCELLED and the result popup for both. */
async function cancelBattle(
  tx: Transaction,
  battle: Battle,
  outcome: 'NO_SUBMISSION' | 'ADMIN_CANCELLED',
  reasoning: string | null,
  now: number,
  decidedBy?: string,
): Promise<Battle> {
  await moveEscrows(tx, { releases: battleFees(battle) }, now);
  tx.update(battleRef(battle.id), {
    state: 'CANCELLED',
    outcome,
    reasoning,
    endedAt: now,
    awaitingAdmin: false,
    decidedBy: decidedBy ?? null,
  });
  for (const uid of battle.participants) {
    tx.update(accountRef(uid), {
      popups: FieldValue.arrayUnion({ type: 'BATTLE_RESULT', ref: battle.id }),
      battles: FieldValue.arrayRemove(battle.id),
    });
    notify(
      tx,
      uid,
      {
        type: 'BATTLE_CANCELLED',
        battle: battle.id,
        opponent: named(battle.players[opponentOf(battle, uid)]!),
        payout: battle.entryFee,
        ...(reasoning ? { reasoning } : {}),
      },
      now,
    );
  }
  return { ...battle, state: 'CANCELLED', outcome, reasoning, endedAt: now, awaitingAdmin: false };
}

/** POST /battles/{id}/submitWinner: the first report opens the other side's answer window. */
export async function submitWinner(uid: string, id: string, winner: string, now: number): Promise<Battle> {
  return db.runTransaction(async (tx) => {
    const battle = await readBattleFor(tx, uid, id, ['submit'], now);
    checkWinner(battle, winner);
    const submitted: Battle = { ...battle, submitterId: uid, submittedWinner: winner, submittedAt: now };
    submitted.deadline = battleDeadline(submitted);
    tx.update(battleRef(id), {
      submitterId: uid,
      submittedWinner: winner,
      submittedAt: now,
      deadline: submitted.deadline,
    });
    const opponent = opponentOf(battle, uid);
    notify(
      tx,
      opponent,
      {
        type: 'OPPONENT_SUBMITTED_BATTLES_RESULTS',
        battle: id,
        opponent: named(battle.players[uid]!),
        winner: named(battle.players[winner]!),
      },
      now,
    );
    return submitted;
  });
}

/** POST /battles/{id}/confirm: the other player agrees; the battle ends and the prize is paid. */
export async function confirmResult(uid: string, id: string, now: number): Promise<Battle> {
  return db.runTransaction(async (tx) => {
    const battle = await readBattleFor(tx, uid, id, ['answer'], now);
    return endBattle(tx, battle, { winner: battle.submittedWinner!, outcome: 'CONFIRMED' }, now);
  });
}

/**
 * POST /battles/{id}/dispute: the answering player disputes (IN-DISPUTE, the 24 h window starts),
 * or the other player adds their side while the window is open. Both heard → an admin decides.
 */
export async function disputeResult(
  uid: string,
  id: string,
  story: string,
  proof: { path: string; url: string },
  now: number,
): Promise<Battle> {
  return db.runTransaction(async (tx) => {
    const battle = await readBattleFor(tx, uid, id, ['answer', 'add-story'], now);
    const disputes = [...battle.disputes, { creator: uid, createdAt: now, story, proof }];
    const disputed: Battle = { ...battle, state: 'IN-DISPUTE', disputes };
    disputed.deadline = battleDeadline(disputed);
    disputed.awaitingAdmin = bothSidesHeard(disputed);
    tx.update(battleRef(id), {
      state: disputed.state,
      disputes,
      deadline: disputed.deadline,
      awaitingAdmin: disputed.awaitingAdmin,
    });
    if (battle.disputes.length === 0) {
      notify(
        tx,
        opponentOf(battle, uid),
        { type: 'OPPONENT_BATTLES_CONFLICT', battle: id, opponent: named(battle.players[uid]!) },
        now,
      );
    }
    return disputed;
  });
}

/** POST /admin/battles/{id}/decide: a platform admin names the winner with a reasoning shown to both. */
export async function decideBattle(
  adminUid: string,
  id: string,
  winner: string,
  reasoning: string,
  now: number,
): Promise<Battle> {
  return db.runTransaction(async (tx) => {
    const battle = await readBattle(tx, id);
    if (!adminMayDecide(battle, now))
      throw conflict('This battle is not waiting for an admin decision.', 'battle-wrong-stage');
    checkWinner(battle, winner);
    return endBattle(tx, battle, { winner, outcome: 'ADMIN_DECIDED', reasoning, decidedBy: adminUid }, now);
  });
}

/** POST /admin/battles/{id}/cancel: any battle not yet over; both fees are refunded. */
export async function cancelBattleByAdmin(
  adminUid: string,
  id: string,
  reasoning: string,
  now: number,
): Promise<Battle> {
  return db.runTransaction(async (tx) => {
    const battle = await readBattle(tx, id);
    if (battleIsOver(battle)) throw conflict('This battle is already over.', 'battle-wrong-stage');
    return cancelBattle(tx, battle, 'ADMIN_CANCELLED', reasoning, now, adminUid);
  });
}

/**
 * The sweeper's step for one battle whose window has passed (DESIGN §6): no report → cancelled
 * and refunded; an unanswered report stands; a dispute window closed → the admin's turn.
 * Re-checked inside the transaction, so a player acting at the same moment wins or loses cleanly.
 */
export async function closeBattleWindow(id: string, now: number): Promise<'cancelled' | 'ended' | 'to-admin' | null> {
  return db.runTransaction(async (tx) => {
    const battle = await readBattle(tx, id);
    if (now < battleDeadline(battle)) return null;
    if (battle.state === 'ONGOING') {
      if (battle.submittedWinner === null) {
        await cancelBattle(tx, battle, 'NO_SUBMISSION', null, now);
        return 'cancelled';
      }
      await endBattle(tx, battle, { winner: battle.submittedWinner, outcome: 'UNANSWERED' }, now);
      return 'ended';
    }
    if (battle.state === 'IN-DISPUTE' && !battle.awaitingAdmin) {
      tx.update(battleRef(id), { awaitingAdmin: true });
      for (const uid of battle.participants) {
        notify(
          tx,
          uid,
          { type: 'BATTLES_CONFLICT_EXPIRED', battle: id, opponent: named(battle.players[opponentOf(battle, uid)]!) },
          now,
        );
      }
      return 'to-admin';
    }
    return null;
  });
}
