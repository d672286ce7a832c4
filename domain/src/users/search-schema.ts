import * as yup from 'yup';
import { DISPLAY_NAME_MAX, SEARCH_PAGE_SIZE } from '../platform/constants';

/** GET /searchUsers (SPEC §7): displayName, from, pageSize = 5, random (true when the name is empty). */
export const searchUsersSchema = yup
  .object({
    displayName: yup.string().trim().max(DISPLAY_NAME_MAX, 'validation.too-long').default(''),
    from: yup.number().integer('validation.type').min(0, 'validation.type').max(500, 'validation.type').default(0),
    pageSize: yup
      .number()
      .integer('validation.type')
      .min(1, 'validation.type')
      .max(SEARCH_PAGE_SIZE * 4, 'validation.type')
      .default(SEARCH_PAGE_SIZE),
    random: yup.boolean(),
  })
  .noUnknown(true, 'validation.unknown-field');
export type SearchUsersInput = yup.InferType<typeof searchUsersSchema>;
