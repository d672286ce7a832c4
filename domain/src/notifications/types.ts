import type { Game } from '../games/games';
import type { RoundLabel } from '../tournaments/round-labels';
import type { BalanceAccount } from '../wallet/types';
export const NOTIFICATION_TYPES = [
  'FOLLOW',
  'JOIN_TOURNAMENT',
  'INVITED_TO_PARTY',
  'JOINED_USER_PARTY',
  'USER_JOINED_ADMIN_TOURNAMENT',
  'ADMIN_TOURNAMENT_POINTS_SUBMITTED',
  'TOURNAMENT_ROOM_MENTION',
  'ADMIN_TOURNAMENT_CONFLICT',
  'OPPONENT_TOURNAMENT_CONFLICT',
  'TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD',
  'ADMIN_SELECT_MATCH_WINNER',
  'TOURNAMENT_POINTS_ACCEPTED',
  'TOURNAMENT_POINTS_CHANGED',
  'TOURNAMENT_EDITED',
  'TOURNAMENT_CANCELLED',
  'ADMIN_TOURNAMENT_PAYOUT_RECEIVED',
  'TOURNAMENT_PAYOUT_RECEIVED',
  'ADMIN_CHANGE_MATCH_WINNER',
  'ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED',
  'CHALLENGED_TO_BATTLE',
  'BATTLE_CHALLENGE_ACCEPTED',
  'CHALLENGE_EXPIRED',
  'OPPONENT_SUBMITTED_BATTLES_RESULTS',
  'BATTLE_ENDED',
  'BATTLE_CANCELLED',
  'OPPONENT_BATTLES_CONFLICT',
  'BATTLES_CONFLICT_EXPIRED',
  // Ours (docs/decisions/0032): the challenger learns that the opponent said no.
  'CHALLENGE_DECLINED',
  // Ours: a party leader removed the party the member was in.
  'PARTY_REMOVED',
  // Ours: a member left the party (to the others; `reasoning: 'was-ready'` when it was entered).
  'PARTY_MEMBER_LEFT',
  // Ours (record 184): an invitee said no to the leader's invite (`reasoning: 'elsewhere'`: they made
  // or joined another party, which answers every other invite).
  'PARTY_INVITE_DECLINED',
  // Ours (record 129): the leader removed a member (to every member but the leader; `users` the one removed).
  'PARTY_MEMBER_REMOVED',
  // Ours (issue #58): the player's data archive is ready to download.
  'DATA_EXPORT_READY',
  // Ours (record 144): a player chose the creator's code (who is not said: supporting is private).
  'CREATOR_NEW_SUPPORTER',
  // Ours (issue #60): a match is ready and asks its sides to check in; its check-in closed without a side.
  'TOURNAMENT_MATCH_CHECK_IN',
  'TOURNAMENT_MATCH_NO_SHOW',
  // Ours (issue #60): a challenge about to expire; a battle's report or answer window about to close.
  'CHALLENGE_EXPIRING',
  'BATTLE_DEADLINE_SOON',
  // Ours (issue #60): the host disqualified the player (or their party) from a tournament in play.
  'TOURNAMENT_DISQUALIFIED',
  // Ours (issue #60): the host swapped a substitute in for a party member (`reasoning` in or out).
  'TOURNAMENT_SUBSTITUTE',
  // Ours (issue #60, alerts off the site): a match ready without check-in; the opponent's report;
  // the match that decides the player's next opponent has begun; a tournament starts in 30 minutes.
  'TOURNAMENT_MATCH_READY',
  'TOURNAMENT_OPPONENT_REPORTED',
  'TOURNAMENT_YOU_ARE_NEXT',
  'TOURNAMENT_STARTING_SOON',
  // Ours (issue #60): Discord refused the tournament's webhook, so its posts stopped (the host's).
  'TOURNAMENT_DISCORD_OFF',
  // Ours (record 115): the host removed the player (or their party) before the start; `payout` the fee refunded.
  'TOURNAMENT_REMOVED',
  // Ours (record 115): the host let a removed player back in; they may join again.
  'TOURNAMENT_ALLOWED_BACK',
  // Ours (record 121): a points table has started, the entrant may submit their rounds.
  'TOURNAMENT_POINTS_OPEN',
  // Ours (record 121): a tournament finished without paying this entrant: their place, if any.
  'TOURNAMENT_FINISHED',
  // Ours (record 126): a battle waits for a platform admin's decision (to each admin on the roster).
  'ADMIN_BATTLE_AWAITING',
  // Ours (record 163): entrants left the host's tournament before the start (gathered as the joins are).
  'USER_LEFT_ADMIN_TOURNAMENT',
  // Ours (record 170): the player's entry won a month's prize draw (`campaign`: the month and its prize).
  'CAMPAIGN_DRAW_WON',
  // Ours (record 170): a withdrawal (or a creator's redemption) was paid, or PayPal refused it and the
  // coins came back (`payout`: the coins; `withdrawal`: from which balance).
  'WITHDRAWAL_PAID',
  'WITHDRAWAL_FAILED',
  // Ours (record 181): the game's record decided the player's match (`winner`), which the player had
  // not asked about nor reported so.
  'TOURNAMENT_MATCH_GAME_DECIDED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** users/{uid}/notifications/{id} */
export interface AppNotification {
  uid: string;
  type: NotificationType;
  viewed: boolean;
  createdAt: number;
  users?: { uid: string; displayName: string }[];
  /**
   * A gathered notification (FOLLOW per day, USER_JOINED_ADMIN_TOURNAMENT and USER_LEFT_ADMIN_TOURNAMENT
   * per tournament and day):
   * how many people it gathered while unread; users lists the latest 3.
   */
  people?: number;
  tournament?: { id: string; name: string };
  /**
   * A party of a team tournament (INVITED_TO_PARTY, JOINED_USER_PARTY, its removal); a JOIN_TOURNAMENT
   * since 2026-12-05 names its `leader`, who checks the team in.
   */
  party?: { id: string; teamName: string; leader?: string };
  battle?: string;
  /** A tournament match (elimination): conflicts, decisions, the host's call to decide. */
  match?: string;
  /**
   * A match's notices since 2026-12-05 (ready, check-in, a report, a dispute, a no-show, the host's
   * decision): its round as its bracket names it (a semi-final, a losers final; in a round robin or
   * Swiss, its round), which the line names after the tournament: "in Cup (semi-final)".
   */
  matchRound?: RoundLabel;
  /** A chat message (TOURNAMENT_ROOM_MENTION). */
  message?: string;
  challenge?: string;
  /** CHALLENGED_TO_BATTLE since 2026-12-06: the battle's game, which its line names (record 182). */
  game?: Game;
  opponent?: { uid: string; displayName: string };
  winner?: { uid: string; displayName: string };
  payout?: number;
  points?: number;
  /** The round of points reviewed, from 1 (TOURNAMENT_POINTS_ACCEPTED and _CHANGED; record 134). */
  round?: number;
  /** A finished tournament's place the payout is for (TOURNAMENT_PAYOUT_RECEIVED), or the entrant's (TOURNAMENT_FINISHED). */
  place?: number;
  /** TOURNAMENT_FINISHED and TOURNAMENT_PAYOUT_RECEIVED: the last of the places the entrant shares (a bracket's 5–8), when more than one. */
  placeTo?: number;
  /** How long a match's check-in is open (TOURNAMENT_MATCH_CHECK_IN): the tournament's `checkInMinutes`. */
  minutes?: number;
  reasoning?: string;
  /**
   * TOURNAMENT_MATCH_NO_SHOW: how many of the reader's matches one check-in's close decided alike,
   * when more than one (a round robin's; since 2026-12-06). Absent for one.
   */
  matches?: number;
  /**
   * TOURNAMENT_MATCH_NO_SHOW to a side that did not come: the end of the ban from paid tournaments
   * that this no-show brought (domain's banOfNoShow). Never stored: an alert's delivery reads it off
   * the player's reliability and sets it here for its texts (walk AE); the web app asks banOfNoShow.
   */
  bannedUntil?: number | null;
  /** TOURNAMENT_CANCELLED by its host: the host's own words to the players, if any (record 162). */
  note?: string;
  /** TOURNAMENT_EDITED: the settings the host changed (EDITED_FIELDS' keys), which its text names. */
  changed?: EditedField[];
  /** TOURNAMENT_EDITED that moved the start, since 2026-12-06: the new start, which its text names (record 182). */
  startTime?: number;
  /** TOURNAMENT_EDITED that moved the start, since record 183: the tournament's time zone, which its alert names the start in. */
  timeZone?: string;
  /** The platform admin's own copy of a decision they made (SPEC §3). */
  isAdmin?: boolean;
  /** CAMPAIGN_DRAW_WON: the month drawn (`2026-11`) and the prize it advertised, if the admin set one. */
  campaign?: { month: string; prize: string | null };
  /**
   * WITHDRAWAL_PAID and WITHDRAWAL_FAILED: the balance the coins came from. Not the PayPal address:
   * a payout may settle after its player's account was erased, which deletes their notifications.
   */
  withdrawal?: { source: BalanceAccount };
}

/** At most 3 users, followers or opponents are shown per notification (SPEC §3). */
export const NOTIFICATION_USERS_SHOWN = 3;
export const NOTIFICATIONS_LISTED = 20;
/** A notification is removed this many days after it was last written (Firestore's TTL; record 91). */
export const NOTIFICATION_KEPT_DAYS = 90;
export const MARK_VIEWED_MAX = 100;

/**
 * A tournament's settings its members are told the host changed, in the order a text names them:
 * those a host may still change once anyone has joined (the game, format, size, fee and payout are
 * fixed then).
 */
export const EDITED_FIELDS = [
  'startTime',
  'name',
  'rules',
  'description',
  'platform',
  'region',
  'minReliability',
  'coverImage',
  'timeZone',
  'riotLicence',
  'riotLicenceCountries',
] as const;
export type EditedField = (typeof EDITED_FIELDS)[number];
