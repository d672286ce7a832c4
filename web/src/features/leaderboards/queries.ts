import { collection, doc, limit, orderBy, query, where, type Firestore } from 'firebase/firestore';
import {
  LEADERBOARD_SIZE,
  LEADERBOARDS,
  type Leaderboard,
  type LeaderboardPeriod,
} from '@versus/domain/users/statistics';

/** All-time counters, or one month's (player_statistics_months/{YYYY-MM}/players). */
const boardCollection = (db: Firestore, period: LeaderboardPeriod, month: string) =>
  period === 'all-time'
    ? collection(db, 'player_statistics')
    : collection(db, 'player_statistics_months', month, 'players');

/** A board's top entries, highest first; entries with value 0 are hidden (SPEC §9). */
export const leaderboardQuery = (db: Firestore, board: Leaderboard, period: LeaderboardPeriod, month: string) =>
  query(
    boardCollection(db, period, month),
    where(LEADERBOARDS[board], '>', 0),
    orderBy(LEADERBOARDS[board], 'desc'),
    limit(LEADERBOARD_SIZE),
  );

/** The signed-in player's own counters on that board's period. */
export const ownStandingDoc = (db: Firestore, period: LeaderboardPeriod, month: string, uid: string) =>
  doc(boardCollection(db, period, month), uid);

/** Everyone ahead of a value: their count plus one is the rank (ties share it). */
export const aheadOfQuery = (
  db: Firestore,
  board: Leaderboard,
  period: LeaderboardPeriod,
  month: string,
  value: number,
) => query(boardCollection(db, period, month), where(LEADERBOARDS[board], '>', value));

export { profilesQuery } from '../../lib/profiles-query';
