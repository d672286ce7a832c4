import * as yup from 'yup';
import {
  DECISION_REASONING_MAX,
  POINTS_DESCRIPTION_MAX,
  POINTS_MAX,
  TOURNAMENT_DISPUTE_MAX,
  TOURNAMENT_DISPUTE_MIN,
} from './play';

/** The playing commands' bodies (SPEC §5 "Points submission", "Disputes", "An admin decision"). */

const required = 'validation.required';
const id = (message = required) => yup.string().trim().required(message).max(128, message);
const proof = yup
  .string()
  .trim()
  .required('tournaments.errors.proof-required')
  .max(300, 'tournaments.errors.proof-required');
const points = yup
  .number()
  .strict()
  .typeError('tournaments.errors.points-whole')
  .required(required)
  .integer('tournaments.errors.points-whole')
  .min(1, 'tournaments.errors.points-positive')
  .max(POINTS_MAX, 'tournaments.errors.points-too-many');
const optionalText = (max: number) => yup.string().trim().max(max, 'tournaments.errors.text-too-long').optional();
const requiredText = (max: number) =>
  yup.string().trim().required('validation.required').max(max, 'tournaments.errors.text-too-long');

/**
 * A series score (issue #21): [the winner's games, the loser's games], whole numbers 0–3; whether it
 * finishes the match's best of n is the match's rule (play `isSeriesScore`).
 */
const games = yup
  .number()
  .strict()
  .typeError('tournaments.errors.series-score')
  .required('tournaments.errors.series-score')
  .integer('tournaments.errors.series-score')
  .min(0, 'tournaments.errors.series-score')
  .max(3, 'tournaments.errors.series-score');
const score = yup
  .array(games)
  .strict()
  .typeError('tournaments.errors.series-score')
  .length(2, 'tournaments.errors.series-score')
  .optional()
  .default(undefined) as unknown as yup.Schema<[number, number] | undefined>;

/** POST /tournaments/elimination/{id}/match/{matchUid}/report: the side's winner (an entrant id), a series' score. */
export const reportMatchSchema = yup
  .object({ winnerUid: id('tournaments.errors.pick-winner'), score })
  .noUnknown(true, 'validation.unknown-field');

/** POST /tournaments/{id}/disqualify/{entrantId} (issue #60): the host's reasoning, which the player reads. */
export const disqualifySchema = yup
  .object({ reasoning: requiredText(DECISION_REASONING_MAX) })
  .noUnknown(true, 'validation.unknown-field');

/** POST /tournaments/{id}/remove/{entrantId} (record 115): the host's reasoning, which the players read. */
export const removeEntrantSchema = disqualifySchema;

/** POST /tournaments/{id}/cancel (record 162): the host's word to the players, if they give one. */
export const cancelTournamentSchema = yup
  .object({ reasoning: optionalText(DECISION_REASONING_MAX) })
  .noUnknown(true, 'validation.unknown-field');

/** POST /tournaments/{id}/substitute/{partyId} (issue #60): the member who left and the substitute. */
export const substituteSchema = yup
  .object({ out: id('validation.required'), substitute: id('validation.required') })
  .noUnknown(true, 'validation.unknown-field');

/** POST …/match/{matchUid}/pause (issue #60): hold (true) or release (false) the match's clock. */
export const pauseMatchSchema = yup
  .object({ paused: yup.boolean().strict().required('validation.required') })
  .noUnknown(true, 'validation.unknown-field');

/** POST …/match/{matchUid}/dispute: the story (20–450) and a proof uploaded first (POST /uploads/proof). */
export const matchDisputeSchema = yup
  .object({
    story: yup
      .string()
      .trim()
      .required(required)
      .min(TOURNAMENT_DISPUTE_MIN, 'tournaments.errors.story-too-short')
      .max(TOURNAMENT_DISPUTE_MAX, 'tournaments.errors.story-too-long'),
    proof,
  })
  .noUnknown(true, 'validation.unknown-field');

/** POST …/match/{matchUid}/setWinner (SPEC §7 `winnerUid`); a reasoning resolves a dispute. */
export const setWinnerSchema = yup
  .object({
    winnerUid: id('tournaments.errors.pick-winner'),
    score,
    reasoning: optionalText(DECISION_REASONING_MAX),
  })
  .noUnknown(true, 'validation.unknown-field');

/** POST /tournaments/points/{id}/submitPoints: a positive whole number and a proof image. */
export const submitPointsSchema = yup
  .object({ points, attachment: proof, description: optionalText(POINTS_DESCRIPTION_MAX) })
  .noUnknown(true, 'validation.unknown-field');

/** POST /tournaments/points/{id}/setParticipantPoints (SPEC §7): accept or change one round (to 0 too, with a reason). */
export const setParticipantPointsSchema = yup
  .object({
    participant: id(),
    points: yup
      .number()
      .strict()
      .typeError('tournaments.errors.points-whole')
      .required(required)
      .integer('tournaments.errors.points-whole')
      .min(0, 'tournaments.errors.points-whole')
      .max(POINTS_MAX, 'tournaments.errors.points-too-many'),
    description: optionalText(POINTS_DESCRIPTION_MAX),
    /** Which round (0-based); the earliest one awaiting review when omitted. */
    round: yup.number().strict().typeError(required).integer(required).min(0, required).max(4, required).optional(),
  })
  .noUnknown(true, 'validation.unknown-field');
