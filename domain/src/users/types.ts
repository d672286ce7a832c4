import type { AlertSettings } from '../alerts/alerts';
import type { Reliability } from './reliability';
/** users/{uid}: the public profile anyone may read (DESIGN §4). */
export interface PublicProfile {
  uid: string;
  displayName: string;
  displayNameLower: string;
  avatar: string | null;
  avatarPlaceholder: number;
  trophies: number;
  team: { name: string } | null;
  thirdPartyAccounts: Partial<Record<'discord' | 'epic' | 'riot' | 'steam', string>>;
  /**
   * The game accounts checked with the game's API (issue #22): Riot's PUUID, the Steam account id,
   * each with how it is shown. The game's records are matched against these ids.
   */
  gameAccounts?: Partial<Record<'riot' | 'steam', { id: string; display: string }>>;
  statsData: { victories: number; battlesPlayed: number };
  creatorCode: string | null;
  deactivated: boolean;
  createdAt: number;
  /** Set by the deletion job, 14 days after deactivation: the name and picture are gone. */
  anonymised?: boolean;
  deletedAt?: number;
  /** Kept by follow and unfollow (missing = 0). */
  followersCount?: number;
  followingCount?: number;
  /** Tournament matches decided and the no-shows among them (issue #60); absent before the first. */
  reliability?: Reliability;
}

/** A result shown once, over any page (SPEC §4): a battle's end, or a tournament podium's (record 141). */
export interface Popup {
  type: 'BATTLE_RESULT' | 'TOURNAMENT_RESULT';
  /** The battle's id, or the tournament's. */
  ref: string;
}

/** The places whose players see a tournament's result as a popup: the podium. */
export const TOURNAMENT_POPUP_PLACES = 3;

/** users/{uid}/private/account: owner-only (DESIGN §4). */
export interface PrivateAccount {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  funds: number;
  /** Bought coins not yet staked (DESIGN §5 play-through): part of funds, not withdrawable. */
  unplayed?: number;
  /** The createdAt of the balance's last ledger entry (wallet/ledger.ts stamps the next one after it). */
  ledgerAt?: number;
  openEvents: { type: string; uid: string }[];
  popups: Popup[];
  following: string[];
  mutuals: string[];
  joinedTournaments: string[];
  ownedTournaments: string[];
  tournamentsTimingOut: string[];
  battles: string[];
  ownChallenges: string[];
  connectedPaypal: { email: string } | null;
  deletionOn: number | null;
  /** When the deletion after deactivation emptied this account (users/deletion); absent before. */
  deletedAt?: number;
  /** Deletions that failed since deactivation, and when the sweep tries again (users/deletion). */
  deletionFailures?: number;
  deletionRetryAt?: number | null;
  supportingCreatorCode: string | null;
  /**
   * The private calendar feed (issue #60): the live URL's version (positive), or the next one
   * negated while the feed is off; absent, never turned on.
   */
  calendarFeed?: number;
  /** Alerts off the site (issue #60): the player's choices per kind and channel, and their language. */
  alerts?: AlertSettings;
  /** Whose that code was when supported: the count to lower on a change even if the code is gone. */
  supportingCreatorUid?: string | null;
  createdAt: number;
}

/** users/{uid}/followers/{followerUid} and users/{uid}/following/{followedUid}: public lists. */
export interface FollowEntry {
  uid: string;
  displayName: string;
  avatar: string | null;
  avatarPlaceholder: number;
  createdAt: number;
}

/** follow_pairs/{smaller uid}_{larger uid}: who follows whom between two users (server only). */
export interface FollowPair {
  users: [string, string];
  /** users[0] follows users[1], and the other way round. */
  firstFollows: boolean;
  secondFollows: boolean;
  updatedAt: number;
}

/** A follower list holds at most this many: following is cheap, not free. */
export const FOLLOWING_MAX = 1000;
