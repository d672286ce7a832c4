import i18n, { type TFunction } from 'i18next';
import { toApiError } from './api';
import { mediumDateTime } from './locale';

/**
 * A refusal's code and details in the reader's language: `api-errors.{code}`, a time in the details
 * (`until`, ms) also given as `untilText`, in the reader's format, and a wait (`retryAfter`, s) of two minutes
 * or more in minutes. What the page knows the API would
 * refuse (a reliability bar) is worded here too, as the API's answer would be.
 */
export function refusalText(
  t: TFunction,
  code: string,
  details: Record<string, unknown> = {},
  fallback?: string,
): string {
  const { until, retryAfter } = details;
  const options: Record<string, unknown> = {
    ...details,
    ...(typeof until === 'number' ? { untilText: mediumDateTime(i18n.language).format(until) } : {}),
    // A wait of minutes is said in minutes where the text has that variant (`…_minutes`).
    ...(typeof retryAfter === 'number' && retryAfter >= 120
      ? { context: 'minutes', minutes: Math.ceil(retryAfter / 60) }
      : {}),
    ...(fallback === undefined ? {} : { defaultValue: fallback }),
  };
  return t(`api-errors.${code}` as never, options as Record<string, string>);
}

/**
 * An API failure in the reader's language: `api-errors.{code}` when translated (refusalText), else the
 * server's text. A refused input whose fields name their problems (the shared schemas' `validation.*` keys) says
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
  return apiError.code ? refusalText(t, apiError.code, apiError.details, apiError.message) : apiError.message;
}
