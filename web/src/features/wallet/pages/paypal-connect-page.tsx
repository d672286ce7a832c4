import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/feedback';
import { FormError } from '../../../components/form-fields';
import { PageHeader } from '../../../components/page-header';
import { Tooltip } from '../../../components/tooltip';
import { connectPaypal } from '../api';
import { localizePath } from '../../../lib/locale';
import { LocalLink, useLocale, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { PAYPAL_CLIENT_ID, PAYPAL_CONNECT_URL } from '../paypal-config';
import { paths } from '../../../lib/paths';
import '../../../i18n/page-texts';

const STATE_KEY = 'versus.paypalConnectState';

/** "Log in with PayPal": PayPal (or the local stand-in) sends the user back here with a code. */
export default function PaypalConnectPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  usePageTitle(t('paypal-connect.title'));
  const [params, setParams] = useSearchParams();
  const verified = useSession((state) => state.user?.emailVerified === true);
  const connected = useSession((state) => state.account?.connectedPaypal ?? null);
  const [phase, setPhase] = useState<'idle' | 'connecting' | 'failed' | 'cancelled'>(() =>
    params.get('error') ? 'cancelled' : params.get('code') ? 'connecting' : 'idle',
  );
  const exchanged = useRef(false);

  useEffect(() => {
    const code = params.get('code');
    if (!code || exchanged.current) return;
    exchanged.current = true;
    const expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
    setParams({}, { replace: true });
    if (!expected || expected !== params.get('state')) {
      setPhase('failed');
      return;
    }
    connectPaypal(code)
      .then(() => setPhase('idle'))
      .catch(() => setPhase('failed'));
  }, [params, setParams]);

  const connect = () => {
    const state = crypto.randomUUID();
    sessionStorage.setItem(STATE_KEY, state);
    const url = new URL(PAYPAL_CONNECT_URL);
    url.search = new URLSearchParams({
      flowEntry: 'static',
      client_id: PAYPAL_CLIENT_ID,
      response_type: 'code',
      scope: 'openid email https://uri.paypal.com/services/paypalattributes',
      redirect_uri: `${window.location.origin}${localizePath(locale, '/paypal-connect')}`,
      state,
    }).toString();
    window.location.assign(url.toString());
  };

  return (
    <div className="page page-narrow">
      <PageHeader title={t('paypal-connect.title')} />
      <section className="card stack" data-testid="paypal-connect">
        <p>{t('paypal-connect.body')}</p>
        {phase === 'connecting' ? (
          <Spinner label={t('paypal-connect.connecting')} />
        ) : (
          <>
            {connected ? (
              <div className="stack">
                <p className="success" role="status" data-testid="paypal-connected">
                  {t('paypal-connect.connected', { email: connected.email })}
                </p>
                <div className="row wrap">
                  <LocalLink className="btn btn-primary" to={paths.profile.getHref('withdraw')}>
                    {t('paypal-connect.go-withdraw')}
                  </LocalLink>
                  <LocalLink className="btn btn-ghost" to={paths.profile.getHref('connections')}>
                    {t('paypal-connect.go-connections')}
                  </LocalLink>
                </div>
              </div>
            ) : null}
            {phase === 'failed' ? <FormError message={t('paypal-connect.failed')} /> : null}
            {phase === 'cancelled' ? <p className="muted">{t('paypal-connect.cancelled')}</p> : null}
            <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
              <Button variant={connected ? 'ghost' : 'primary'} disabled={!verified} onClick={connect}>
                {connected ? t('paypal-connect.reconnect') : t('paypal-connect.connect')}
              </Button>
            </Tooltip>
          </>
        )}
      </section>
    </div>
  );
}
