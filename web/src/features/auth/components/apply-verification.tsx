import { applyActionCode } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/feedback';
import { auth } from '../../../lib/firebase';
import { LocalLink } from '../../../lib/navigation';
import { refreshAuthUser } from '../../../lib/session/session-listener';
import { authErrorKey } from '../../../lib/auth-errors';
import '../../../i18n/page-texts';

/** Applies an e-mail verification code once (StrictMode runs effects twice) and shows the outcome. */
export function ApplyVerification({ code }: { code: string | undefined }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ done: boolean; error?: string }>({ done: false });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      setState({ done: true, error: 'auth.errors.invalid-code' });
      return;
    }
    applyActionCode(auth, code)
      .then(() => refreshAuthUser())
      .then(() => setState({ done: true }))
      .catch((error: unknown) => setState({ done: true, error: authErrorKey(error) }));
  }, [code]);

  if (!state.done) return <Spinner label={t('auth.action.verifying')} />;
  return (
    <div className="stack" data-testid={state.error ? 'verification-failed' : 'verification-done'}>
      <h1>{state.error ? t('auth.action.verify-failed') : t('auth.action.verified')}</h1>
      <p>{state.error ? t(state.error as never) : t('auth.action.verified-body')}</p>
      <LocalLink className="btn btn-primary" to="/">
        {t('auth.action.continue')}
      </LocalLink>
    </div>
  );
}
