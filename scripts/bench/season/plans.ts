// The ten tournament plans bench:season plays in turn: every format, 8/16/32, paid and free, a team
// one, one with too few players, one left to the clock, one decided by the game; and the season's constants.

export const DAY = 86_400_000;
export const FEE = 130;
export const STAND_IN = 'http://127.0.0.1:5010';
export const GAMES = 'http://127.0.0.1:5011';

export interface Plan {
  bracket: string;
  size: number;
  entrants: number;
  paid: boolean;
  team: boolean;
  game: 'valorant' | 'league-of-legends';
  bestOf: number;
  play: 'played' | 'too-few' | 'left' | 'game';
}
export const PLANS: Plan[] = [
  {
    bracket: 'ELIMINATION',
    size: 8,
    entrants: 8,
    paid: true,
    team: false,
    game: 'valorant',
    bestOf: 1,
    play: 'played',
  },
  {
    bracket: 'DOUBLE_ELIMINATION',
    size: 16,
    entrants: 13,
    paid: true,
    team: false,
    game: 'valorant',
    bestOf: 1,
    play: 'played',
  },
  {
    bracket: 'ROUND_ROBIN',
    size: 8,
    entrants: 7,
    paid: false,
    team: false,
    game: 'valorant',
    bestOf: 1,
    play: 'played',
  },
  { bracket: 'SWISS', size: 16, entrants: 16, paid: true, team: false, game: 'valorant', bestOf: 3, play: 'played' },
  { bracket: 'POINTS', size: 8, entrants: 8, paid: false, team: false, game: 'valorant', bestOf: 1, play: 'played' },
  {
    bracket: 'ELIMINATION',
    size: 32,
    entrants: 32,
    paid: true,
    team: false,
    game: 'valorant',
    bestOf: 1,
    play: 'played',
  },
  {
    bracket: 'ELIMINATION',
    size: 8,
    entrants: 8,
    paid: false,
    team: true,
    game: 'valorant',
    bestOf: 1,
    play: 'played',
  },
  {
    bracket: 'DOUBLE_ELIMINATION',
    size: 16,
    entrants: 1,
    paid: true,
    team: false,
    game: 'valorant',
    bestOf: 1,
    play: 'too-few',
  },
  { bracket: 'ELIMINATION', size: 8, entrants: 8, paid: false, team: false, game: 'valorant', bestOf: 1, play: 'left' },
  {
    bracket: 'ELIMINATION',
    size: 8,
    entrants: 8,
    paid: false,
    team: false,
    game: 'league-of-legends',
    bestOf: 1,
    play: 'game',
  },
];
