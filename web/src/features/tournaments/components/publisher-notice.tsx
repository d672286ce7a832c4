import { useTranslation } from 'react-i18next';
import { riotEsportsOf } from '@versus/domain/games/games';

/**
 * Riot's community-competition notice on a Riot game's tournament (docs/compliance.md), in the
 * header every tab, the prerendered page and the embed show.
 */
export function PublisherNotice({ game }: { game: string }) {
  const { t } = useTranslation();
  const esports = riotEsportsOf(game);
  if (!esports) return null;
  return (
    <p className="publisher-notice muted" data-testid="publisher-notice">
      {t('legal.riot-competition', { esports })}
    </p>
  );
}
