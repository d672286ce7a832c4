import { logger } from 'firebase-functions';
import { battlesCollection, challengesCollection } from './refs';
import { closeBattleWindow } from './battles';
import { expireChallenge } from './challenges';
import { checkBattleWithGame } from './game-check';
import { remindBattle, remindChallenge } from './reminders';

const BATCH = 100;

export interface SweepScope {
  /** Everything that is due: the scheduler's and the dev timer's sweep. */
  all?: boolean;
  /** Only these (tests sweep their own with a chosen `now`); an omitted list sweeps none. */
  challenges?: string[];
  battles?: string[];
}

/**
 * Expires challenges and closes battle windows that are due at `now` (DESIGN §6). Every item is
 * its own transaction that re-checks the state, so a sweep racing a player's command, or another
 * sweep, changes each thing once.
 */
export async function sweepBattles(now: number, scope: SweepScope) {
  const challengeIds = scope.all
    ? (
        await challengesCollection().where('state', '==', 'PENDING').where('expires', '<=', now).limit(BATCH).get()
      ).docs.map((doc) => doc.id)
    : (scope.challenges ?? []);
  const battleIds = scope.all
    ? (
        await Promise.all([
          battlesCollection().where('state', '==', 'ONGOING').where('deadline', '<=', now).limit(BATCH).get(),
          battlesCollection()
            .where('state', '==', 'IN-DISPUTE')
            .where('awaitingAdmin', '==', false)
            .where('deadline', '<=', now)
            .limit(BATCH)
            .get(),
        ])
      ).flatMap((result) => result.docs.map((doc) => doc.id))
    : (scope.battles ?? []);

  const settle = async <T>(ids: string[], step: (id: string) => Promise<T>) =>
    (
      await Promise.all(
        ids.map((id) =>
          step(id).catch((error: unknown) => {
            logger.error('sweep step failed', { id, error: String(error) });
            return null;
          }),
        ),
      )
    ).filter((result) => result !== null && result !== false);

  // League of Legends and Dota 2 battles whose game may be over (issue #22): the game decides first,
  // before a window closes on reports alone.
  const gameIds = scope.all
    ? (await battlesCollection().where('gameCheckAt', '<=', now).limit(BATCH).get()).docs.map((doc) => doc.id)
    : (scope.battles ?? []);
  // Reminders before a window closes (issue #60).
  const [toRemindOfChallenges, toRemindOfBattles] = scope.all
    ? await Promise.all([
        challengesCollection()
          .where('remindAt', '<=', now)
          .limit(BATCH)
          .get()
          .then((found) => found.docs.map((doc) => doc.id)),
        battlesCollection()
          .where('remindAt', '<=', now)
          .limit(BATCH)
          .get()
          .then((found) => found.docs.map((doc) => doc.id)),
      ])
    : [scope.challenges ?? [], scope.battles ?? []];
  const reminded = [
    ...(await settle(toRemindOfChallenges, (id) => remindChallenge(id, now))),
    ...(await settle(toRemindOfBattles, (id) => remindBattle(id, now))),
  ];
  const expired = await settle(challengeIds, (id) => expireChallenge(id, now));
  const checked = await settle(gameIds, (id) => checkBattleWithGame(id, now));
  const closed = await settle(battleIds, (id) => closeBattleWindow(id, now));
  return {
    challengesExpired: expired.length,
    battlesCancelled: closed.filter((result) => result === 'cancelled').length,
    battlesEnded: closed.filter((result) => result === 'ended').length,
    disputesToAdmin: closed.filter((result) => result === 'to-admin').length,
    battlesDecidedByGame: checked.filter((result) => result?.found).length,
    battleReminders: reminded.length,
  };
}
