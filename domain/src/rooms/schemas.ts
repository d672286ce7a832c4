import * as yup from 'yup';
import { MESSAGE_MAX } from './room';

/** POST /rooms/{id}/sendMessage (SPEC §7): text 1–500 (trimmed), an image uploaded first optional. */
export const sendMessageSchema = yup
  .object({
    message: yup.string().trim().required('rooms.errors.empty').max(MESSAGE_MAX, 'rooms.errors.too-long'),
    attachment: yup.string().trim().max(300, 'validation.required').optional(),
  })
  .noUnknown(true, 'validation.unknown-field');

/**
 * POST /rooms/{id}/lastOpen: `closing` when the room is being closed, a mark the server's 5-s
 * throttle does not drop (what was read in the last seconds before closing stays read); `seen`, the
 * `sent` of the newest message the member's tab has shown: read up to there, and not a message that
 * reached the room after it (docs/decisions/0102).
 */
export const lastOpenSchema = yup
  .object({
    closing: yup.boolean().strict().optional(),
    seen: yup
      .number()
      .strict()
      .typeError('validation.type')
      .integer('validation.type')
      .min(0, 'validation.type')
      .optional(),
  })
  .noUnknown(true, 'validation.unknown-field');
export type LastOpenInput = yup.InferType<typeof lastOpenSchema>;
