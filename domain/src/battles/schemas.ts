import { isBattleVerifiedGame } from '../games/game-accounts';
import * as yup from 'yup';
import { ENTRY_FEES, GAMES, allowsEntryFee, isGame } from '../games/games';
import { ADMIN_REASONING_MAX, DISPUTE_STORY_MAX } from './battle';

const uid = (message = 'validation.required') => yup.string().trim().required(message).max(128, message);

/** POST /battles/challenge: the form and the server share it (SPEC §5 "Battle"). */
export const challengeSchema = yup
  .object({
    opponent: uid('battles.errors.pick-opponent'),
    game: yup.string().required('battles.errors.pick-game').oneOf(GAMES, 'battles.errors.unknown-game'),
    entryFee: yup
      .number()
      .strict()
      .typeError('validation.required')
      .required('validation.required')
      .oneOf(ENTRY_FEES, 'battles.errors.entry-fee-not-allowed')
      .test('free-only-game', 'battles.errors.free-only-game', function check(fee) {
        const game: unknown = this.parent.game;
        return fee === 0 || !isGame(game) || allowsEntryFee(game);
      }),
    /** Issue #22: both players must have linked their game account (Dota 2: never a Riot game, issue #58). */
    verifiedOnly: yup
      .boolean()
      .strict()
      .test('verified-game', 'battles.errors.verified-only-game', function check(value) {
        return !value || isBattleVerifiedGame(String(this.parent.game));
      }),
    terms: yup.boolean().strict().required('validation.terms').oneOf([true], 'validation.terms'),
  })
  .noUnknown(true, 'validation.unknown-field');

/** POST /battles/{id}/submitWinner */
export const submitWinnerSchema = yup
  .object({ winner: uid('battles.errors.pick-winner') })
  .noUnknown(true, 'validation.unknown-field');

const story = yup
  .string()
  .trim()
  .required('validation.required')
  .max(DISPUTE_STORY_MAX, 'battles.errors.story-too-long');

/** POST /battles/{id}/dispute: the story and the proof image uploaded first (POST /uploads/proof). */
export const disputeSchema = yup
  .object({
    story,
    proof: yup.string().trim().required('battles.errors.proof-required').max(300, 'battles.errors.proof-required'),
  })
  .noUnknown(true, 'validation.unknown-field');

const reasoning = yup
  .string()
  .trim()
  .required('validation.required')
  .max(ADMIN_REASONING_MAX, 'battles.errors.story-too-long');

/** POST /admin/battles/{id}/decide (SPEC §5: a winner and a reason). */
export const adminDecisionSchema = yup
  .object({ winner: uid('battles.errors.pick-winner'), reasoning })
  .noUnknown(true, 'validation.unknown-field');

/** POST /admin/battles/{id}/cancel */
export const adminCancelSchema = yup.object({ reasoning }).noUnknown(true, 'validation.unknown-field');

/** GET /suggestUsers?displayName= */
export const suggestUsersSchema = yup
  .object({
    displayName: yup.string().trim().required('validation.required').max(24, 'validation.required'),
  })
  .noUnknown(true, 'validation.unknown-field');
