import i18n, { type TFunction } from 'i18next';
import { toApiError } from './api';

/**
 * An API failure in the reader's language: `api-errors.{code}` when translated, else the server's
 * text. A time in the details (`until`, ms) is also given as `untilText`, in the reader's format.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const apiError = toApiError(error);
  const until = apiError.details?.until;
  const untilText =
    typeof until === 'number'
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(until)
      : undefined;
  return apiError.code
    ? (t(`api-errors.${apiError.code}` as never, {
        ...apiError.details,
        ...(untilText ? { untilText } : {}),
        defaultValue: apiError.message,
      }) as string)
    : apiError.message;
}
