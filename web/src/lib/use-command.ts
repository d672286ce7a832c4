import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from './api-error-text';
import { toApiError, type ApiError } from './api';
import { isOffline } from './online';

const BUSY_ATTEMPTS = 3;

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
      // No answer at all (`network`), or the first request with the key still running: the command
      // may have run, or may yet; a retry keeps the key (a third press once made a second tournament).
      let answered = true;
      try {
        // A transaction that lost a race after its retries answers `busy` having changed nothing:
        // try again twice, a little later, before telling the user.
        for (let attempt = 1; ; attempt += 1) {
          try {
            const value = await command(options.idempotent ? key.current : undefined, ...args);
            return { ok: true, value };
          } catch (failure) {
            if (toApiError(failure).code !== 'busy' || attempt >= BUSY_ATTEMPTS) throw failure;
            await new Promise((resolve) => setTimeout(resolve, 300 * attempt + Math.random() * 300));
          }
        }
      } catch (failure) {
        const apiError = toApiError(failure);
        const { code } = apiError;
        answered = code !== 'network' && code !== 'idempotency-key-in-progress';
        // No answer online, to a command never done twice: it may have run, and pressing again is safe
        // (walk AH). Offline, it most likely never left: the offline banner and the usual words.
        const unsure = options.idempotent && code === 'network' && !isOffline();
        setError(unsure ? t('api-errors.network-safe') : apiErrorText(t, apiError));
        return { ok: false, error: apiError };
      } finally {
        // Answered, successfully or not: the next attempt is a new request.
        if (answered) key.current = crypto.randomUUID();
        setBusy(false);
      }
    },
    [command, options.idempotent, t],
  );
  const errorText = useCallback((failure: unknown) => apiErrorText(t, failure), [t]);
  return { run, busy, error, setError, errorText };
}
