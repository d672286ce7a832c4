/**
 * Game accounts a player links so the game can decide their matches (issue #22): a Riot ID for
 * League of Legends, a Steam account for Dota 2. These are the pure parts: what a player may type,
 * and the one normalised form each account is stored (and kept unique) under.
 */

/** The games whose match records Versus reads, and the connection each needs. */
export const VERIFIED_GAMES = { 'league-of-legends': 'riot', 'dota-2': 'steam' } as const;
export type VerifiedGame = keyof typeof VERIFIED_GAMES;
export const isVerifiedGame = (game: string): game is VerifiedGame => game in VERIFIED_GAMES;

/**
 * The games whose records may decide a battle: Riot's policies forbid betting or gambling in any
 * product that uses its API, and battles are coin wagers with withdrawable winnings, so Riot's data
 * never decides, checks or is shown on a battle (docs/compliance.md). A League of Legends battle
 * is reported and disputed as any other game's. Tournaments may use it.
 */
export const isBattleVerifiedGame = (game: string): game is VerifiedGame =>
  isVerifiedGame(game) && VERIFIED_GAMES[game] !== 'riot';

/** A battle's first look at the game, as firstGameCheck, for the games that may decide a battle. */
export const firstBattleGameCheck = (game: string, now: number): number | null =>
  isBattleVerifiedGame(game) ? now + GAME_FIRST_CHECK_MS : null;

/** A battle's or match's first look at the game: no League of Legends or Dota 2 game is over sooner. */
export const GAME_FIRST_CHECK_MS = 15 * 60_000;
/** The sweeper asks the game again this long after a look that found nothing. */
export const GAME_RECHECK_MS = 10 * 60_000;

/**
 * When the sweeper first asks the game about a match or battle that became ready at `now`: League
 * of Legends and Dota 2, one game (a series needs every game's record, which is not read); null
 * for everything else.
 */
export const firstGameCheck = (game: string, bestOf: number, now: number): number | null =>
  isVerifiedGame(game) && bestOf === 1 ? now + GAME_FIRST_CHECK_MS : null;

/** Whether a player has linked the account a game's records are read with. */
export const hasGameAccount = (
  profile: { gameAccounts?: Partial<Record<'riot' | 'steam', { id: string }>> } | undefined,
  game: string,
): boolean => isVerifiedGame(game) && !!profile?.gameAccounts?.[VERIFIED_GAMES[game]]?.id;

/** The account a game's records are read with, as a player has linked it now (null without one). */
export const gameAccountOf = (
  profile: { gameAccounts?: Partial<Record<'riot' | 'steam', { id: string }>> } | undefined,
  game: string,
): string | null => (isVerifiedGame(game) ? (profile?.gameAccounts?.[VERIFIED_GAMES[game]]?.id ?? null) : null);

/** Steam's 64-bit ids are the 32-bit account id (Dota 2's "friend id") plus this. */
export const STEAM_ID64_BASE = 76561197960265728n;

/**
 * A Steam account as Dota 2 and OpenDota know it, its 32-bit account id, from what a player may
 * paste: the friend id (`123456789`), a 64-bit SteamID (`76561198083722517`), or a profile URL
 * (`https://steamcommunity.com/profiles/76561198083722517`). A custom profile URL
 * (`/id/name`) needs Steam's own Web API to resolve: null, with its own message.
 */
export function steamAccountId(input: string): { id: string } | { error: 'steam-vanity' | 'steam-invalid' } {
  const text = input.trim();
  if (/steamcommunity\.com\/id\//i.test(text)) return { error: 'steam-vanity' };
  const profile = text.match(/^(?:https?:\/\/)?(?:www\.)?steamcommunity\.com\/profiles\/(\d{17})\/?$/i);
  const digits = profile?.[1] ?? (/^\d{1,17}$/.test(text) ? text : null);
  if (!digits) return { error: 'steam-invalid' };
  const value = BigInt(digits);
  const id = digits.length === 17 ? value - STEAM_ID64_BASE : value;
  if (id <= 0n || id >= 2n ** 32n) return { error: 'steam-invalid' };
  return { id: id.toString() };
}

/** A Riot ID's lookup key: Riot IDs are unique regardless of case, so `Name#EUW` is `name#euw`. */
export const riotIdKey = (riotId: string): string => riotId.trim().toLowerCase();

/** Splits `name#TAG` at its last hash (names may contain spaces, never a hash). */
export function splitRiotId(riotId: string): { gameName: string; tagLine: string } | null {
  const at = riotId.lastIndexOf('#');
  if (at <= 0 || at === riotId.length - 1) return null;
  return { gameName: riotId.slice(0, at).trim(), tagLine: riotId.slice(at + 1).trim() };
}

/** The account a game is played with, where it is not Riot's (whose data a battle never shows). */
const PLAYED_WITH: Partial<Record<string, 'epic' | 'steam'>> = {
  fortnite: 'epic',
  'rocket-league': 'epic',
  csgo: 'steam',
  'dota-2': 'steam',
};

/**
 * Where a battle's player finds their opponent to play (docs/decisions/0155), from the opponent's
 * public profile: the Discord and Epic names they typed, and the Steam friend code of the account
 * they signed in to (the 32-bit account id, which Steam's "Add a friend" takes; the shown Steam name
 * is OpenDota's and finds no one). The one the game is played with first, then Discord, Epic and
 * Steam. Never the Riot ID: Riot's data is not shown on a battle (docs/compliance.md).
 */
export function battleContactAccounts(
  game: string,
  profile:
    | {
        thirdPartyAccounts?: Partial<Record<'discord' | 'epic' | 'riot' | 'steam', string>>;
        gameAccounts?: Partial<Record<'riot' | 'steam', { id: string }>>;
      }
    | undefined,
): { platform: 'discord' | 'epic' | 'steam'; value: string }[] {
  const values = {
    discord: profile?.thirdPartyAccounts?.discord?.trim(),
    epic: profile?.thirdPartyAccounts?.epic?.trim(),
    steam: profile?.gameAccounts?.steam?.id,
  };
  const first = PLAYED_WITH[game];
  const order = (['discord', 'epic', 'steam'] as const).filter((platform) => platform !== first);
  return (first ? [first, ...order] : order).flatMap((platform) => {
    const value = values[platform];
    return value ? [{ platform, value }] : [];
  });
}
