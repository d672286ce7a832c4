import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playsMatches, type Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocale } from '../../../lib/navigation';
import { useCommand } from '../../../lib/use-command';
import { discordChannel, removeDiscordChannel, setDiscordChannel, type DiscordState } from '../api';
import '../../../i18n/page-texts';

/**
 * The host's Discord channel for a tournament (issue #60): a channel webhook, where the start, each
 * round, each result and the final standings are posted. Only its last characters are shown back
 * (the address lets anyone post in the channel); one Discord refused is off, with the reason.
 */
export function DiscordChannel({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [state, setState] = useState<DiscordState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  useEffect(() => {
    let live = true;
    discordChannel(tournament.id).then(
      (answer) => live && setState(answer),
      (error: unknown) => live && setLoadError(apiErrorText(t, error)),
    );
    return () => {
      live = false;
    };
    // tournament.discord: Discord's refusal switches it off while the page is open.
  }, [t, tournament.id, tournament.discord]);
  const save = useCommand(() => setDiscordChannel(tournament.id, url.trim(), locale));
  const remove = useCommand(() => removeDiscordChannel(tournament.id));
  const run = async (command: typeof save) => {
    const result = await command.run();
    if (result.ok) {
      setState(result.value);
      setUrl('');
    }
  };
  return (
    <section className="card stack" data-testid="discord-channel">
      <h2>{t('alerts.discord.title')}</h2>
      <p className="muted small">
        {t(playsMatches(tournament.bracket) ? 'alerts.discord.intro' : 'alerts.discord.intro-points')}
      </p>
      <FormError message={loadError ?? save.error ?? remove.error} />
      {state?.on ? (
        <p data-testid="discord-status">{t('alerts.discord.on', { ending: state.ending ?? '' })}</p>
      ) : state?.offReason === 'refused' ? (
        <p className="notice" data-testid="discord-status">
          {t('alerts.discord.refused')}
        </p>
      ) : null}
      <form
        className="stack small-gap"
        onSubmit={(event) => {
          event.preventDefault();
          void run(save);
        }}
      >
        <label className="field">
          <span className="field-label">{state?.on ? t('alerts.discord.replace') : t('alerts.discord.url')}</span>
          <input
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://discord.com/api/webhooks/…"
            autoComplete="off"
            data-testid="discord-url"
          />
        </label>
        <div className="row wrap">
          <Button type="submit" small busy={save.busy} disabled={!url.trim()} data-testid="discord-save">
            {t('alerts.discord.save')}
          </Button>
          {state?.on ? (
            <Button
              small
              variant="secondary"
              busy={remove.busy}
              onClick={() => void run(remove)}
              data-testid="discord-remove"
            >
              {t('alerts.discord.remove')}
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
