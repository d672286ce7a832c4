import * as yup from 'yup';

/**
 * What a game account's sign-in (Steam's OpenID, Riot Sign On; issue #58) sends the API: where
 * the provider is to return, and the single-use state the start issued (24 random bytes, base64url).
 */
export const signInStartSchema = yup
  .object({ returnTo: yup.string().strict().required('validation.required').max(500, 'validation.type') })
  .noUnknown(true);

export const signInStateField = () =>
  yup
    .string()
    .strict()
    .required('validation.required')
    .matches(/^[A-Za-z0-9_-]{32}$/, 'validation.type');
