import { useTranslation } from 'react-i18next';
import { statusOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { CoinAmount } from '../../../components/coin-amount';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { TournamentCover } from './tournament-cover';
import '../../../i18n/play-texts';
import { mediumDateTime } from '../../../lib/locale';

/**
 * A tournament in a list: cover, name (a heading; its game shown above it), start in the viewer's
 * time zone, fee, pool, spots, state. `priority`: a card of the first screen, whose cover is fetched at once (issue #24, LCP).
 */
export function TournamentCard({
  tournament,
  priority = false,
}: {
  tournament: Tournament & { id: string };
  priority?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const start = mediumDateTime(locale).format(tournament.startTime);
  const status = statusOf(tournament.state);
  return (
    <LocalLink
      className="tournament-card card"
      to={paths.tournament.getHref(tournament.id)}
      data-testid="tournament-card"
    >
      <TournamentCover cover={tournament.coverImage} game={tournament.game} priority={priority} />
      <div className="tournament-card-body">
        {/* The name first, a heading: a screen reader's card began "Dota 2 Dota 2 Open…" and the page
            had no heading but its title (walk AB). The game still shows above it. */}
        <h2 className="tournament-card-name">{tournament.name}</h2>
        <span className="tournament-card-game">{t(`games.${tournament.game}`)}</span>
        <time dateTime={new Date(tournament.startTime).toISOString()}>{start}</time>
        <dl className="tournament-card-facts">
          <div>
            <dt>{t('tournaments.facts.entry-fee')}</dt>
            <dd>{tournament.entryFee > 0 ? <CoinAmount value={tournament.entryFee} /> : t('tournaments.free')}</dd>
          </div>
          <div>
            <dt>{t('tournaments.facts.prize-pool')}</dt>
            {/* A cancelled one's fees went back: no pool is left to win (it showed the pool refunded). */}
            <dd>
              {tournament.entryFee === 0 ? (
                '—'
              ) : tournament.state === 'CANCELLED' ? (
                t('tournaments.facts.pool-refunded')
              ) : (
                <CoinAmount value={tournament.prizePool} />
              )}
            </dd>
          </div>
          <div>
            <dt>{t(tournament.gameFormat === 'TEAM' ? 'tournaments.facts.spots-teams' : 'tournaments.facts.spots')}</dt>
            <dd data-testid="card-spots">
              {t('tournaments.facts.spots-value', {
                joined: String(tournament.participantCount),
                size: String(tournament.size),
              })}
            </dd>
          </div>
        </dl>
        <span className={`status-badge status-${status}`}>{t(`tournaments.status.${status}`)}</span>
      </div>
    </LocalLink>
  );
}

/** The cards a phone's first screen and a wide screen's first row show while the first page loads. */
const SKELETON_CARDS = 4;

/**
 * The browse page before its results: the total's line and cards in the cards' own boxes. The HTML
 * of /tournaments (served by the api function) paints its first results' covers in the cards marked
 * `served`, where the app's cards will put them (issue #24, LCP); the markup itself never changes.
 */
export function TournamentCardsSkeleton({ label, served }: { label: string; served: boolean }) {
  return (
    <div className="skeleton skeleton-browse" role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{label}</span>
      <p className="muted">
        <span className="skeleton-line skeleton-total">{'\u00a0'}</span>
      </p>
      <div className={`tournament-grid skeleton-cards${served ? ' skeleton-cards-served' : ''}`}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <div key={index} className="tournament-card card skeleton-card">
            <span className="skeleton-block skeleton-cover" />
            <div className="tournament-card-body">
              <span className="skeleton-line skeleton-caption" />
              <span className="skeleton-line skeleton-title" />
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-facts" />
              <span className="skeleton-line skeleton-state" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
