import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from './api-error-text';
import { toApiError, type ApiError } from './api';

export type CommandResult<R> = { ok: true; value: R } | { ok: false; error: ApiError };

/**
 * One API command as a page uses it: busy while it runs, the failure as translated text, and for
 * commands that move coins (`idempotent`) one Idempotency-Key per intended action: the same key on
 * a retry after a lost answer, a new one once the command has answered (DESIGN §7).
 */
export function useCommand<A extends unknown[], R>(
  command: (idempotencyKey: string | undefined, ...args: A) => Promise<R>,
  options: { idempotent?: boolean } = {},
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(crypto.randomUUID());
  const run = useCallback(
    async (...args: A): Promise<CommandResult<R>> => {
      setBusy(true);
      setError(null);
      try {
        const value = await command(options.idempotent ? key.current : undefined, ...args);
        return { ok: true, value };
      } catch (failure) {
        const apiError = toApiError(failure);
        setError(apiErrorText(t, apiError));
        return { ok: false, error: apiError };
      } finally {
        // Answered, successfully or not: the next attempt is a new request.
        key.current = crypto.randomUUID();
        setBusy(false);
      }
    },
    [command, options.idempotent, t],
  );
  const errorText = useCallback((failure: unknown) => apiErrorText(t, failure), [t]);
  return { run, busy, error, setError, errorText };
}
