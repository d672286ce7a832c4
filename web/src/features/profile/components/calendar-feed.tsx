import { useEffect, useState } from 'react';
import { useCopy } from '../../../lib/use-copy';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCommand } from '../../../lib/use-command';
import { calendarFeed, renewCalendarFeed, stopCalendarFeed } from '../api';
import '../../../i18n/page-texts';

/**
 * The player's private calendar feed (issue #60): their tournaments and ready matches in any
 * calendar app. A new link stops the old one working; turning it off stops every link.
 */
export function CalendarFeed() {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const copied = useCopy();
  useEffect(() => {
    let live = true;
    calendarFeed().then(
      (answer) => live && setUrl(answer.url),
      (error: unknown) => live && setLoadError(apiErrorText(t, error)),
    );
    return () => {
      live = false;
    };
  }, [t]);
  const renew = useCommand((): Promise<{ url: string | null }> => renewCalendarFeed());
  const stop = useCommand((): Promise<{ url: string | null }> => stopCalendarFeed());
  const change = async (command: typeof renew) => {
    const result = await command.run();
    if (result.ok) {
      setUrl(result.value.url);
      copied.clear();
    }
  };
  return (
    <div className="stack" data-testid="calendar-feed">
      <p className="muted">{t('profile.calendar.intro')}</p>
      <FormError message={loadError ?? renew.error ?? stop.error} />
      {url ? (
        <>
          <label className="field">
            <span className="field-label">{t('profile.calendar.url')}</span>
            <input readOnly value={url} onFocus={(event) => event.target.select()} data-testid="calendar-feed-url" />
          </label>
          <p className="muted small">{t('profile.calendar.private')}</p>
          <div className="row wrap">
            <Button small onClick={() => void copied.copy(url)} data-testid="calendar-feed-copy">
              {copied.result === 'copied' ? t('profile.calendar.copied') : t('profile.calendar.copy')}
            </Button>
            <Button small variant="secondary" busy={renew.busy} onClick={() => void change(renew)}>
              {t('profile.calendar.renew')}
            </Button>
            <Button
              small
              variant="secondary"
              busy={stop.busy}
              onClick={() => void change(stop)}
              data-testid="calendar-feed-stop"
            >
              {t('profile.calendar.stop')}
            </Button>
          </div>
        </>
      ) : url === null ? (
        <Button busy={renew.busy} onClick={() => void change(renew)} data-testid="calendar-feed-start">
          {t('profile.calendar.start')}
        </Button>
      ) : null}
    </div>
  );
}
