import { POINTS_MAX } from '@versus/domain/tournaments/play';

/**
 * What is wrong with points typed in a form, as a message key, or null. Digits only: a number
 * parser would take "1e3" for 1000 and an emptied field for 0. A player's round needs at least 1
 * (SPEC §5 "a positive number"); a host's change may set 0, with its reason (SPEC §7). The keys are
 * the API's own for the same refusals.
 */
export function pointsProblem(text: string, least: 0 | 1): string | null {
  const typed = text.trim();
  if (typed === '') return 'validation.required';
  if (least === 1 && /^[-−]\d+$/.test(typed)) return 'tournaments.errors.points-positive';
  if (!/^\d+$/.test(typed)) return 'tournaments.errors.points-whole';
  const value = Number(typed);
  if (value < least) return 'tournaments.errors.points-positive';
  if (value > POINTS_MAX) return 'tournaments.errors.points-too-many';
  return null;
}
