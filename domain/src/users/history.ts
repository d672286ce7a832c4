import type { Game } from '../games/games';
import type { RoundStage } from '../tournaments/play';

/** users/{uid}/history/{id}: one line of a player's public match history, newest first by `at`. */
export type HistoryEntry =
  | {
      kind: 'battle';
      at: number;
      /** The battle's id (battles are private: the link works for its two players). */
      ref: string;
      game: Game;
      won: boolean;
      opponent: { uid: string; displayName: string };
      /** The prize when won, the entry fee lost otherwise (negative). */
      coins: number;
    }
  | {
      kind: 'match';
      at: number;
      /** The tournament's id; `match` its match. */
      ref: string;
      match: string;
      tournamentName: string;
      game: Game;
      /** The round as its bracket draws it (elimination: rounds of byes only are not counted). */
      round: number;
      /** Elimination only: what the round is (the final, the losers bracket's …); absent in older lines. */
      stage?: RoundStage;
      won: boolean;
      /** A series' games, the player's first (2–1), since 2026-12-06; none for a best of 1 (record 182). */
      score?: [number, number];
      /** Who did not check in when the clock decided it (a no-show's walkover, or both absent), since
          2026-12-07 (record 190); absent when both came, the host overturned it, and in older lines. */
      absent?: 'self' | 'opponent' | 'both';
      opponent: { id: string; displayName: string };
    }
  | {
      kind: 'tournament';
      at: number;
      ref: string;
      tournamentName: string;
      game: Game;
      /** Null when the player was not placed (no accepted points). */
      place: number | null;
      /** The last of the places it shares with others (3 and 4 for a bracket's semi-final losers); absent
          when the place is the player's alone, and in older lines. */
      placeTo?: number;
      coins: number;
      trophies: number;
    }
  | {
      kind: 'hosted';
      at: number;
      ref: string;
      tournamentName: string;
      game: Game;
      participants: number;
      coins: number;
    };

export type HistoryKind = HistoryEntry['kind'];

/** The history document id of a thing, so a changed result overwrites its line. */
export const historyId = (entry: HistoryEntry): string =>
  entry.kind === 'match' ? `match_${entry.ref}_${entry.match}` : `${entry.kind}_${entry.ref}`;

export const HISTORY_PAGE_SIZE = 10;
