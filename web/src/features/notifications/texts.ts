import type { TFunction } from 'i18next';
import {
  alertLineVariant,
  battleEndVariant,
  placeText,
  tournamentInRound,
} from '@versus/domain/notifications/alert-lines';
import {
  NOTIFICATION_TYPES,
  NOTIFICATION_USERS_SHOWN,
  type NotificationType,
} from '@versus/domain/notifications/types';
import { editMovedTo, editedBesides } from '@versus/domain/notifications/edits';
import { MIN_PARTICIPANTS } from '@versus/domain/tournaments/tournament';
import { CREATOR_SHARE_PERCENT } from '@versus/domain/wallet/economics';
import { banOfNoShow, ownNoShow, type Reliability } from '@versus/domain/users/reliability';
import { paths } from '../../lib/paths';
import { mediumDateTime } from '../../lib/locale';
import { monthName } from '../../lib/month-name';
import { shownName } from '../../lib/player-name';
import type { NotificationItem } from './api';

/**
 * How a notification reads, where it leads and what kind it is (issue: notifications that tell the
 * whole story). The dropdown and the /notifications page both use these, and a unit test proves
 * every key `notificationKey` can produce exists in every locale.
 */

export type NotificationCategory = 'battles' | 'tournaments' | 'social' | 'account';
export const NOTIFICATION_CATEGORIES: readonly NotificationCategory[] = ['battles', 'tournaments', 'social', 'account'];

const ACCOUNT: NotificationType[] = ['DATA_EXPORT_READY', 'WITHDRAWAL_PAID', 'WITHDRAWAL_FAILED'];
const SOCIAL: NotificationType[] = ['FOLLOW', 'TOURNAMENT_ROOM_MENTION', 'CREATOR_NEW_SUPPORTER'];
const BATTLES: NotificationType[] = [
  'CHALLENGED_TO_BATTLE',
  'BATTLE_CHALLENGE_ACCEPTED',
  'CHALLENGE_EXPIRED',
  'CHALLENGE_DECLINED',
  'OPPONENT_SUBMITTED_BATTLES_RESULTS',
  'BATTLE_ENDED',
  'BATTLE_CANCELLED',
  'OPPONENT_BATTLES_CONFLICT',
  'BATTLES_CONFLICT_EXPIRED',
  'CHALLENGE_EXPIRING',
  'BATTLE_DEADLINE_SOON',
  'ADMIN_BATTLE_AWAITING',
  // The prize draw's entries are the wagered battles (SPEC §1).
  'CAMPAIGN_DRAW_WON',
];
export const categoryOf = (type: NotificationType): NotificationCategory =>
  ACCOUNT.includes(type)
    ? 'account'
    : SOCIAL.includes(type)
      ? 'social'
      : BATTLES.includes(type)
        ? 'battles'
        : 'tournaments';
export const typesOf = (category: NotificationCategory): NotificationType[] =>
  NOTIFICATION_TYPES.filter((type) => categoryOf(type) === category);

/**
 * The text variants each type is sent with: `_admin` for the host's or admin's own copy,
 * `_you` for a battle report naming the reader, `_won`, `_won_free` and `_lost` for a battle's end
 * as its player reads it, `_dropped` for a missed check-in, `_round` for a reviewed round that
 * names it, `_more` for the people of a gathered notification (followers, players who joined)
 * beyond the names shown, `_shared` for a prize of a shared place, `_paid` for a challenge with a
 * fee; plural forms come from i18next (`_one`, `_other`).
 */
export const NOTIFICATION_VARIANTS: Record<NotificationType, readonly string[]> = {
  FOLLOW: ['', '_more_one', '_more_other'],
  JOIN_TOURNAMENT: ['', '_paid', '_checked_in', '_paid_checked_in', '_team', '_team_member', '_team_checked_in'],
  INVITED_TO_PARTY: [''],
  JOINED_USER_PARTY: [''],
  USER_JOINED_ADMIN_TOURNAMENT: ['', '_more_one', '_more_other'],
  USER_LEFT_ADMIN_TOURNAMENT: ['', '_more_one', '_more_other'],
  ADMIN_TOURNAMENT_POINTS_SUBMITTED: ['_admin_one', '_admin_other'],
  TOURNAMENT_ROOM_MENTION: [''],
  ADMIN_TOURNAMENT_CONFLICT: ['_admin'],
  OPPONENT_TOURNAMENT_CONFLICT: [''],
  TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD: ['_admin'],
  ADMIN_SELECT_MATCH_WINNER: ['_admin'],
  TOURNAMENT_POINTS_ACCEPTED: ['_one', '_other', '_round_one', '_round_other'],
  TOURNAMENT_POINTS_CHANGED: ['', '_round', '_round_rejected'],
  TOURNAMENT_EDITED: ['', '_changed', '_moved', '_moved_changed'],
  TOURNAMENT_CANCELLED: [
    '',
    '_refunded',
    '_note',
    '_refunded_note',
    '_too_few',
    '_too_few_refunded',
    '_inactive',
    '_inactive_refunded',
    '_admin',
    '_admin_too_few',
    '_admin_inactive',
    '_dropped',
  ],
  ADMIN_TOURNAMENT_PAYOUT_RECEIVED: ['_admin'],
  TOURNAMENT_PAYOUT_RECEIVED: ['', '_shared'],
  ADMIN_CHANGE_MATCH_WINNER: ['', '_reasoned'],
  TOURNAMENT_MATCH_GAME_DECIDED: ['', '_admin'],
  ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED: [''],
  CHALLENGED_TO_BATTLE: ['', '_paid', '_game', '_paid_game'],
  BATTLE_CHALLENGE_ACCEPTED: [''],
  CHALLENGE_EXPIRED: ['', '_refunded'],
  OPPONENT_SUBMITTED_BATTLES_RESULTS: ['', '_you'],
  BATTLE_ENDED: ['', '_admin', '_won', '_won_free', '_lost', '_won_decided', '_won_free_decided', '_lost_decided'],
  BATTLE_CANCELLED: ['', '_refunded', '_decided', '_refunded_decided'],
  OPPONENT_BATTLES_CONFLICT: [''],
  BATTLES_CONFLICT_EXPIRED: [''],
  CHALLENGE_DECLINED: ['', '_refunded'],
  PARTY_REMOVED: [''],
  PARTY_MEMBER_LEFT: ['', '_was_ready'],
  PARTY_INVITE_DECLINED: ['', '_elsewhere'],
  PARTY_MEMBER_REMOVED: ['', '_was_ready', '_you'],
  DATA_EXPORT_READY: [''],
  CREATOR_NEW_SUPPORTER: [''],
  CAMPAIGN_DRAW_WON: ['', '_prize'],
  WITHDRAWAL_PAID: ['', '_creator'],
  WITHDRAWAL_FAILED: ['', '_creator'],
  TOURNAMENT_MATCH_CHECK_IN: ['', '_timed', '_vs', '_timed_vs', '_timed_all', '_timed_vs_all'],
  TOURNAMENT_MATCH_NO_SHOW: [
    '_won',
    '_forfeited',
    '_both',
    '_both_won',
    '_both_lost',
    '_won_many',
    '_forfeited_many',
    '_both_many',
    '_both_won_many',
    '_both_lost_many',
  ],
  TOURNAMENT_DISQUALIFIED: [''],
  TOURNAMENT_REMOVED: ['', '_refunded'],
  TOURNAMENT_ALLOWED_BACK: [''],
  TOURNAMENT_SUBSTITUTE: ['_in', '_out'],
  CHALLENGE_EXPIRING: [''],
  BATTLE_DEADLINE_SOON: ['_report', '_answer'],
  TOURNAMENT_MATCH_READY: ['', '_member', '_member_timed', '_vs', '_member_vs', '_member_timed_vs'],
  TOURNAMENT_OPPONENT_REPORTED: ['', '_you', '_they'],
  TOURNAMENT_YOU_ARE_NEXT: [''],
  TOURNAMENT_STARTING_SOON: [''],
  TOURNAMENT_DISCORD_OFF: ['_admin'],
  TOURNAMENT_POINTS_OPEN: [''],
  TOURNAMENT_FINISHED: ['', '_won', '_shared', '_unplaced', '_admin', '_admin_won'],
  ADMIN_BATTLE_AWAITING: ['_admin'],
};

/** Notifications that gather people while unread (functions/src/notifications/notify.ts). */
const GATHERED: NotificationType[] = ['FOLLOW', 'USER_JOINED_ADMIN_TOURNAMENT', 'USER_LEFT_ADMIN_TOURNAMENT'];

const MONEY_VARIANT: Partial<Record<NotificationType, string>> = {
  JOIN_TOURNAMENT: '_paid',
  TOURNAMENT_CANCELLED: '_refunded',
  CHALLENGE_EXPIRED: '_refunded',
  CHALLENGE_DECLINED: '_refunded',
  BATTLE_CANCELLED: '_refunded',
  BATTLE_ENDED: '_won',
  TOURNAMENT_REMOVED: '_refunded',
};

/** The variant suffix a notification is read with (before i18next's plural suffix). */
function variantOf(item: NotificationItem, reader: string | undefined): string {
  if (GATHERED.includes(item.type)) return (item.people ?? 1) > (item.users?.length ?? 1) ? '_more' : '';
  if (item.type === 'CAMPAIGN_DRAW_WON') return item.campaign?.prize ? '_prize' : '';
  if (item.type === 'WITHDRAWAL_PAID' || item.type === 'WITHDRAWAL_FAILED')
    return item.withdrawal?.source === 'creator' ? '_creator' : '';
  // A free tournament's end to its host: with its winner when one stands alone at the top.
  if (item.type === 'TOURNAMENT_FINISHED' && item.isAdmin) return item.winner ? '_admin_won' : '_admin';
  // The variants an alert's push and e-mail share (the host's copy, a report naming the reader, a
  // cancellation's reason …).
  const line = alertLineVariant(item, reader);
  if (line) return line;
  // A battle's end says to each player whether they won: the coins if any, or that they lost (an
  // admin's decision or cancellation, with the admin's reasoning, is an alert's line, above).
  const end = battleEndVariant(item, reader);
  if (end !== undefined) return end;
  if (item.type === 'PARTY_MEMBER_LEFT') return item.reasoning === 'was-ready' ? '_was_ready' : '';
  if (item.type === 'PARTY_INVITE_DECLINED') return item.reasoning === 'elsewhere' ? '_elsewhere' : '';
  // The member removed reads that it was them; the others, who went and whether the party is out.
  if (item.type === 'PARTY_MEMBER_REMOVED')
    return item.users?.[0]?.uid === reader ? '_you' : item.reasoning === 'was-ready' ? '_was_ready' : '';
  if (item.type === 'BATTLE_DEADLINE_SOON') return `_${item.reasoning ?? 'report'}`;
  if (item.type === 'TOURNAMENT_SUBSTITUTE') return `_${item.reasoning ?? 'in'}`;
  // A finish that paid the entrant nothing: their place, a free tournament's win, or no place.
  if (item.type === 'TOURNAMENT_FINISHED')
    return item.place === 1 && !item.placeTo ? '_won' : item.placeTo ? '_shared' : item.place ? '' : '_unplaced';
  // A reviewed round is named (record 134); one reviewed before rounds were named is not.
  if (item.type === 'TOURNAMENT_POINTS_ACCEPTED' || item.type === 'TOURNAMENT_POINTS_CHANGED')
    return item.round
      ? `_round${item.type === 'TOURNAMENT_POINTS_CHANGED' && item.points === 0 ? '_rejected' : ''}`
      : '';
  // A party's entry names its team; its leader checks it in, the members are told so (always free).
  // One from before it named the leader reads as a player's.
  if (item.type === 'JOIN_TOURNAMENT' && item.party?.leader)
    return item.reasoning === 'checked-in'
      ? '_team_checked_in'
      : item.party.leader === reader
        ? '_team'
        : '_team_member';
  // Joined during check-in: checked in by the join itself, so not asked to check in.
  if (item.type === 'JOIN_TOURNAMENT' && item.reasoning === 'checked-in')
    return (item.payout ?? 0) > 0 ? '_paid_checked_in' : '_checked_in';
  // How much: coins won, held or given back are named when there are any.
  return (item.payout ?? 0) > 0 ? (MONEY_VARIANT[item.type] ?? '') : '';
}

/**
 * The text of a notification in the reader's language: who, what and how much; a no-show of the
 * reader's own says the ban it brought while it lasts (`reliability`, the reader's; walk AE).
 */
export function describeNotification(
  t: TFunction,
  locale: string,
  item: NotificationItem,
  reader: string | undefined,
  reliability?: Reliability | null,
) {
  const line = describeLine(t, locale, item, reader);
  const absent = ownNoShow(item);
  const banned = absent ? banOfNoShow(reliability, absent, Date.now()) : null;
  return banned ? `${line} ${t('notifications.banned', { until: mediumDateTime(locale).format(banned) })}` : line;
}

function describeLine(t: TFunction, locale: string, item: NotificationItem, reader: string | undefined) {
  const names = (item.users ?? []).slice(0, NOTIFICATION_USERS_SHOWN).map((user) => shownName(t, user.displayName));
  const others = Math.max(0, (item.people ?? names.length) - names.length);
  // "Ann, Ben and Cy", or with more to count "Ann, Ben, Cy and 2 others" (the text adds the "and").
  // A unit list's short style, as its long one puts Finnish "ja" in ("A, B ja C ja 4 muuta").
  const list = new Intl.ListFormat(
    locale,
    others > 0 ? { style: 'short', type: 'unit' } : { type: 'conjunction' },
  ).format(names);
  const count = GATHERED.includes(item.type)
    ? others
    : item.type.includes('POINTS')
      ? (item.points ?? 0)
      : (item.payout ?? 0);
  return t(`notifications.types.${item.type}${variantOf(item, reader)}` as 'notifications.types.FOLLOW', {
    defaultValue: t('notifications.generic'),
    user: names[0] ?? (item.opponent ? shownName(t, item.opponent.displayName) : ''),
    users: list,
    // The same names for a text that lists them with i18next's list formatter, as alerts do.
    players: names,
    winner: item.winner ? shownName(t, item.winner.displayName) : '',
    // A match's round after the tournament's name: "in Cup (semi-final)" (record 172).
    tournament: tournamentInRound(
      item.tournament?.name ?? '',
      item.matchRound ? t(`notifications.rounds.${item.matchRound.stage}`, { number: item.matchRound.number }) : null,
    ),
    party: item.party?.teamName ?? '',
    // A challenge's game, by the name the game list gives it.
    game: item.game ? t(`games.${item.game}`) : '',
    points: item.points ?? 0,
    round: String(item.round ?? 0),
    payout: item.payout ?? 0,
    place: placeText(locale, item.place ?? 0),
    placeTo: placeText(locale, item.placeTo ?? 0),
    minutes: String(item.minutes ?? 0),
    matches: String(item.matches ?? 0),
    reasoning: item.reasoning ?? '',
    note: item.note ?? '',
    // A prize draw's month by its name ("November 2026") and its prize.
    month: item.campaign ? monthName(locale, item.campaign.month) : '',
    prize: item.campaign?.prize ?? '',
    // The settings a host changed, each by its name in the language, listed as the language lists.
    changed: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      editedBesides(item).map((field) => t(`notifications.edited-fields.${field}`)),
    ),
    // A moved start's new time, in the reader's language and time zone.
    start: editMovedTo(item) ? mediumDateTime(locale).format(editMovedTo(item)!) : '',
    // The fewest checked-in entrants a tournament starts with (a cancellation for too few).
    min: String(MIN_PARTICIPANTS),
    // A creator's share of what their supporters buy (CREATOR_NEW_SUPPORTER).
    percent: String(CREATOR_SHARE_PERCENT),
    count,
  });
}

/** Notifications that ask the player to do something in their match, on the tournament's page. */
const ACT_IN_MATCH: NotificationType[] = [
  'TOURNAMENT_MATCH_READY',
  'TOURNAMENT_MATCH_CHECK_IN',
  'TOURNAMENT_OPPONENT_REPORTED',
  'OPPONENT_TOURNAMENT_CONFLICT',
];

/** Where a notification leads: the place to act. */
export function notificationTarget(item: NotificationItem): string | null {
  if (item.type === 'FOLLOW') return item.users?.[0] ? paths.user.getHref(item.users[0].uid) : null;
  if (item.type === 'DATA_EXPORT_READY') return paths.profile.getHref('privacy');
  if (item.type === 'WITHDRAWAL_PAID' || item.type === 'WITHDRAWAL_FAILED') return paths.profile.getHref('withdraw');
  if (item.battle) return paths.battle.getHref(item.battle);
  if (item.challenge && item.type === 'CHALLENGED_TO_BATTLE') return paths.viewChallenge.getHref(item.challenge);
  const tournament = item.tournament?.id;
  if (!tournament) return null;
  if (item.match && (item.type === 'ADMIN_TOURNAMENT_CONFLICT' || item.type === 'TOURNAMENT_CONFLICT_BOTH_SIDES_HEARD'))
    return paths.resolveConflict.getHref(tournament, item.match);
  if (item.type === 'ADMIN_TOURNAMENT_POINTS_SUBMITTED') return paths.tournament.getHref(tournament, 'pending');
  if (
    item.type === 'TOURNAMENT_PAYOUT_RECEIVED' ||
    item.type === 'ADMIN_TOURNAMENT_PAYOUT_RECEIVED' ||
    item.type === 'TOURNAMENT_FINISHED'
  )
    return paths.tournament.getHref(tournament, 'standings');
  // A mention leads to its message in the room (record 179); one written without it, to the room.
  if (item.type === 'TOURNAMENT_ROOM_MENTION')
    return `${paths.tournament.getHref(tournament)}${item.message ? `?message=${item.message}` : ''}#chat`;
  // What asks the player to act in their match leads to it on the page: check in, report, answer.
  if (ACT_IN_MATCH.includes(item.type)) return `${paths.tournament.getHref(tournament)}#current-match`;
  // An invite leads to its answer, the party panel (#party), as the banner's Answer does.
  if (item.type === 'INVITED_TO_PARTY') return `${paths.tournament.getHref(tournament, 'participants')}#party`;
  return paths.tournament.getHref(tournament, item.party ? 'participants' : 'overview');
}
