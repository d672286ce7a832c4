import { avatarPlaceholderFor } from '@versus/domain/users/account';
import { AVATAR_PLACEHOLDER_COUNT } from '@versus/domain/platform/constants';

/** Public profile: readable by anyone (DESIGN §4). */
export const newPublicProfile = (uid: string, displayName: string, now: number) => ({
  uid,
  displayName,
  displayNameLower: displayName.toLowerCase(),
  avatar: null,
  avatarPlaceholder: avatarPlaceholderFor(uid, AVATAR_PLACEHOLDER_COUNT),
  trophies: 0,
  team: null,
  thirdPartyAccounts: {},
  statsData: { victories: 0, battlesPlayed: 0 },
  creatorCode: null,
  deactivated: false,
  createdAt: now,
});

/** Owner-only account: e-mail, funds and everything personal (DESIGN §4). */
export const newPrivateAccount = (
  input: { email: string; firstName: string; lastName: string; country: string },
  now: number,
) => ({
  email: input.email,
  firstName: input.firstName,
  lastName: input.lastName,
  country: input.country.toUpperCase(),
  funds: 0,
  openEvents: [],
  popups: [],
  following: [],
  mutuals: [],
  joinedTournaments: [],
  ownedTournaments: [],
  tournamentsTimingOut: [],
  battles: [],
  ownChallenges: [],
  connectedPaypal: null,
  deletionOn: null,
  supportingCreatorCode: null,
  createdAt: now,
});
