import * as yup from 'yup';

/** POST /profile/connections/riot/oauth: the state we issued, and Riot's code (or its error). */
export const riotFinishSchema = yup
  .object({
    state: yup
      .string()
      .strict()
      .required('validation.required')
      .matches(/^[A-Za-z0-9_-]{32}$/, 'validation.type'),
    code: yup.string().strict().min(1, 'validation.type').max(2048, 'validation.type'),
    error: yup.string().strict().max(200, 'validation.type'),
  })
  .noUnknown(true);
