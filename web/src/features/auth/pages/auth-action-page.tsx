import { applyActionCode, checkActionCode } from 'firebase/auth';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/feedback';
import { auth } from '../../../lib/firebase';
import { LocalLink, useLocalePath, usePageTitle } from '../../../lib/navigation';
import { authErrorKey } from '../auth-errors';
import { ApplyVerification } from '../components/apply-verification';
import { paths } from '../../../lib/paths';
import '../auth.css';

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

/** Firebase's out-of-band links land here: ?mode=verifyEmail|resetPassword|recoverEmail&oobCode=… */
export default function AuthActionPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.action.title'));
  const toPath = useLocalePath();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? undefined;

  if (mode === 'resetPassword' && code) {
    return <Navigate to={toPath(paths.resetPassword.getHref(code))} replace />;
  }
  return (
    <section className="card auth-card">
      {mode === 'verifyEmail' ? (
        <ApplyVerification code={code} />
      ) : mode === 'recoverEmail' && code ? (
        <RecoverEmail code={code} />
      ) : (
        <div className="stack">
          <h1>{t('auth.action.title')}</h1>
          <p>{t('auth.errors.invalid-code')}</p>
        </div>
      )}
    </section>
  );
}
