import { useTranslation } from 'react-i18next';
import { riotEsportsOf } from '@versus/domain/games/games';

/**
 * Riot's community-competition notice on a Riot game's tournament (docs/compliance.md), in the
 * header every tab, the prerendered page and the embed show, with the competition's Riot licence in
 * Europe when it has one.
 */
export function PublisherNotice({ game, licence }: { game: string; licence?: string | null }) {
  const { t } = useTranslation();
  const esports = riotEsportsOf(game);
  if (!esports) return null;
  return (
    <p className="publisher-notice muted" data-testid="publisher-notice">
      {t('legal.riot-competition', { esports })}
      {/* Riot's European licence of this competition (issue #58). */}
      {licence ? (
        <>
          {' '}
          <span data-testid="riot-licence">{t('legal.riot-licence', { licence })}</span>
        </>
      ) : null}
    </p>
  );
}
