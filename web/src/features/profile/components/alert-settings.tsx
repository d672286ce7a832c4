import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_CHANNELS, ALERT_KINDS, alertOn, type AlertChannel, type AlertKind } from '@versus/domain/alerts/alerts';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { apiErrorText } from '../../../lib/api-error-text';
import { chosenLocale, saveLocale } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { disablePush, enablePush, pushState, writeAlertsIn, type PushState } from '../../../lib/push-device';
import { DEFAULT_LOCALE, type Locale } from '@versus/domain/platform/constants';
import { setAlert } from '../api';
import '../../../i18n/page-texts';
import { ScrollBox } from '../../../components/scroll-box';

/**
 * Alerts off the site (issue #60): which kinds of event reach the player by push and by e-mail, and
 * pushes on this device. The choices are the account's (live), so every device shows the same.
 */
export function AlertSettings() {
  const { t } = useTranslation();
  const locale = useLocale();
  const account = useSession((state) => state.account);
  const email = useSession((state) => state.user?.email);
  const [device, setDevice] = useState<PushState | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** What the last toggle saved, said once the API has it (a walk found no word after a click). */
  const [saved, setSaved] = useState<string | null>(null);
  /** Choices made here, shown at once; the account (live) agrees once the command has run. */
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  useEffect(() => {
    let live = true;
    pushState().then(
      (state) => live && setDevice(state),
      () => live && setDevice('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (kind: AlertKind, channel: AlertChannel, on: boolean) => {
    const key = `${kind}.${channel}`;
    setBusy(key);
    setError(null);
    setSaved(null);
    setChosen((current) => ({ ...current, [key]: on }));
    try {
      await setAlert(kind, channel, on);
      setSaved(
        t(on ? 'alerts.settings.saved-on' : 'alerts.settings.saved-off', {
          kind: t(`alerts.kinds.${kind}`),
          channel: t(`alerts.channel-in-text.${channel}`),
        }),
      );
    } catch (failure) {
      setChosen(({ [key]: _undone, ...rest }) => rest);
      setError(apiErrorText(t, failure));
    } finally {
      setBusy(null);
    }
  };
  // None chosen yet: the alerts are written in the platform's default (functions/src/alerts/texts).
  const language = account?.alerts?.language ?? DEFAULT_LOCALE;
  /** The page's language, chosen for the site as the switcher chooses it, and for the alerts. */
  const writeIn = async (next: Locale) => {
    setBusy('language');
    setError(null);
    setSaved(null);
    try {
      saveLocale(next);
      await writeAlertsIn(next);
      setSaved(t('alerts.settings.language-saved', { language: t(`alerts.settings.language-names.${next}`) }));
    } catch (failure) {
      setError(apiErrorText(t, failure));
    } finally {
      setBusy(null);
    }
  };
  const changeDevice = async (change: () => Promise<PushState>) => {
    setBusy('device');
    setError(null);
    try {
      setDevice(await change());
    } catch (failure) {
      setError(failure instanceof DOMException ? t('alerts.settings.push-failed') : apiErrorText(t, failure));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="stack" data-testid="alert-settings">
      <p className="muted">{t('alerts.settings.intro')}</p>
      <div className="stack small-gap" data-testid="alert-device">
        <strong>{t('alerts.settings.device')}</strong>
        <p className="muted small">{device ? t(`alerts.settings.device-${device}`) : t('common.loading')}</p>
        {/* The Push column is the account's, for every device with pushes on: ticked boxes beside a
            device that gets none read as a promise (a walk). */}
        {device && device !== 'on' && device !== 'on-stand-in' ? (
          <p className="muted small" data-testid="push-elsewhere">
            {t('alerts.settings.push-elsewhere')}
          </p>
        ) : null}
        {device === 'off' && (
          <Button
            small
            busy={busy === 'device'}
            onClick={() => void changeDevice(() => enablePush(chosenLocale(locale)))}
            data-testid="push-enable"
          >
            {t('alerts.settings.push-on')}
          </Button>
        )}
        {(device === 'on' || device === 'on-stand-in') && (
          <Button
            small
            variant="secondary"
            busy={busy === 'device'}
            onClick={() => void changeDevice(disablePush)}
            data-testid="push-disable"
          >
            {t('alerts.settings.push-off')}
          </Button>
        )}
      </div>
      <FormError message={error} />
      {/* Always there, so a screen reader announces what is put in it. */}
      <p className="success small" role="status" aria-live="polite" data-testid="alert-saved">
        {saved}
      </p>
      <ScrollBox label={t('alerts.settings.title')}>
        <table className="table alert-table">
          <thead>
            <tr>
              <th scope="col">{t('alerts.settings.kind')}</th>
              {ALERT_CHANNELS.map((channel) => (
                <th scope="col" key={channel}>
                  {t(`alerts.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ALERT_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{t(`alerts.kinds.${kind}`)}</th>
                {ALERT_CHANNELS.map((channel) => {
                  const on = chosen[`${kind}.${channel}`] ?? alertOn(account?.alerts, kind, channel);
                  // While its choice is saved it says so and takes no other, but keeps the keyboard
                  // (a disabled box would drop it to the page's body at every press).
                  const saving = busy === `${kind}.${channel}`;
                  return (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        checked={on}
                        disabled={!account}
                        aria-disabled={saving || undefined}
                        aria-label={t('alerts.settings.toggle', {
                          kind: t(`alerts.kinds.${kind}`),
                          channel: t(`alerts.channels.${channel}`),
                        })}
                        onChange={(event) => {
                          if (!saving) void toggle(kind, channel, event.target.checked);
                        }}
                        data-testid={`alert-${kind}-${channel}`}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p className="muted small">{t('alerts.settings.email-to', { email: email ?? '' })}</p>
      {/* They follow the language chosen for the site (PushBridge); a page in another language opened
          without a choice (a bare address) says which, and takes this one on request. Said once the
          account is read (not English for a moment before Finnish). */}
      {account ? (
        <div className="row wrap" data-testid="alert-language">
          <p className="muted small">
            {t('alerts.settings.language', { language: t(`alerts.settings.language-names.${language}`) })}
          </p>
          {language !== locale ? (
            <Button small variant="secondary" busy={busy === 'language'} onClick={() => void writeIn(locale)}>
              {t('alerts.settings.language-here', { language: t(`alerts.settings.language-names.${locale}`) })}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
