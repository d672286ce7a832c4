/**
 * A page served with its data (issue #58, docs/decisions/0067): the api function reads what the
 * page's live reads would read and renders it (functions/src/pages), and the app hydrates from the
 * same data (web/src/lib/served-data.tsx). Both sides name the live reads with these keys, so a
 * page and its server cannot drift apart.
 */
export interface ServedData {
  /** When the server read it (ms since the epoch): the page's clock until it has hydrated. */
  at: number;
  /** By document path; null for a document that is not there. */
  documents: Record<string, { id: string; data: unknown } | null>;
  /** By the live query's key (liveKeys). */
  queries: Record<string, ({ id: string } & Record<string, unknown>)[]>;
}

/** The HTML's <script type="application/json"> that carries it. */
export const SERVED_DATA_ID = 'served-data';

/** A profile's followers and following, shown this many at a time ("Show more" adds as many). */
export const FOLLOW_PAGE_SIZE = 24;

/** The keys of the live queries a served page starts from. */
export const liveKeys = {
  follows: (uid: string, list: 'followers' | 'following') => `${list}:${uid}`,
  history: (uid: string) => `history:${uid}`,
  /** A list that grows a page at a time (useGrowingLiveQuery): its key with how many it shows. */
  grown: (key: string, count: number) => `${key}:${count}`,
  leaderboard: (board: string, period: string, month: string) => `${board}:${period}:${month}`,
  /** A board's players' summaries, read together. */
  players: (uids: readonly string[]) => `players:${uids.join(',')}`,
  matches: (tournamentId: string) => `matches:${tournamentId}`,
};
