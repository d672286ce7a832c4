import { battleReminder, type Battle, type Challenge } from '@versus/domain/battles/battle';
import { notify } from '../notifications/notify';
import { runOptimistic } from '../platform/optimistic';
import { battleRef, challengeRef, named } from './refs';

/**
 * Reminders before a battle's windows close (issue #60), by the sweeper at `remindAt`: a challenge's
 * opponent ten minutes before it expires, a battle's players an hour before its report or answer
 * window closes. Each is its own transaction that re-reads the document and clears `remindAt`, so a
 * reminder is sent once, and a command that moves the deadline meanwhile (a report) wins the race
 * and sets the next reminder instead.
 */

export async function remindChallenge(id: string, now: number): Promise<boolean> {
  return runOptimistic(async (tx) => {
    const challenge = (await tx.get(challengeRef(id))).data() as Challenge | undefined;
    if (!challenge || challenge.remindAt === null || challenge.remindAt === undefined || challenge.remindAt > now)
      return false;
    tx.update(challengeRef(id), { remindAt: null });
    if (challenge.state !== 'PENDING' || now >= challenge.expires) return false;
    notify(
      tx,
      challenge.opponent.uid,
      { type: 'CHALLENGE_EXPIRING', challenge: id, opponent: named(challenge.challenger) },
      now,
    );
    return true;
  });
}

export async function remindBattle(id: string, now: number): Promise<boolean> {
  return runOptimistic(async (tx) => {
    const battle = (await tx.get(battleRef(id))).data() as Battle | undefined;
    if (!battle || battle.remindAt === null || battle.remindAt === undefined || battle.remindAt > now) return false;
    tx.update(battleRef(id), { remindAt: null });
    if (battle.state !== 'ONGOING' || now >= battle.deadline) return false;
    const { to, what } = battleReminder(battle);
    for (const uid of to) {
      const other = battle.participants.find((player) => player !== uid)!;
      notify(
        tx,
        uid,
        { type: 'BATTLE_DEADLINE_SOON', battle: id, opponent: named(battle.players[other]!), reasoning: what },
        now,
      );
    }
    return true;
  });
}
