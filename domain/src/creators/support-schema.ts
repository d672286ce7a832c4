import * as yup from 'yup';

export const CREATOR_CODE_MAX = 32;

/** No client rule beyond trimming (SPEC §5); the server looks the code up case-insensitively. */
export const supportCreatorSchema = yup
  .object({
    creatorCode: yup
      .string()
      .trim()
      .required('validation.required')
      .max(CREATOR_CODE_MAX, 'validation.creator-code-max'),
  })
  .noUnknown(true, 'validation.unknown-field');

export const normalizeCreatorCode = (code: string) => code.trim().toUpperCase();
