import { Formik } from 'formik';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONNECTION_PLATFORMS,
  connectionSchema,
  type ConnectionPlatform,
} from '@versus/domain/users/connections-schema';
import { Button } from '../../../components/button';
import { FormError, TextField, CheckedForm } from '../../../components/form-fields';
import { toApiError } from '../../../lib/api';
import { apiErrorText } from '../../../lib/api-error-text';
import { disconnectPaypal, removeConnection, setConnection } from '../api';
import { LocalLink } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { paths } from '../../../lib/paths';
import { RemoveConnection } from '../components/remove-connection';
import { RiotSignIn } from '../components/riot-sign-in';
import { SteamConnection } from '../components/steam-connection';
import { useRefusals } from '../../../lib/use-refusals';
import '../profile.css';
import '../../../i18n/page-texts';

/** The PayPal account withdrawals go to; connecting happens on /paypal-connect. */
function PaypalConnection() {
  const { t } = useTranslation();
  const paypal = useSession((state) => state.account?.connectedPaypal ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="card stack" data-testid="connection-paypal">
      <h2 tabIndex={-1}>{t('profile.connections.paypal.title')}</h2>
      <p className="muted">{t('profile.connections.paypal.body')}</p>
      {paypal ? (
        <div className="connection-current">
          <span>{t('profile.connections.paypal.connected', { email: paypal.email })}</span>
          <RemoveConnection
            remove={disconnectPaypal}
            label={t('profile.connections.paypal.disconnect')}
            about={t('profile.connections.paypal.title')}
            question={t('profile.connections.paypal.disconnect-question', { email: paypal.email })}
            yes={t('profile.connections.paypal.disconnect-yes')}
            onError={setFailure}
          />
        </div>
      ) : (
        <>
          <p>{t('profile.connections.paypal.none')}</p>
          <LocalLink className="btn btn-primary" to={paths.paypalConnect.getHref()}>
            {t('profile.connections.paypal.connect')}
          </LocalLink>
        </>
      )}
      <FormError message={failure} />
    </section>
  );
}

function Connection({ platform, children }: { platform: ConnectionPlatform; children?: ReactNode }) {
  const { t } = useTranslation();
  const current = useSession((state) => state.profile?.thirdPartyAccounts?.[platform]);
  const verifiedRiot = useSession((state) => Boolean(state.profile?.gameAccounts?.riot));
  const [failure, setFailure] = useState<string | null>(null);
  // What this form just linked, said while it stays (linking only swapped the form for the value).
  const [linked, setLinked] = useState<string | null>(null);
  const refusals = useRefusals<{ value: string }>();
  // Linked, the form goes (its button had the keyboard): the heading takes it, as after a removal.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="card stack" data-testid={`connection-${platform}`}>
      <h2 tabIndex={-1} ref={heading}>
        {t(`profile.connections.${platform}.title`)}
      </h2>
      {current ? (
        <div className="connection-current">
          <code>{current}</code>
          <RemoveConnection
            remove={() => removeConnection(platform)}
            label={t('profile.connections.remove')}
            about={t(`profile.connections.${platform}.title`)}
            // A Riot ID verified by signing in goes with it (users/connections), and comes back only so.
            question={
              platform === 'riot' && verifiedRiot
                ? t('profile.connections.riot.remove-question', { name: current })
                : t('profile.connections.remove-question', { name: current })
            }
            yes={t('profile.connections.remove-yes')}
            onError={setFailure}
          />
        </div>
      ) : (
        <Formik
          initialValues={{ value: '' }}
          validationSchema={connectionSchema(platform)}
          validate={refusals.validate}
          onSubmit={async ({ value }, helpers) => {
            setFailure(null);
            try {
              setLinked((await setConnection(platform, value.trim())).value);
              refusals.clear();
              heading.current?.focus();
              helpers.resetForm();
            } catch (error) {
              const apiError = toApiError(error);
              if (apiError.fields?.value) refusals.refuse(helpers, 'value', value, apiError.fields.value);
              else setFailure(apiErrorText(t, apiError));
            }
          }}
        >
          {({ isSubmitting }) => (
            <CheckedForm className="stack">
              <TextField
                name="value"
                label={t(`profile.connections.${platform}.label`)}
                placeholder={t(`profile.connections.${platform}.placeholder`)}
                required
              />
              <Button type="submit" busy={isSubmitting}>
                {t('profile.connections.connect')}
                {/* Named for a screen reader: each card's button read "Connect" (walk AC). */}
                <span className="visually-hidden"> {t(`profile.connections.${platform}.title`)}</span>
              </Button>
            </CheckedForm>
          )}
        </Formik>
      )}
      {current && current === linked ? (
        <p className="success small" role="status" data-testid={`connection-${platform}-linked`}>
          {t('profile.connections.linked', { name: current })}
        </p>
      ) : null}
      {children}
      <FormError message={failure} />
    </section>
  );
}

export default function ConnectionsTab() {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <p className="muted">{t('profile.connections.intro')}</p>
      <p className="muted">{t('profile.connections.verified')}</p>
      <div className="section-grid">
        {CONNECTION_PLATFORMS.map((platform) =>
          platform === 'steam' ? (
            <SteamConnection key={platform} />
          ) : (
            <Connection key={platform} platform={platform}>
              {platform === 'riot' ? <RiotSignIn /> : null}
            </Connection>
          ),
        )}
        <PaypalConnection />
      </div>
    </div>
  );
}
