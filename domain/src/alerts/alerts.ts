import type { AppNotification, NotificationType } from '../notifications/types';
import type { Locale } from '../platform/constants';
import { editMovedTo } from '../notifications/edits';

/**
 * Alerts off the site (issue #60): the kinds of event a player may hear about where they are, and
 * the channels that carry them. Each player chooses per kind and channel in Settings; what they have
 * not chosen follows DEFAULT_ALERTS. Every alert carries a link that turns its kind off on its channel.
 */
export const ALERT_KINDS = [
  'matchReady',
  'checkIn',
  'opponentReported',
  'youAreNext',
  'dispute',
  'matchDecided',
  'tournamentStarts',
  'challenge',
  'battleDecided',
  'payout',
  'tournamentCancelled',
  'tournamentMoved',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Web Push to each device the player allowed, and e-mail to the account's address. */
export const ALERT_CHANNELS = ['push', 'email'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/**
 * Push is on for every kind (a player only gets pushes on a device where they allowed them); e-mail
 * for what a player must act on or would want on record, not for the steps of a match in play.
 */
export const DEFAULT_ALERTS: Record<AlertKind, Record<AlertChannel, boolean>> = {
  matchReady: { push: true, email: true },
  checkIn: { push: true, email: true },
  opponentReported: { push: true, email: false },
  youAreNext: { push: true, email: false },
  dispute: { push: true, email: true },
  matchDecided: { push: true, email: true },
  tournamentStarts: { push: true, email: true },
  challenge: { push: true, email: true },
  battleDecided: { push: true, email: true },
  payout: { push: true, email: true },
  tournamentCancelled: { push: true, email: true },
  tournamentMoved: { push: true, email: true },
};

/** users/{uid}/private/account.alerts: the player's choices, and the language alerts are written in. */
export interface AlertSettings {
  kinds?: Partial<Record<AlertKind, Partial<Record<AlertChannel, boolean>>>>;
  language?: Locale;
}

export const alertOn = (settings: AlertSettings | undefined, kind: AlertKind, channel: AlertChannel): boolean =>
  settings?.kinds?.[kind]?.[channel] ?? DEFAULT_ALERTS[kind][channel];

/** Which notifications are also alerts off the site, and of which kind; the rest stay in the app. */
const KIND_OF: Partial<Record<NotificationType, AlertKind>> = {
  TOURNAMENT_MATCH_READY: 'matchReady',
  TOURNAMENT_MATCH_CHECK_IN: 'checkIn',
  OPPONENT_SUBMITTED_BATTLES_RESULTS: 'opponentReported',
  TOURNAMENT_OPPONENT_REPORTED: 'opponentReported',
  TOURNAMENT_YOU_ARE_NEXT: 'youAreNext',
  ADMIN_TOURNAMENT_CONFLICT: 'dispute',
  OPPONENT_TOURNAMENT_CONFLICT: 'dispute',
  OPPONENT_BATTLES_CONFLICT: 'dispute',
  ADMIN_SELECT_MATCH_WINNER: 'dispute',
  ADMIN_BATTLE_AWAITING: 'dispute',
  // A match decided without the player's report (record 165): by the host, the check-in's close, or
  // the game's record (record 181).
  ADMIN_CHANGE_MATCH_WINNER: 'matchDecided',
  TOURNAMENT_MATCH_NO_SHOW: 'matchDecided',
  TOURNAMENT_MATCH_GAME_DECIDED: 'matchDecided',
  TOURNAMENT_STARTING_SOON: 'tournamentStarts',
  CHALLENGED_TO_BATTLE: 'challenge',
  CHALLENGE_EXPIRING: 'challenge',
  TOURNAMENT_PAYOUT_RECEIVED: 'payout',
  ADMIN_TOURNAMENT_PAYOUT_RECEIVED: 'payout',
  // A tournament the player joined or hosts, cancelled (its fee given back), or their place given up
  // for a missed check-in: a plan of theirs that changed off the site too (record 183).
  TOURNAMENT_CANCELLED: 'tournamentCancelled',
};

/**
 * The alert a notification is, if any. A battle's end is one only when a platform admin decided or
 * cancelled it (its reasoning is the admin's, record 173): the players waited on someone else, with
 * no clock of their own. One they confirmed, or the game or a timer ended, stays in the app, as does
 * the deciding admin's own copy.
 */
export function alertKindOf(
  content: Pick<AppNotification, 'type' | 'isAdmin' | 'reasoning' | 'startTime' | 'changed'>,
): AlertKind | null {
  // An edit is an alert when it moved the start (record 183): a time the player planned around.
  if (content.type === 'TOURNAMENT_EDITED') return editMovedTo(content) ? 'tournamentMoved' : null;
  if (content.type === 'BATTLE_ENDED' || content.type === 'BATTLE_CANCELLED')
    return content.reasoning && !content.isAdmin ? 'battleDecided' : null;
  // The host's copy of a dispute the game settled stays in the app (record 181): the alerts' kinds
  // are a player's ("A dispute needs you", "Your match was decided"), and it asks nothing of them.
  if (content.type === 'TOURNAMENT_MATCH_GAME_DECIDED' && content.isAdmin) return null;
  return KIND_OF[content.type] ?? null;
}

/** The most devices one player keeps subscribed to pushes; a new one beyond replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;

/** An alert's delivery: tried at once, then again by the sweeper after 30 s, 1, 2, 4 … min, at most 8 times. */
export const ALERT_ATTEMPTS_MAX = 8;
export const alertRetryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
