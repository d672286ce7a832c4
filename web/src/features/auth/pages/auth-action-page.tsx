import { applyActionCode, checkActionCode, signOut } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/feedback';
import { auth } from '../../../lib/firebase';
import { LocalLink, useLocale, useLocalePath, usePageTitle } from '../../../lib/navigation';
import { localeOfTag, localizePath } from '../../../lib/locale';
import { DEFAULT_LOCALE } from '@versus/domain/platform/constants';
import { authErrorKey } from '../../../lib/auth-errors';
import { ApplyVerification } from '../components/apply-verification';
import { paths } from '../../../lib/paths';
import { forgetSessionHere } from '../../../lib/session/session-store';
import '../auth.css';
import '../../../i18n/later-texts';
import '../../../i18n/page-texts';

function RecoverEmail({ code }: { code: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ email?: string; error?: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    checkActionCode(auth, code)
      .then(async (info) => {
        await applyActionCode(auth, code);
        // Taking the address back ends the account's sessions, this browser's too.
        forgetSessionHere();
        setResult({ email: info.data.email ?? '' });
      })
      .catch((error: unknown) => setResult({ error: authErrorKey(error) }));
  }, [code]);
  if (!result) return <Spinner label={t('common.loading')} />;
  return (
    <div className="stack">
      <h1>{result.error ? t('auth.action.recover-failed') : t('auth.action.recovered')}</h1>
      <p>{result.error ? t(result.error as never) : t('auth.action.recovered-body', { email: result.email ?? '' })}</p>
      <LocalLink className="btn btn-primary" to={result.error ? '/' : '/login/forgot-password'}>
        {result.error ? t('auth.action.continue') : t('auth.action.reset-now')}
      </LocalLink>
    </div>
  );
}

/** The link sent to a new address (verify before update): opening it changes the account's e-mail. */
function ChangeEmail({ code }: { code: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<{ email?: string; error?: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    checkActionCode(auth, code)
      .then(async (info) => {
        await applyActionCode(auth, code);
        setResult({ email: info.data.email ?? '' });
        // The old session is over for the changed account: sign in again with the new address.
        forgetSessionHere();
        await signOut(auth).catch(() => undefined);
      })
      .catch((error: unknown) => setResult({ error: authErrorKey(error) }));
  }, [code]);
  if (!result) return <Spinner label={t('common.loading')} />;
  return (
    <div className="stack" data-testid="email-changed">
      <h1>{result.error ? t('auth.action.change-failed') : t('auth.action.email-changed')}</h1>
      <p>
        {result.error ? t(result.error as never) : t('auth.action.email-changed-body', { email: result.email ?? '' })}
      </p>
      <LocalLink className="btn btn-primary" to={result.error ? '/' : '/login'}>
        {t('auth.action.continue')}
      </LocalLink>
    </div>
  );
}

/** Firebase's out-of-band links land here: ?mode=verifyEmail|verifyAndChangeEmail|resetPassword|recoverEmail&oobCode=… */
export default function AuthActionPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.action.title'));
  const toPath = useLocalePath();
  const locale = useLocale();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? undefined;
  // A link without a language in its address opens in the one it was written in (its `lang`).
  const written = localeOfTag(params.get('lang'));
  if (locale === DEFAULT_LOCALE && written && written !== DEFAULT_LOCALE)
    return <Navigate to={`${localizePath(written, paths.authAction.getHref())}?${params.toString()}`} replace />;

  if (mode === 'resetPassword' && code) {
    return <Navigate to={toPath(paths.resetPassword.getHref(code))} replace />;
  }
  return (
    <section className="card auth-card">
      {mode === 'verifyEmail' ? (
        <ApplyVerification code={code} />
      ) : mode === 'recoverEmail' && code ? (
        <RecoverEmail code={code} />
      ) : mode === 'verifyAndChangeEmail' && code ? (
        <ChangeEmail code={code} />
      ) : (
        <div className="stack">
          <h1>{t('auth.action.title')}</h1>
          <p>{t('auth.errors.invalid-code')}</p>
        </div>
      )}
    </section>
  );
}
