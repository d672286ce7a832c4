import i18n, { type TFunction } from 'i18next';
import { toApiError } from './api';

/**
 * An API failure in the reader's language: `api-errors.{code}` when translated, else the server's
 * text. A time in the details (`until`, ms) is also given as `untilText`, in the reader's format.
 * A refused input whose fields name their problems (the shared schemas' `validation.*` keys) says
 * those, rather than only that something was not valid.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  const apiError = toApiError(error);
  const problems =
    apiError.code === 'invalid-input'
      ? Object.values(apiError.fields ?? {})
          .filter((key) => i18n.exists(key))
          .map((key) => t(key as never) as string)
          // A text that needs a value the answer does not carry (a least length) is left to the form.
          .filter((text) => !text.includes('{{'))
      : [];
  if (problems.length > 0) return [...new Set(problems)].join(' ');
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
