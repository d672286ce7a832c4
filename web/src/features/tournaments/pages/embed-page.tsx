import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { playsMatches, statusOf } from '@versus/domain/tournaments/tournament';
import { ErrorPanel, PageSkeleton } from '../../../components/feedback';
import { usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useMatches, useTournament } from '../api';
import { MatchesView, PLAY_HEADINGS } from '../components/swiss';
import '../tournaments.css';
import '../../../i18n/play-texts';
import { PublisherNotice } from '../components/publisher-notice';

/**
 * /embed/tournaments/{id}: the public, read-only live bracket for an iframe on a host's site
 * (issue: "Beyond"). No header, no login; Hosting lets any site frame this path alone.
 */
export default function EmbedPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const tournament = useTournament(id);
  const matches = useMatches(tournament.status === 'ready' ? id : undefined);
  usePageTitle(tournament.status === 'ready' ? tournament.data.name : t('tournaments.page.title'));
  if (tournament.status === 'loading' || matches.status === 'loading')
    return <PageSkeleton label={t('common.loading')} shape="rows" />;
  if (tournament.status !== 'ready')
    return <ErrorPanel title={t('errors.could-not-load-page')} message={t('tournaments.page.not-found')} level={1} />;
  const data = { ...tournament.data, id: tournament.id };
  return (
    <main className="embed" id="main" data-testid="embed">
      <header className="embed-header">
        <div>
          <h1 className="embed-title">
            <a href={paths.tournament.getHref(data.id)} target="_blank" rel="noreferrer">
              {data.name}
            </a>
          </h1>
          {/* On another site nothing else says what is played, or how. */}
          <p className="muted small embed-facts" data-testid="embed-facts">
            {t(`games.${data.game}`)} · {t(`tournaments.brackets.${data.bracket}`)}
          </p>
        </div>
        <span className={`status-badge status-${statusOf(data.state)}`}>
          {t(`tournaments.status.${statusOf(data.state)}`)}
        </span>
      </header>
      {playsMatches(data.bracket) && data.state !== 'OPEN' && matches.status === 'ready' ? (
        <>
          {/* The bracket's own headings are h3s, under this one (the page's card shows it). */}
          <h2 className="visually-hidden">{t(PLAY_HEADINGS[data.bracket])}</h2>
          <MatchesView tournament={data} matches={matches.items} />
        </>
      ) : (
        <p className="muted">
          {playsMatches(data.bracket) ? t('tournaments.bracket.not-started') : t('tournaments.bracket.points-only')}
        </p>
      )}
      <PublisherNotice game={data.game} licence={data.riotLicence} countries={data.riotLicenceCountries} />
      <footer className="embed-footer muted">{t('tournaments.bracket.powered-by')}</footer>
    </main>
  );
}
