/** users/{uid}: the public profile anyone may read (DESIGN §4). */
export interface PublicProfile {
  uid: string;
  displayName: string;
  displayNameLower: string;
  avatar: string | null;
  avatarPlaceholder: number;
  trophies: number;
  team: { name: string } | null;
  thirdPartyAccounts: Partial<Record<'discord' | 'epic' | 'riot', string>>;
  statsData: { victories: number; battlesPlayed: number };
  creatorCode: string | null;
  deactivated: boolean;
  lastSeen: number;
  createdAt: number;
}

export interface Popup {
  type: 'BATTLE_RESULT';
  ref: string;
}

/** users/{uid}/private/account: owner-only (DESIGN §4). */
export interface PrivateAccount {
  email: string;
  firstName: string;
  lastName: string;
  country: string;
  funds: number;
  /** Bought coins not yet staked (DESIGN §5 play-through): part of funds, not withdrawable. */
  unplayed?: number;
  progress: { class: string };
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
  supportingCreatorCode: string | null;
  createdAt: number;
}
