import type { Game } from '../games/games';
import { DAY_MS } from '../platform/constants';
import type { ProofImage } from '../battles/battle';

/** Tournament options of SPEC §3 "Creation option values" and the clock of DESIGN §6 and §9. */

export const REGIONS = ['GLOB', 'EU'] as const;
export type Region = (typeof REGIONS)[number];
/** Browse also offers NA (SPEC §3): no tournament can be created there yet, so it finds none. */
export const BROWSE_REGIONS = ['GLOB', 'EU', 'NA'] as const;

export const PLATFORMS = ['PC', 'PS4', 'PS5', 'XBONE', 'XBOXX'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const GAME_FORMATS = ['SOLO', 'TEAM'] as const;
export type GameFormat = (typeof GAME_FORMATS)[number];
export const TEAM_SIZE_MIN = 2;
export const TEAM_SIZE_MAX = 6;
export const TEAM_SIZES = [2, 3, 4, 5, 6] as const;

export const BRACKETS = ['ELIMINATION', 'DOUBLE_ELIMINATION', 'ROUND_ROBIN', 'SWISS', 'POINTS'] as const;
export type Bracket = (typeof BRACKETS)[number];
/** Brackets played as matches between two entrants (reports, disputes, the host's decisions), not points. */
export type MatchBracket = Exclude<Bracket, 'POINTS'>;
export const playsMatches = (bracket: Bracket): bracket is MatchBracket => bracket !== 'POINTS';
/** Single and double elimination: a bracket whose rounds have names (semi-final, grand final …) and a final. */
export const eliminates = (bracket: Bracket): boolean => bracket === 'ELIMINATION' || bracket === 'DOUBLE_ELIMINATION';

export const TOURNAMENT_SIZES = [8, 16, 32] as const;
export type TournamentSize = (typeof TOURNAMENT_SIZES)[number];

export const PAYOUT_STRUCTURES = ['winner-takes-all', 'top-2', 'top-3'] as const;
export type PayoutStructure = (typeof PAYOUT_STRUCTURES)[number];
/** SPEC §5: ELIMINATION offers winner-takes-all and top-2; POINTS also top-3. */
export const payoutStructuresFor = (bracket: Bracket): readonly PayoutStructure[] =>
  bracket === 'ELIMINATION' ? ['winner-takes-all', 'top-2'] : PAYOUT_STRUCTURES;
// Double elimination (the losers-bracket final's loser), round robin and Swiss (their tables) rank a third.

/** Best of 1, 3 or 5 (issue #21 series): the games a match is played over. */
export const BEST_OF = [1, 3, 5] as const;
export type BestOf = (typeof BEST_OF)[number];

export const TOURNAMENT_NAME_MIN = 3;
export const TOURNAMENT_NAME_MAX = 75;
export const TOURNAMENT_DESCRIPTION_MIN = 20;
export const TOURNAMENT_DESCRIPTION_MAX = 450;
export const TOURNAMENT_RULES_MAX = 3000;
export const TEAM_NAME_MIN = 3;
export const TEAM_NAME_MAX = 30;
/** A start further ahead than this is a typo, not a plan (decisions: tournaments). */
export const TOURNAMENT_START_MAX_AHEAD_MS = 180 * DAY_MS;
/** The start must leave time to find players: at least this far ahead when created or moved. */
export const TOURNAMENT_START_MIN_AHEAD_MS = 15 * 60_000;
/** A start sooner than this leaves little time to fill it: the wizard says what that risks. */
export const TOURNAMENT_START_SOON_MS = 2 * 60 * 60_000;

/** SPEC §9: fewer checked-in participants than this at the start cancels the tournament. */
export const MIN_PARTICIPANTS = 4;
/** DESIGN §9: check-in opens 30 minutes before the start and closes at the start. */
export const CHECK_IN_WINDOW_MS = 30 * 60_000;
/** DESIGN §6: timesOut = last activity + 48 h; warned 24 h before; the host may extend by 24 h. */
export const INACTIVITY_TIMEOUT_MS = 2 * DAY_MS;
export const INACTIVITY_WARNING_MS = DAY_MS;
export const EXTEND_MS = DAY_MS;

/** DESIGN §5: the host's share of a paid pool and the split of the rest, in per cent. */
export const HOST_SHARE_PERCENT = 10;
export const PAYOUT_SPLITS: Record<PayoutStructure, readonly number[]> = {
  'winner-takes-all': [100],
  'top-2': [70, 30],
  'top-3': [50, 30, 20],
};

export const BROWSE_PAGE_SIZE = 8;
/** /my-tournaments: the ended tournaments I hosted, and those I played in, this many more at a time. */
export const MY_TOURNAMENTS_PAGE_SIZE = 20;
/** Where covers are stored (SPEC §7 "tournaments/images/{name}"), one folder per host. */
export const COVER_FOLDER = 'tournaments/images';
/** SPEC §5: covers are recommended at 1280×816, aspect ratio 1.58. */
export const COVER_ASPECT_RATIO = 1.58;
export const BROWSE_ORDERS = ['startTime', 'entryFee', 'created', 'spotsLeft'] as const;
export type BrowseOrder = (typeof BROWSE_ORDERS)[number];

export type TournamentState = 'OPEN' | 'ONGOING' | 'FINISHED' | 'CANCELLED';
/** The wizard's preview shows the real page in this state (SPEC §4); it is never stored. */
export type TournamentViewState = TournamentState | 'PREVIEW';

export interface CoverImage {
  /** Blob path, `tournaments/images/{uid}/{file}`. */
  name: string;
  x: number;
  y: number;
  downloadUrl: string;
}

/** The game's own artwork (web/public/covers), the cover of a tournament without one. */
export const gameCoverUrl = (game: string) => `/covers/${game}.svg`;
/** What a tournament's header and card show, and what its served HTML paints first: the upload, or the game's artwork. */
export const shownCoverUrl = (cover: Pick<CoverImage, 'downloadUrl'> | null | undefined, game: string) =>
  cover?.downloadUrl ?? gameCoverUrl(game);

export interface MemberSummary {
  uid: string;
  displayName: string;
  avatar: string | null;
  avatarPlaceholder: number;
  trophies: number;
}

/** One entrant: a player (SOLO) or a ready party (TEAM), at most `size` of them. */
export interface Participant {
  /** The player's uid, or the party's id. */
  id: string;
  kind: 'PLAYER' | 'PARTY';
  /** The player's display name or the team's name. */
  displayName: string;
  /** The player, or the party's leader. */
  uid: string;
  avatar: string | null;
  avatarPlaceholder: number;
  /** The player's trophies, or the sum of the members' (seeding, DESIGN §9). */
  trophies: number;
  joinedAt: number;
  checkedIn: boolean;
  members: MemberSummary[];
  /** The escrow holding this entrant's fee (escrows/{id}); null in a free tournament. */
  escrowId: string | null;
}

/** tournaments/{id}: metadata, state and entrants; written rarely (DESIGN §9). */
export interface Tournament {
  id: string;
  /** The host. */
  uid: string;
  owner: MemberSummary;
  game: Game;
  region: Region;
  platform: Platform[];
  /** One flag per platform, so browse filters by platform with an equality (see decisions). */
  platforms: Record<Platform, boolean>;
  gameFormat: GameFormat;
  /** 1 for SOLO. */
  teamSize: number;
  size: TournamentSize;
  bracket: Bracket;
  /**
   * Double elimination: whether the grand final can be reset (the losers-bracket player must beat
   * the unbeaten one twice). Absent on older tournaments and other brackets.
   */
  grandFinalReset?: boolean;
  /**
   * Swiss: the rounds the host chose (null: ⌈log2 n⌉ of the entrants who start); at the start, the
   * rounds that will be played.
   */
  swissRounds?: number | null;
  /**
   * League of Legends and Dota 2 (issue #22): every player must have linked their game account to
   * join, so the game can decide every match. Absent is false.
   */
  verifiedOnly?: boolean;
  /**
   * Issue #60: entrants the host disqualified in play, with when and why: their matches in play,
   * and each one that becomes ready, go to the other side.
   */
  disqualified?: Record<string, { at: number; reasoning: string }>;
  /**
   * Record 115: players the host removed before the start, by uid, with when, why and their name
   * then. They cannot join, or be in a party, until the host lets them back (the entry is deleted).
   */
  removed?: Record<string, { at: number; reasoning: string; displayName: string; team?: string }>;
  /** The least reliability (a percentage of matches shown up to, issue #60) a player needs to join; absent or null, none. */
  minReliability?: number | null;
  /** A paid Riot game's tournament in the EU: the host's Riot licence reference (issue #58); null otherwise. */
  riotLicence?: string | null;
  /** The countries that licence covers (ISO alpha-2): only players whose account is in one may join; null otherwise. */
  riotLicenceCountries?: string[] | null;
  /**
   * League of Legends and Dota 2 (issue #58): each entrant's linked account (a party's leader's, by
   * uid) when the tournament started, null for one without. The game is asked with these only, so
   * linking or unlinking during the tournament changes nothing. Absent before the start, in a
   * points tournament, and on tournaments started before this record (their accounts are read).
   */
  gameAccounts?: Record<string, string | null>;
  /** Matches' series length (issue #21); absent is best of 1. */
  bestOf?: BestOf;
  /** The final's series length (single elimination's last match, double's grand final); absent is `bestOf`. */
  finalBestOf?: BestOf;
  /**
   * Check-in per match (issue #60): the minutes each side has to check in once its match is ready
   * (5–30); null or absent, no check-in (a side that never reports is the host's to decide).
   */
  checkInMinutes?: number | null;
  /** With check-in: what a match that neither side checked in to decides. Absent is HIGHER_SEED. */
  bothAbsent?: 'BOTH_FORFEIT' | 'HIGHER_SEED';
  name: string;
  /** Lower-cased words of the name and their prefixes (≥ 2 letters): browse's name search. */
  nameTokens: string[];
  description: string;
  rules: string;
  entryFee: number;
  payoutStructure: PayoutStructure;
  startTime: number;
  coverImage: CoverImage | null;
  coverPlaceholder: Game;
  state: TournamentState;
  /** FINISHED or CANCELLED: hidden from browse unless archived ones are asked for. */
  archived: boolean;
  created: number;
  lastActivityAt: number;
  timesOut: number;
  /** When ADMIN_TOURNAMENT_ABOUT_TO_BE_CANCELLED was sent for the current timesOut. */
  warnedAt: number | null;
  /**
   * When the members are told it starts in 30 minutes (issue #60; TOURNAMENT_STARTING_SOON), null
   * once told or when created too late for it; absent on tournaments from before.
   */
  remindAt?: number | null;
  /** Its start, rounds, results and standings go to a Discord channel (issue #60; the webhook is tournament_webhooks/{id}). */
  discord?: boolean;
  participants: Participant[];
  /** Every player inside an entrant (a party's members too): "my tournaments" and the rules. */
  memberUids: string[];
  participantCount: number;
  spotsLeft: number;
  /** Entry fee × entrants: what the host and the winners share (DESIGN §5). */
  prizePool: number;
  /** TEAM: user → party they belong to, party → its summary, invitee → parties inviting them. */
  usersInParties: Record<string, string>;
  joinedParties: Record<string, { teamName: string; leader: string; ready: boolean; memberCount: number }>;
  invitesForUsers: Record<string, string[]>;
  /** Entrant ids in seed order, recorded at the start. */
  seeds: string[] | null;
  startedAt: number | null;
  endedAt: number | null;
  cancelReason: 'host' | 'too-few-players' | 'inactivity' | null;
  /** The host's own words to the players when they cancelled, if any (record 162). */
  cancelNote?: string | null;
  /** At the finish: places and prizes, and the host's share (DESIGN §5). */
  results?: TournamentResult[] | null;
  /** At FINISHED: every placed entrant's place (elimination shares 3, 5 …), for trophies and history. */
  placings?: Record<string, number>;
  hostShare?: number | null;
  /** The chat room's id, reserved at the start (rooms/{id}). */
  chat: { id: string } | null;
  /** The host's IANA time zone, in which the free-tournament day is counted (SPEC §5). */
  timeZone: string;
  /** The host's local day of a free tournament's start (users/{uid}/free_starts/{day}). */
  freeStartDay: string | null;
}

/** tournaments/{id}/parties/{partyId} (SPEC §3 Party). */
export interface Party {
  uid: string;
  tournamentId: string;
  leader: string;
  teamName: string;
  ready: boolean;
  participants: MemberSummary[];
  /** Invited user ids, not yet joined. */
  invited: string[];
  createdAt: number;
}

/**
 * A party's name as two are compared: two parties of one tournament may not share one, case, width
 * and spacing aside ("Night Owls", "night  owls" and "ＮＩＧＨＴ ＯＷＬＳ" are one name).
 */
export const teamNameKey = (name: string): string => name.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** tournaments/{id}/invites/{inviteeUid}: the parties inviting one user; only they read it. */
export interface PartyInvites {
  uid: string;
  tournamentId: string;
  tournamentName: string;
  parties: Record<string, { teamName: string; leader: string; leaderName: string; invitedAt: number }>;
}

/** tournaments/{id}/bracket/state: the engine's export (DESIGN §9), one consistent bracket. */
export interface BracketState {
  version: number;
  data: Record<string, unknown>;
  /** Engine participant id → our entrant id. */
  entrants: Record<string, string>;
  updatedAt: number;
}

/** One submitted round of a points tournament (SPEC §3). */
export interface PointsRound {
  state: 'SUBMITTED' | 'ACCEPTED';
  /** What counts: the host's figure once accepted or changed. */
  points: number;
  /** What the participant submitted (SPEC §3 rawPoints). */
  rawPoints: number;
  attachment: ProofImage;
  description: string | null;
  submittedBy: string;
  submittedAt: number;
  reviewedAt: number | null;
  /** The host's reason when they changed the figure. */
  reason: string | null;
}

/** tournaments/{id}/points/{entrantId}: a POINTS entrant's rounds (SPEC §3 points and rawPoints). */
export interface PointsEntry {
  participant: string;
  rounds: PointsRound[];
  /** The sum of ACCEPTED rounds. */
  total: number;
  /** Rounds awaiting the host's review (the pending tab). */
  pending: number;
  updatedAt?: number;
  /** The last submission or review (the inactivity rule reads it). */
  activityAt?: number;
  /** Set when the tournament finished or was cancelled: the table is closed. */
  closedAt?: number | null;
}

/** A finished tournament's places and what each was paid (the standings tab). */
export interface TournamentResult {
  participant: string;
  place: number;
  amount: number;
}

export type TournamentStatus = 'pending' | 'ongoing' | 'finished' | 'cancelled';
/** The words SPEC §4 uses for states. */
export const statusOf = (state: TournamentState): TournamentStatus =>
  state === 'OPEN' ? 'pending' : state === 'ONGOING' ? 'ongoing' : state === 'FINISHED' ? 'finished' : 'cancelled';

export const checkInOpensAt = (tournament: Pick<Tournament, 'startTime'>) => tournament.startTime - CHECK_IN_WINDOW_MS;
export const isCheckInOpen = (tournament: Pick<Tournament, 'startTime' | 'state'>, now: number) =>
  tournament.state === 'OPEN' && now >= checkInOpensAt(tournament) && now < tournament.startTime;

/** The entrant a user belongs to: themselves, or their party once it is in. */
/** The uid each side (an entrant's id) is represented by: the player, or a party's leader. */
export const leadersOf = (tournament: Pick<Tournament, 'participants'>, sides: readonly string[]): string[] =>
  sides.map((side) => tournament.participants.find((entrant) => entrant.id === side)?.uid ?? side);

export const entrantOf = (tournament: Pick<Tournament, 'participants'>, uid: string): Participant | undefined =>
  tournament.participants.find((entrant) => entrant.uid === uid || entrant.members.some((m) => m.uid === uid));

/**
 * How a pool is shared (DESIGN §5): the host takes 10 %, the places split the rest by the payout
 * structure in whole coins, the remainder of the rounding to first place.
 */
export function prizeSplit(pool: number, structure: PayoutStructure): { host: number; places: number[] } {
  const host = Math.floor((pool * HOST_SHARE_PERCENT) / 100);
  const rest = pool - host;
  const places = PAYOUT_SPLITS[structure].map((percent) => Math.floor((rest * percent) / 100));
  places[0]! += rest - places.reduce((sum, amount) => sum + amount, 0);
  return { host, places };
}

/** The longest word prefix and the longest phrase prefix name search stores and asks for. */
export const NAME_WORD_PREFIX_MAX = 20;
export const NAME_PHRASE_MAX = 30;
const NAME_TOKENS_MAX = 300;

/** The lower-cased words of a name or a search: letters and digits, anything else separates. */
const nameWords = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * What name search matches (one array-contains, so every filter stays an equality): each word's
 * prefixes from 2 letters, and from each word on, the phrase it starts, its words joined by one
 * space, up to every length that reaches into the next word ("friday n", "friday night fr", "night
 * frags"). So a search of several words finds the names that have them in that order, the last as
 * a prefix, and not every name that has its first word.
 */
export function nameTokens(name: string): string[] {
  const words = nameWords(name);
  const tokens = new Set<string>();
  for (const word of words) {
    for (let length = Math.min(2, word.length); length <= Math.min(word.length, NAME_WORD_PREFIX_MAX); length += 1)
      tokens.add(word.slice(0, length));
  }
  for (let start = 0; start < words.length - 1; start += 1) {
    const phrase = words.slice(start).join(' ').slice(0, NAME_PHRASE_MAX);
    for (let length = words[start]!.length + 2; length <= phrase.length; length += 1)
      tokens.add(phrase.slice(0, length));
  }
  return [...tokens].slice(0, NAME_TOKENS_MAX);
}

/**
 * A search as the one token nameTokens stores for it: one word's prefix, or a phrase of several
 * words (normalised like nameTokens, at most NAME_PHRASE_MAX characters).
 */
export function searchToken(query: string): string {
  const words = nameWords(query);
  if (words.length === 0) return '';
  // A first word too long to start a stored phrase is searched alone.
  if (words.length === 1 || words[0]!.length + 2 > NAME_PHRASE_MAX) return words[0]!.slice(0, NAME_WORD_PREFIX_MAX);
  return words.join(' ').slice(0, NAME_PHRASE_MAX).trimEnd();
}

export const isTimeZone = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const emptyPlatforms = (): Record<Platform, boolean> =>
  Object.fromEntries(PLATFORMS.map((platform) => [platform, false])) as Record<Platform, boolean>;

/** A tournament's members hear this long before its start that it is near (issue #60). */
export const START_REMINDER_MS = 30 * 60_000;
