import {
  firstBattleGameCheck,
  gameAccountOf,
  hasGameAccount,
  isBattleVerifiedGame,
} from '@versus/domain/games/game-accounts';
import { gameAccountRequired } from '../platform/game-records';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import type { PublicProfile } from '@versus/domain/users/types';
import {
  BATTLE_SUBMISSION_WINDOW_MS,
  BATTLE_REMINDER_MS,
  CHALLENGE_REMINDER_MS,
  CHALLENGE_TTL_MS,
  battlePrize,
  challengeIsActive,
  type Battle,
  type Challenge,
  type PlayerSummary,
} from '@versus/domain/battles/battle';
import type { Game } from '@versus/domain/games/games';
import { HttpError, conflict, forbidden, notFound } from '../errors/http-error';
import { notify } from '../notifications/notify';
import { documentId } from '../platform/ids';
import { gated, readAhead, runOptimistic, type Gate } from '../platform/optimistic';
import { accountRef, profileRef } from '../platform/collections';
import { moveEscrows, readEscrowsAhead, type Hold, type Release } from '../wallet/escrow';
import { battleRef, challengeRef, feeEscrowId, named, newBattleId, newChallengeId } from './refs';
import { sawBattle, sawChallenge, seenChallenges } from './seen';

/** Challenges (DESIGN §6): created with the challenger's fee held, then accepted, declined, withdrawn or expired. */

const summaryOf = (uid: string, profile: PublicProfile): PlayerSummary => ({
  uid,
  displayName: profile.displayName,
  avatar: profile.avatar ?? null,
  avatarPlaceholder: profile.avatarPlaceholder ?? 0,
});

const challengeExpired = () =>
  conflict('This challenge has expired; the entry fee went back to the challenger.', 'challenge-expired');

/**
 * The challenger's held fee back to them (nothing is held for a free challenge), its ledger line
 * titled with the opponent's name, as the hold's is.
 */
const challengeRefund = (challenge: Challenge): Release[] =>
  challenge.entryFee > 0
    ? [
        {
          escrowId: feeEscrowId(challenge.id, challenge.challenger.uid),
          to: challenge.challenger.uid,
          kind: 'refund',
          title: challenge.opponent.displayName,
        },
      ]
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
  /** Issue #22: both players must have linked their game account. */
  verifiedOnly?: boolean | undefined;
}

/**
 * POST /battles/challenge: one transaction holds the challenger's fee, writes the challenge and
 * notifies the opponent. A challenger has one active challenge at a time; one that has passed its
 * expiry but not yet been swept is expired (and refunded) in the same transaction.
 */
export async function createChallenge(
  uid: string,
  input: ChallengeInput,
  now: number,
  gate?: Gate,
): Promise<Challenge> {
  if (input.opponent === uid) throw new HttpError(400, 'You cannot challenge yourself.', 'self-challenge');
  const id = newChallengeId();
  const holds: Hold[] =
    input.entryFee > 0
      ? [{ escrowId: feeEscrowId(id, uid), uid, amount: input.entryFee, purpose: `battle-challenge:${id}` }]
      : [];
  return runOptimistic(async (tx) => {
    readEscrowsAhead(tx, { holds });
    const [challengerSnapshot, opponentSnapshot, account] = await Promise.all([
      tx.get(profileRef(uid)),
      tx.get(profileRef(input.opponent)),
      tx.get(accountRef(uid)),
    ]);
    const challengerProfile = challengerSnapshot.data();
    const opponentProfile = opponentSnapshot.data();
    if (!challengerProfile || !account.exists) throw notFound('Your account');
    if (!opponentProfile || opponentProfile.deactivated === true) throw notFound('That player');
    if (input.verifiedOnly && !hasGameAccount(challengerProfile, input.game)) throw gameAccountRequired(input.game);
    const ownIds = account.data()?.ownChallenges ?? [];
    const own = (await Promise.all(ownIds.map((ownId) => tx.get(challengeRef(ownId)))))
      .filter((snapshot) => snapshot.exists)
      .map((snapshot) => snapshot.data()!);
    if (own.some((challenge) => challengeIsActive(challenge, now))) {
      throw conflict(
        'There was a problem with your challenge: only one challenge may be active at a time.',
        'challenge-active',
      );
    }
    const due = own.filter((challenge) => challenge.state === 'PENDING');
    // The fee's ledger line names who it is held against (the coin history's rows).
    const titled = holds.map((hold) => ({ ...hold, title: opponentProfile.displayName }));
    await moveEscrows(tx, { holds: titled, releases: due.flatMap(challengeRefund) }, now);
    for (const challenge of due) closeChallengeWrites(tx, challenge, 'EXPIRED', now);

    const challenge: Challenge = {
      id,
      challenger: summaryOf(uid, challengerProfile),
      opponent: summaryOf(input.opponent, opponentProfile),
      participants: [uid, input.opponent],
      game: input.game,
      entryFee: input.entryFee,
      state: 'PENDING',
      createdAt: now,
      expires: now + CHALLENGE_TTL_MS,
      remindAt: now + CHALLENGE_TTL_MS - CHALLENGE_REMINDER_MS,
      battleId: null,
      settledAt: null,
      ...(input.verifiedOnly ? { verifiedOnly: true } : {}),
      // The accounts the game is asked with are the ones linked when the battle was agreed (issue #58).
      ...(isBattleVerifiedGame(input.game)
        ? { gameAccounts: { [uid]: gameAccountOf(challengerProfile, input.game) } }
        : {}),
    };
    tx.create(challengeRef(id), challenge);
    tx.update(accountRef(uid), { ownChallenges: FieldValue.arrayUnion(id) });
    notify(
      tx,
      input.opponent,
      {
        type: 'CHALLENGED_TO_BATTLE',
        challenge: id,
        game: challenge.game,
        opponent: named(challenge.challenger),
        payout: challenge.entryFee,
      },
      now,
    );
    return challenge;
  }, gated(gate)).then(sawChallenge);
}

/** Reads a challenge for a command by one of its two players; others get 404 as if it were not there. */
async function readChallenge(tx: Transaction, uid: string, id: string): Promise<Challenge> {
  const snapshot = await tx.get(challengeRef(id));
  const challenge = snapshot.data();
  if (!challenge || !challenge.participants.includes(uid)) throw notFound('That challenge');
  return sawChallenge(challenge);
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
export async function acceptChallenge(uid: string, id: string, now: number, gate?: Gate): Promise<Battle> {
  const guess = seenChallenges.get(id);
  const result = await runOptimistic(async (tx) => {
    // The fee's hold below, read with the challenge: a round trip less for a paid one (wasted reads
    // for a free one, unless this process has seen it free; its fee never changes, battles/seen).
    if (!guess || guess.entryFee > 0)
      readEscrowsAhead(tx, { holds: [{ escrowId: feeEscrowId(documentId(id, 'That challenge'), uid), uid }] });
    if (guess && isBattleVerifiedGame(guess.game)) readAhead(tx, [profileRef(uid)]);
    const challenge = await readChallenge(tx, uid, id);
    if (challenge.challenger.uid === uid) throw forbidden();
    // A game whose records may decide the battle: the opponent's account as linked now is recorded
    // (issue #58), and a verified challenge (issue #22) needs one.
    const profile = isBattleVerifiedGame(challenge.game) ? (await tx.get(profileRef(uid))).data() : undefined;
    if (challenge.verifiedOnly && !hasGameAccount(profile, challenge.game)) throw gameAccountRequired(challenge.game);
    if ((await refuseUnlessPending(tx, challenge, now)) === 'expired') return null;

    const battleId = newBattleId();
    const holds: Hold[] =
      challenge.entryFee > 0
        ? [
            {
              escrowId: feeEscrowId(id, uid),
              uid,
              amount: challenge.entryFee,
              purpose: `battle:${battleId}`,
              title: challenge.challenger.displayName,
            },
          ]
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
      remindAt: now + BATTLE_SUBMISSION_WINDOW_MS - BATTLE_REMINDER_MS,
      awaitingAdmin: false,
      winner: null,
      reasoning: null,
      outcome: null,
      endedAt: null,
      // League of Legends and Dota 2: the sweeper asks the game (issue #22) once a game can be over.
      gameCheckAt: firstBattleGameCheck(challenge.game, now),
      // (A challenge sent before the record has none: its battle reads the accounts at each check.)
      ...(isBattleVerifiedGame(challenge.game) && challenge.gameAccounts
        ? {
            gameAccounts: {
              [challenge.challenger.uid]: challenge.gameAccounts[challenge.challenger.uid] ?? null,
              [uid]: gameAccountOf(profile, challenge.game),
            },
          }
        : {}),
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
  }, gated(gate));
  if (!result) throw challengeExpired();
  return sawBattle(result);
}

/** POST /battles/challenges/{id}/decline (the opponent) or /withdraw (the challenger): refunded. */
export async function closeChallengeBy(
  uid: string,
  id: string,
  action: 'decline' | 'withdraw',
  now: number,
): Promise<void> {
  const guess = seenChallenges.get(id);
  const expired = await runOptimistic(async (tx) => {
    // The refund's escrow and account, beside the challenge's read when this process has seen it
    // (battles/seen): the challenger and the fee never change.
    if (guess) readEscrowsAhead(tx, { releases: challengeRefund(guess) });
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
  return runOptimistic(async (tx) => {
    const snapshot = await tx.get(challengeRef(id));
    const challenge = snapshot.data();
    if (!challenge || challenge.state !== 'PENDING' || now < challenge.expires) return false;
    await closeChallenge(tx, challenge, 'EXPIRED', now);
    return true;
  });
}
