import { useTranslation } from 'react-i18next';
import { riotEsportsOf } from '@versus/domain/games/games';
import { useLocale } from '../../../lib/navigation';
import { useCountryName } from '../../../lib/country-name';

/**
 * Riot's community-competition notice on a Riot game's tournament (docs/compliance.md), in the
 * header every tab, the prerendered page and the embed show, with the competition's Riot licence in
 * Europe when it has one.
 */
export function PublisherNotice({
  game,
  licence,
  countries,
}: {
  game: string;
  licence?: string | null;
  /** The countries that licence covers: only players there may join. */
  countries?: string[] | null;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = useCountryName();
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
      {countries && countries.length > 0 ? (
        <>
          {' '}
          <span data-testid="riot-licence-territory">
            {t('legal.riot-licence-territory', {
              countries: new Intl.ListFormat(locale, { type: 'conjunction' }).format(countries.map(name)),
            })}
          </span>
        </>
      ) : null}
    </p>
  );
}
