import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ALERT_CHANNELS, ALERT_KINDS, type AlertChannel, type AlertKind } from '@versus/domain/alerts/alerts';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { useCommand } from '../../../lib/use-command';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { turnAlertOff } from '../api';
import '../../../i18n/page-texts';

/** What an off link names (`{uid}.{kind}.{channel}.{signature}`), or null when it names nothing we know. */
function named(token: string | null): { kind: AlertKind; channel: AlertChannel } | null {
  const [, kind, channel] = token?.split('.') ?? [];
  return (ALERT_KINDS as readonly string[]).includes(kind ?? '') &&
    (ALERT_CHANNELS as readonly string[]).includes(channel ?? '')
    ? { kind: kind as AlertKind, channel: channel as AlertChannel }
    : null;
}

/**
 * /alerts/off?token=…: an alert's own link (issue #60). It asks before it turns the kind off on that
 * channel, so a mail scanner that opens every link turns nothing off; signed in or not.
 */
export default function AlertsOffPage() {
  const { t } = useTranslation();
  usePageTitle(t('alerts.off.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const alert = named(token);
  const [done, setDone] = useState(false);
  /** The server did not know the link (forged, or cut short in a way its shape does not show). */
  const [unknown, setUnknown] = useState(false);
  const off = useCommand(() => turnAlertOff(token ?? ''));
  if (!alert || unknown)
    return (
      <section className="card stack narrow">
        <h1>{t('alerts.off.title')}</h1>
        <p data-testid="alerts-off-broken">{t('alerts.off.broken')}</p>
        <p className="muted small">
          <LocalLink to={`${paths.profile.getHref('settings')}#alerts`}>{t('alerts.off.settings')}</LocalLink>
        </p>
      </section>
    );
  const what = { kind: t(`alerts.kinds.${alert.kind}`), channel: t(`alerts.channel-in-text.${alert.channel}`) };
  return (
    <section className="card stack narrow" data-testid="alerts-off">
      <h1>{t('alerts.off.title')}</h1>
      {done ? (
        <p role="status" data-testid="alerts-off-done">
          {t('alerts.off.done', what)}
        </p>
      ) : (
        <>
          <p>{t('alerts.off.ask', what)}</p>
          <FormError message={off.error} />
          <div className="row wrap">
            <Button
              busy={off.busy}
              onClick={() =>
                void off.run().then((result) => {
                  if (result.ok) setDone(true);
                  else if (result.error.statusCode === 404) setUnknown(true);
                })
              }
              data-testid="alerts-off-confirm"
            >
              {t('alerts.off.confirm')}
            </Button>
          </div>
        </>
      )}
      <p className="muted small">
        <LocalLink to={`${paths.profile.getHref('settings')}#alerts`}>{t('alerts.off.settings')}</LocalLink>
      </p>
    </section>
  );
}
