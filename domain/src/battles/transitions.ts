import type { AppNotification } from '../notifications/types';
import {
  adminMayDecide,
  battleDeadline,
  battleIsOver,
  battleStage,
  bothSidesHeard,
  opponentOf,
  type Battle,
  type BattleOutcome,
  type BattleStage,
  type GameEvidence,
  type PlayerSummary,
  type ProofImage,
} from './battle';

/**
 * A battle's rules as a pure transition (DESIGN §6, STYLE "pure transitions"):
 * `transitionBattle(battle, event, now) → {next, effects}` or a refusal. The server reads the
 * battle, transitions it and writes `next` and the effects in one transaction; nothing here
 * touches a database or a clock. Tournaments, matches and parties follow the same shape.
 */
export type BattleEvent =
  | { type: 'submit'; by: string; winner: string }
  | { type: 'confirm'; by: string }
  | { type: 'dispute'; by: string; story: string; proof: ProofImage }
  | { type: 'decide'; admin: string; winner: string; reasoning: string }
  | { type: 'cancel'; admin: string; reasoning: string }
  /** The sweeper: the current window has passed. */
  | { type: 'close-window' }
  /** The game's record names the winner (issue #22): decided as an agreed report would be. */
  | { type: 'game-result'; winner: string; evidence: GameEvidence };

export type BattleNotification = Omit<AppNotification, 'uid' | 'viewed' | 'createdAt'>;

/** What else changes when a battle moves, as data; the server turns each into writes. */
export type BattleEffect =
  /** Both entry fees: to the winner as the prize, or back to each holder. */
  | { type: 'release-fees'; winner: string | null }
  | { type: 'notify'; uid: string; notification: BattleNotification }
  /** The BATTLE_RESULT popup, and the battle leaves the player's open list. */
  | { type: 'result-popup'; uid: string }
  | { type: 'stats'; uid: string; won: boolean; coinsWon: number }
  /** A wagered battle enters each player in the month's draw, win or lose (SPEC §1). */
  | { type: 'campaign-entry'; uid: string }
  /** One more wagered battle towards the 10,000-battle grand prize. */
  | { type: 'count-battle' }
  /** The battle now waits for a platform admin: each admin on the roster is told (record 126). */
  | { type: 'tell-admins'; notification: BattleNotification };

export type BattleRefusal =
  | { code: 'not-a-participant' }
  | { code: 'battle-wrong-stage'; stage: BattleStage | 'not-awaiting-admin' | 'over' }
  | { code: 'invalid-winner' };

export type BattleTransition =
  { ok: true; next: Battle; effects: BattleEffect[] } | { ok: false; refusal: BattleRefusal };

const named = (player: PlayerSummary) => ({ uid: player.uid, displayName: player.displayName });
const refuse = (refusal: BattleRefusal): BattleTransition => ({ ok: false, refusal });
const done = (next: Battle, effects: BattleEffect[] = []): BattleTransition => ({ ok: true, next, effects });
/** The admins' notice of a battle handed to them: both players, for the reader to recognise it. */
const tellAdmins = (battle: Battle): BattleEffect => ({
  type: 'tell-admins',
  notification: {
    type: 'ADMIN_BATTLE_AWAITING',
    battle: battle.id,
    users: battle.participants.map((uid) => named(battle.players[uid]!)),
    isAdmin: true,
  },
});

/** A player's command is theirs only, and only in the stages that allow it. */
function playerMay(battle: Battle, by: string, now: number, stages: BattleStage[]): BattleRefusal | null {
  if (!battle.participants.includes(by)) return { code: 'not-a-participant' };
  const stage = battleStage(battle, by, now);
  return stages.includes(stage) ? null : { code: 'battle-wrong-stage', stage };
}

type Ending = {
  winner: string;
  outcome: Extract<BattleOutcome, 'CONFIRMED' | 'UNANSWERED' | 'ADMIN_DECIDED' | 'GAME_API'>;
  reasoning?: string;
  decidedBy?: string;
  evidence?: GameEvidence;
};

/** The prize to the winner, stats, draw entries, popups and BATTLE_ENDED for both (and the deciding admin). */
function end(battle: Battle, ending: Ending, now: number): BattleTransition {
  const next: Battle = {
    ...battle,
    state: 'ENDED',
    winner: { id: ending.winner },
    reasoning: ending.reasoning ?? null,
    outcome: ending.outcome,
    endedAt: now,
    awaitingAdmin: false,
    decidedBy: ending.decidedBy ?? null,
    ...(ending.evidence ? { evidence: ending.evidence } : {}),
    ...(battle.gameCheckAt ? { gameCheckAt: null } : {}),
  };
  const winner = named(battle.players[ending.winner]!);
  const effects: BattleEffect[] = [{ type: 'release-fees', winner: ending.winner }];
  for (const uid of battle.participants) {
    const won = uid === ending.winner;
    const coinsWon = won ? battle.prize : 0;
    effects.push(
      { type: 'stats', uid, won, coinsWon },
      { type: 'result-popup', uid },
      {
        type: 'notify',
        uid,
        notification: {
          type: 'BATTLE_ENDED',
          battle: battle.id,
          opponent: named(battle.players[opponentOf(battle, uid)]!),
          winner,
          payout: coinsWon,
          ...(next.reasoning ? { reasoning: next.reasoning } : {}),
        },
      },
    );
    if (battle.entryFee > 0) effects.push({ type: 'campaign-entry', uid });
  }
  if (ending.decidedBy) {
    effects.push({
      type: 'notify',
      uid: ending.decidedBy,
      notification: {
        type: 'BATTLE_ENDED',
        isAdmin: true,
        battle: battle.id,
        winner,
        ...(next.reasoning ? { reasoning: next.reasoning } : {}),
      },
    });
  }
  if (battle.entryFee > 0) effects.push({ type: 'count-battle' });
  return done(next, effects);
}

/** Both fees back, BATTLE_CANCELLED and the result popup for both. */
function cancel(
  battle: Battle,
  outcome: 'NO_SUBMISSION' | 'ADMIN_CANCELLED',
  reasoning: string | null,
  now: number,
  decidedBy: string | null,
): BattleTransition {
  const next: Battle = {
    ...battle,
    state: 'CANCELLED',
    outcome,
    reasoning,
    endedAt: now,
    awaitingAdmin: false,
    decidedBy,
    ...(battle.gameCheckAt ? { gameCheckAt: null } : {}),
  };
  const effects: BattleEffect[] = [{ type: 'release-fees', winner: null }];
  for (const uid of battle.participants) {
    effects.push(
      { type: 'result-popup', uid },
      {
        type: 'notify',
        uid,
        notification: {
          type: 'BATTLE_CANCELLED',
          battle: battle.id,
          opponent: named(battle.players[opponentOf(battle, uid)]!),
          payout: battle.entryFee,
          ...(reasoning ? { reasoning } : {}),
        },
      },
    );
  }
  return done(next, effects);
}

export function transitionBattle(battle: Battle, event: BattleEvent, now: number): BattleTransition {
  switch (event.type) {
    case 'submit': {
      const refused = playerMay(battle, event.by, now, ['submit']);
      if (refused) return refuse(refused);
      if (!battle.participants.includes(event.winner)) return refuse({ code: 'invalid-winner' });
      const next: Battle = { ...battle, submitterId: event.by, submittedWinner: event.winner, submittedAt: now };
      next.deadline = battleDeadline(next);
      return done(next, [
        {
          type: 'notify',
          uid: opponentOf(battle, event.by),
          notification: {
            type: 'OPPONENT_SUBMITTED_BATTLES_RESULTS',
            battle: battle.id,
            opponent: named(battle.players[event.by]!),
            winner: named(battle.players[event.winner]!),
          },
        },
      ]);
    }
    case 'confirm': {
      const refused = playerMay(battle, event.by, now, ['answer']);
      if (refused) return refuse(refused);
      return end(battle, { winner: battle.submittedWinner!, outcome: 'CONFIRMED' }, now);
    }
    case 'dispute': {
      // The answering player disputes (the 24 h window starts), or the other adds their side.
      const refused = playerMay(battle, event.by, now, ['answer', 'add-story']);
      if (refused) return refuse(refused);
      const disputes = [
        ...battle.disputes,
        { creator: event.by, createdAt: now, story: event.story, proof: event.proof },
      ];
      const next: Battle = { ...battle, state: 'IN-DISPUTE', disputes };
      next.deadline = battleDeadline(next);
      next.awaitingAdmin = bothSidesHeard(next);
      const first = battle.disputes.length === 0;
      return done(
        next,
        first
          ? [
              {
                type: 'notify',
                uid: opponentOf(battle, event.by),
                notification: {
                  type: 'OPPONENT_BATTLES_CONFLICT',
                  battle: battle.id,
                  opponent: named(battle.players[event.by]!),
                },
              },
            ]
          : next.awaitingAdmin
            ? [tellAdmins(battle)]
            : [],
      );
    }
    case 'decide':
      if (!adminMayDecide(battle, now)) return refuse({ code: 'battle-wrong-stage', stage: 'not-awaiting-admin' });
      if (!battle.participants.includes(event.winner)) return refuse({ code: 'invalid-winner' });
      return end(
        battle,
        { winner: event.winner, outcome: 'ADMIN_DECIDED', reasoning: event.reasoning, decidedBy: event.admin },
        now,
      );
    case 'game-result':
      // The game decides a battle still in play, reported or disputed; an admin's decision stands.
      if (battleIsOver(battle)) return refuse({ code: 'battle-wrong-stage', stage: 'over' });
      if (!battle.participants.includes(event.winner)) return refuse({ code: 'invalid-winner' });
      return end(battle, { winner: event.winner, outcome: 'GAME_API', evidence: event.evidence }, now);
    case 'cancel':
      if (battleIsOver(battle)) return refuse({ code: 'battle-wrong-stage', stage: 'over' });
      return cancel(battle, 'ADMIN_CANCELLED', event.reasoning, now, event.admin);
    case 'close-window': {
      // No report → cancelled and refunded; an unanswered report stands; a closed dispute window → the admin.
      if (now < battleDeadline(battle)) return done(battle);
      if (battle.state === 'ONGOING') {
        if (battle.submittedWinner === null) return cancel(battle, 'NO_SUBMISSION', null, now, null);
        return end(battle, { winner: battle.submittedWinner, outcome: 'UNANSWERED' }, now);
      }
      if (battle.state === 'IN-DISPUTE' && !battle.awaitingAdmin) {
        return done({ ...battle, awaitingAdmin: true }, [
          ...battle.participants.map((uid): BattleEffect => ({
            type: 'notify',
            uid,
            notification: {
              type: 'BATTLES_CONFLICT_EXPIRED',
              battle: battle.id,
              opponent: named(battle.players[opponentOf(battle, uid)]!),
            },
          })),
          tellAdmins(battle),
        ]);
      }
      return done(battle);
    }
  }
}
