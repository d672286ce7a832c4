import { DAY_MS, HOUR_MS } from '../platform/constants';
import type { Game } from '../games/games';

/** Timers of SPEC §9 and DESIGN §6; durations in milliseconds. */
export const CHALLENGE_TTL_MS = 30 * 60_000;
export const BATTLE_SUBMISSION_WINDOW_MS = DAY_MS;
export const BATTLE_ANSWER_WINDOW_MS = DAY_MS;
export const BATTLE_DISPUTE_WINDOW_MS = 86_400_000;
export const BATTLE_COUNTDOWN_TICK_MS = 500;
export const DISPUTE_STORY_MAX = 450;
export const ADMIN_REASONING_MAX = 450;
/** The prize is twice the entry fee; the platform keeps nothing (DESIGN §5). */
export const battlePrize = (entryFee: number): number => entryFee * 2;

export type ChallengeState = 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'WITHDRAWN' | 'EXPIRED';
export type BattleState = 'ONGOING' | 'IN-DISPUTE' | 'ENDED' | 'CANCELLED';

/** What others see of a player on a challenge or battle, copied when it was created. */
export interface PlayerSummary {
  uid: string;
  displayName: string;
  avatar: string | null;
  avatarPlaceholder: number;
}

/** battle_challenges/{id} */
export interface Challenge {
  id: string;
  challenger: PlayerSummary;
  opponent: PlayerSummary;
  /** [challenger uid, opponent uid]: what the rules and the "mine" queries look at. */
  participants: [string, string];
  game: Game;
  entryFee: number;
  state: ChallengeState;
  createdAt: number;
  expires: number;
  battleId: string | null;
  settledAt: number | null;
  /** League of Legends and Dota 2 (issue #22): both players must have linked their game account. */
  verifiedOnly?: boolean;
  /**
   * A game whose records may decide a battle (Dota 2, issue #58): the challenger's linked account
   * when they sent it (null without one), carried into the battle's gameAccounts.
   */
  gameAccounts?: Record<string, string | null>;
  /** Issue #60: when the sweeper reminds the opponent that it is about to expire; null once done. */
  remindAt?: number | null;
}

export interface ProofImage {
  /** Blob-store path, e.g. proofs/{uid}/{digest}.jpg */
  path: string;
  url: string;
}

export interface BattleDispute {
  creator: string;
  createdAt: number;
  story: string;
  proof: ProofImage;
}

/** How a battle came to its end. */
export type BattleOutcome =
  | 'CONFIRMED'
  | 'UNANSWERED'
  | 'ADMIN_DECIDED'
  | 'NO_SUBMISSION'
  | 'ADMIN_CANCELLED'
  /** Decided by the game's own record (issue #22). */
  | 'GAME_API';

/**
 * The game's record that decided a battle or a tournament match (issue #22): the game's match id
 * and its public page, when it was played, and who was on which side with their game accounts.
 */
export interface GameEvidence {
  game: 'league-of-legends' | 'dota-2';
  matchId: string;
  url: string;
  startedAt: number;
  endedAt: number;
  /** Each side in the game: the Versus users (or entrants) on it, the accounts read, whether it won. */
  sides: { users: string[]; accounts: string[]; won: boolean }[];
  checkedAt: number;
}

/** battles/{id} */
export interface Battle {
  id: string;
  challengeId: string;
  participants: [string, string];
  players: Record<string, PlayerSummary>;
  game: Game;
  entryFee: number;
  prize: number;
  state: BattleState;
  createdAt: number;
  /** Who reported a result, whom they named the winner, and when. */
  submitterId: string | null;
  submittedWinner: string | null;
  submittedAt: number | null;
  disputes: BattleDispute[];
  /** The end of the current window (DESIGN §6); the sweeper acts on it. */
  deadline: number;
  /** Issue #60: when the sweeper reminds the players that `deadline` is near; null once done or over. */
  remindAt?: number | null;
  /** The dispute window closed or both sides were heard: a platform admin decides. */
  awaitingAdmin: boolean;
  winner: { id: string } | null;
  reasoning: string | null;
  outcome: BattleOutcome | null;
  endedAt: number | null;
  /** The platform admin who decided or cancelled it, if one did. */
  decidedBy?: string | null;
  /** Decided by the game (outcome GAME_API): the record it was decided on. */
  evidence?: GameEvidence | null;
  /**
   * League of Legends and Dota 2 (issue #22): when the sweeper next asks the game for the result;
   * null once over, or for other games.
   */
  gameCheckAt?: number | null;
  /**
   * A game whose records may decide a battle (Dota 2, issue #58): each player's linked account when
   * the battle began (null for one without). The game is asked with these, whatever either player
   * links or unlinks afterwards. Battles from before have none: their players' accounts are read.
   */
  gameAccounts?: Record<string, string | null>;
}

export const opponentOf = (battle: Pick<Battle, 'participants'>, uid: string): string =>
  battle.participants[0] === uid ? battle.participants[1] : battle.participants[0];

export const challengeIsActive = (challenge: Pick<Challenge, 'state' | 'expires'>, now: number): boolean =>
  challenge.state === 'PENDING' && now < challenge.expires;

/** The end of the window a battle is in: submission, answer, or dispute (counted from the first dispute). */
export function battleDeadline(battle: Pick<Battle, 'state' | 'createdAt' | 'submittedAt' | 'disputes'>): number {
  const firstDispute = battle.disputes[0];
  if (battle.state === 'IN-DISPUTE' && firstDispute) return firstDispute.createdAt + BATTLE_DISPUTE_WINDOW_MS;
  if (battle.submittedAt !== null) return battle.submittedAt + BATTLE_ANSWER_WINDOW_MS;
  return battle.createdAt + BATTLE_SUBMISSION_WINDOW_MS;
}

export const bothSidesHeard = (battle: Pick<Battle, 'participants' | 'disputes'>): boolean =>
  battle.participants.every((uid) => battle.disputes.some((dispute) => dispute.creator === uid));

/**
 * What a player can do on a battle now; the page, the banners and the server share it.
 * - submit: nobody reported yet. - waiting-for-answer: I reported. - answer: the other reported; confirm or dispute.
 * - add-story: the other disputed and the window is open. - waiting-for-admin: in dispute, nothing left for me.
 * - closing: a window passed and the sweeper has not acted yet. - ended / cancelled.
 */
export type BattleStage =
  | 'submit'
  | 'waiting-for-answer'
  | 'answer'
  | 'add-story'
  | 'waiting-for-admin'
  | 'closing'
  | 'ended'
  | 'cancelled'
  | 'spectator';

export function battleStage(battle: Battle, uid: string, now: number): BattleStage {
  if (!battle.participants.includes(uid)) return 'spectator';
  if (battle.state === 'ENDED') return 'ended';
  if (battle.state === 'CANCELLED') return 'cancelled';
  const open = now < battleDeadline(battle);
  if (battle.state === 'IN-DISPUTE') {
    const heard = battle.disputes.some((dispute) => dispute.creator === uid);
    return !heard && open && !battle.awaitingAdmin ? 'add-story' : 'waiting-for-admin';
  }
  if (!open) return 'closing';
  if (battle.submitterId === null) return 'submit';
  return battle.submitterId === uid ? 'waiting-for-answer' : 'answer';
}

/** An admin decides once both sides are heard or the dispute window has closed (DESIGN §6). */
export const adminMayDecide = (battle: Battle, now: number): boolean =>
  battle.state === 'IN-DISPUTE' && (battle.awaitingAdmin || bothSidesHeard(battle) || now >= battleDeadline(battle));

/** Whether a battle counts as finished for lists: ended or cancelled. */
export const battleIsOver = (battle: Pick<Battle, 'state'>): boolean =>
  battle.state === 'ENDED' || battle.state === 'CANCELLED';

/** Countdown text parts: mm:ss under an hour (SPEC §4); null beyond, where a relative time is shown. */
export function countdownClock(remainingMs: number): string | null {
  const remaining = Math.max(0, remainingMs);
  if (remaining >= 3_600_000) return null;
  const seconds = Math.floor(remaining / 1000);
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

// Reminders before a window closes (issue #60) --------------------------------------------------

/** A challenge's opponent is reminded this long before it expires. */
export const CHALLENGE_REMINDER_MS = 10 * 60_000;
/** A battle's players are reminded this long before its report or answer window closes. */
export const BATTLE_REMINDER_MS = HOUR_MS;
/** When the sweeper reminds a battle's players: an hour before its deadline while it is ONGOING. */
export const battleRemindAt = (battle: Pick<Battle, 'state' | 'deadline'>): number | null =>
  battle.state === 'ONGOING' ? battle.deadline - BATTLE_REMINDER_MS : null;
/**
 * Who is reminded of an ONGOING battle's deadline, and of what: both players to report while nobody
 * has (the battle is cancelled and refunded at the deadline), else the other player to answer (the
 * report stands at the deadline).
 */
export function battleReminder(battle: Battle): { to: string[]; what: 'report' | 'answer' } {
  if (battle.submitterId === null) return { to: [...battle.participants], what: 'report' };
  return { to: battle.participants.filter((uid) => uid !== battle.submitterId), what: 'answer' };
}
