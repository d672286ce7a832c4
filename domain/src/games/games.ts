/** Game values of SPEC §3 "Creation option values"; labels live in the web's i18n (`games.<value>`). */
export const GAMES = [
  'apex-legends',
  'fifa',
  'fortnite',
  'league-of-legends',
  'minecraft',
  'overwatch',
  'rocket-league',
  'valorant',
  'cod-warzone',
  'csgo',
  'dota-2',
  'nhl-23',
  'other-games',
] as const;
export type Game = (typeof GAMES)[number];

/**
 * The games' names, their publishers' spelling (VALORANT in capitals, as Riot writes it), the same in
 * every language; "Other games" is no name, and each language says it its own way.
 */
export const GAME_NAMES: Record<Exclude<Game, 'other-games'>, string> = {
  'apex-legends': 'Apex Legends',
  fifa: 'FIFA',
  fortnite: 'Fortnite',
  'league-of-legends': 'League of Legends',
  minecraft: 'Minecraft',
  overwatch: 'Overwatch',
  'rocket-league': 'Rocket League',
  valorant: 'VALORANT',
  'cod-warzone': 'Call of Duty: Warzone',
  csgo: 'CS:GO',
  'dota-2': 'Dota 2',
  'nhl-23': 'NHL 23',
};
/** A game's name, or none for "Other games". */
export const gameNameOf = (game: Game | undefined): string | undefined =>
  game && game !== 'other-games' ? GAME_NAMES[game] : undefined;

/**
 * Riot Games' titles: their tournament pages carry Riot's community-competition notice, naming the
 * game's esports brand (docs/compliance.md).
 */
export const RIOT_GAMES: Partial<Record<Game, string>> = {
  'league-of-legends': 'League of Legends Esports',
  valorant: 'VALORANT Esports',
};
export const riotEsportsOf = (game: string): string | undefined => RIOT_GAMES[game as Game];

/** Games whose publisher forbids wagering: only free entry (SPEC §3, Fortnite's prevention flag). */
export const ENTRY_FEE_PREVENTED_GAMES: readonly Game[] = ['fortnite'];

export const isGame = (value: unknown): value is Game =>
  typeof value === 'string' && (GAMES as readonly string[]).includes(value);
export const allowsEntryFee = (game: Game): boolean => !ENTRY_FEE_PREVENTED_GAMES.includes(game);

/** Entry fees in coins, shared by battles and tournaments (SPEC §3). */
export const ENTRY_FEES = [0, 130, 270, 590, 1260] as const;
export type EntryFee = (typeof ENTRY_FEES)[number];
