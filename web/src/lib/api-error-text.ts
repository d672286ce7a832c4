import type { TFunction } from 'i18next';
import { toApiError } from './api';

/** An API failure in the reader's language: `api-errors.{code}` when translated, else the server's text. */
export function apiErrorText(t: TFunction, error: unknown): string {
  const apiError = toApiError(error);
  return apiError.code
    ? (t(`api-errors.${apiError.code}` as never, { ...apiError.details, defaultValue: apiError.message }) as string)
    : apiError.message;
}
