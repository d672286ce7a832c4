import type { AppNotification } from '../notifications/types';
import { DAY_MS } from '../platform/constants';

/**
 * A player's reliability (issue #60): tournament matches decided against the ones they did not
 * check in to, and the bans from paid tournaments that repeated no-shows bring, as lichess does
 * for its Swiss: 24 hours, doubling on each repeat, up to 30 days.
 */

/** users/{uid}.reliability, written by the match commit that decides each match. */
export interface Reliability {
  /** Matches decided with this player on a side (a no-show and a double forfeit included). */
  matches: number;
  /**
   * Of them, the ones this player (or their party) did not check in to. Absent (none) on records
   * written before 2026-12-01 by players who had shown up to every match.
   */
  noShows?: number;
  /** Each no-show: when it was decided, and the match (so two decided at one moment stay two). */
  noShowLog?: { at: number; match: string }[];
  /** When an admin last lifted a ban: no-shows until then bring no ban. */
  liftedAt?: number | null;
}

/** The first no-show is a warning; from the second within this window, each one bans. */
export const NO_SHOW_WINDOW_MS = 90 * DAY_MS;
export const NO_SHOW_BAN_FIRST_MS = DAY_MS;
export const NO_SHOW_BAN_MAX_MS = 30 * DAY_MS;
/** A host's choices of the least reliability to join (a share of matches shown up to). */
export const MIN_RELIABILITY_CHOICES = [70, 80, 90, 95] as const;

/** The matches a player showed up to. */
export const shownUp = (reliability: Reliability) => reliability.matches - (reliability.noShows ?? 0);

/** Shown-up matches as a whole percentage, or null before any match. */
export function reliabilityPercent(reliability: Reliability | undefined | null): number | null {
  if (!reliability || reliability.matches <= 0) return null;
  return Math.floor((100 * shownUp(reliability)) / reliability.matches);
}

/**
 * The ban from paid tournaments `now`, as its end, or null. The absences within the window up to the
 * latest one count (the no-shows one sweep decided in one tournament are one absence): the second
 * 24 hours, the third 48, and so on up to 30 days, from the latest.
 * A ban an admin lifted stays lifted until the next no-show.
 */
export function noShowBanUntil(reliability: Reliability | undefined | null, now: number): number | null {
  // One absence is one no-show however many matches it cost: a round robin's group is ready at once,
  // so a player who missed it misses them all in one sweep (same tournament, same moment).
  const absences = new Map(
    (reliability?.noShowLog ?? []).map((entry) => [`${entry.match.split('/')[0]}@${entry.at}`, entry.at]),
  );
  const times = [...absences.values()].sort((a, b) => a - b);
  const latest = times.at(-1);
  if (latest === undefined || latest <= (reliability?.liftedAt ?? -1)) return null;
  const repeats = times.filter((at) => at > latest - NO_SHOW_WINDOW_MS).length;
  if (repeats < 2) return null;
  const until = latest + Math.min(NO_SHOW_BAN_FIRST_MS * 2 ** (repeats - 2), NO_SHOW_BAN_MAX_MS);
  return until > now ? until : null;
}

/**
 * The ban a no-show in `match` (`tournament/match`) brought, as its end while it lasts, or null: what
 * its notice tells the player (walk AE's banned player heard only that they forfeited). It is that
 * no-show's when it is the latest absence (a round robin's matches missed at once are one, and its
 * notice names the first); an earlier no-show in the same tournament brought a warning only.
 */
/**
 * The no-show a notice tells its reader of, as the log names it (`tournament/match`), or null: a
 * TOURNAMENT_MATCH_NO_SHOW to a side that did not come (forfeited, or both away). The notice then
 * says the ban it brought (banOfNoShow): the app's, and the alert's delivery, which reads the
 * player's reliability for it only.
 */
export const ownNoShow = (notice: Pick<AppNotification, 'type' | 'reasoning' | 'tournament' | 'match'>) =>
  notice.type === 'TOURNAMENT_MATCH_NO_SHOW' && notice.reasoning !== 'won' && notice.tournament && notice.match
    ? `${notice.tournament.id}/${notice.match}`
    : null;

export function banOfNoShow(reliability: Reliability | undefined | null, match: string, now: number): number | null {
  const until = noShowBanUntil(reliability, now);
  if (until === null) return null;
  const log = reliability?.noShowLog ?? [];
  const latest = Math.max(...log.map((entry) => entry.at));
  return log.some((entry) => entry.at === latest && entry.match === match) ? until : null;
}

/** Whether a player meets a host's least reliability: a player without matches yet does. */
export const meetsReliability = (reliability: Reliability | undefined | null, least: number | null | undefined) =>
  !least || (reliabilityPercent(reliability) ?? 100) >= least;

/** What keeps a player out of a tournament at its door (issue #60): a ban from paid ones, or a bar the host set. */
export type ReliabilityBar =
  { code: 'no-show-ban'; until: number } | { code: 'reliability-too-low'; required: number; yours: number };

/**
 * Why `reliability` keeps its player from joining `tournament` at `now`, or null: the join's rule,
 * which the tournament's page also shows in place of a Join button the join would refuse.
 */
export function reliabilityBar(
  reliability: Reliability | undefined | null,
  tournament: { entryFee: number; minReliability?: number | null },
  now: number,
): ReliabilityBar | null {
  const until = tournament.entryFee > 0 ? noShowBanUntil(reliability, now) : null;
  if (until) return { code: 'no-show-ban', until };
  if (!meetsReliability(reliability, tournament.minReliability))
    return {
      code: 'reliability-too-low',
      required: tournament.minReliability ?? 0,
      yours: reliabilityPercent(reliability) ?? 100,
    };
  return null;
}
