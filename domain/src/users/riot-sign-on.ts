import * as yup from 'yup';
import { signInStateField } from './sign-in-schemas';

/** POST /profile/connections/riot/oauth: the state we issued, and Riot's code (or its error). */
export const riotFinishSchema = yup
  .object({
    state: signInStateField(),
    code: yup.string().strict().min(1, 'validation.type').max(2048, 'validation.type'),
    error: yup.string().strict().max(200, 'validation.type'),
  })
  .noUnknown(true);
