import { Outlet, useOutletContext, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { statusOf, type Tournament } from '@versus/domain/tournaments/tournament';
import { ErrorPanel, PageSkeleton } from '../../../components/feedback';
import { LocalNavLink, useOpenTabInView, usePageTitle } from '../../../lib/navigation';
import { paths, type TournamentTab } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useTournament } from '../api';
import { ChatPanel } from '../components/chat-panel';
import { usePendingCount } from '../components/play-section';
import { TournamentCover } from '../components/tournament-cover';
import { PublisherNotice } from '../components/publisher-notice';
import '../tournaments.css';
import '../../../i18n/play-texts';

/** The tournament's header: cover, game, name, state. The wizard's preview shows it too. */
export function TournamentHeader({ tournament, preview = false }: { tournament: Tournament; preview?: boolean }) {
  const { t } = useTranslation();
  const status = statusOf(tournament.state);
  return (
    <header className="tournament-header">
      <TournamentCover
        cover={tournament.coverImage}
        game={tournament.game}
        className="tournament-header-cover"
        priority
      />
      <div className="tournament-header-text">
        <span className="tournament-card-game">{t(`games.${tournament.game}`)}</span>
        <h1 data-testid="tournament-name">{tournament.name}</h1>
        <span className={`status-badge status-${preview ? 'preview' : status}`} data-testid="tournament-state">
          {preview ? t('tournaments.status.preview') : t(`tournaments.status.${status}`)}
        </span>
        <PublisherNotice
          game={tournament.game}
          licence={tournament.riotLicence}
          countries={tournament.riotLicenceCountries}
        />
      </div>
    </header>
  );
}

export const useTournamentContext = () => useOutletContext<Tournament>();

/** /tournaments/{id}: header, tabs (overview, participants, settings for the host) and the tab. */
export default function TournamentPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const tournament = useTournament(id);
  const uid = useSession((state) => state.user?.uid);
  usePageTitle(tournament.status === 'ready' ? tournament.data.name : t('tournaments.page.title'));
  // On a phone the tab row scrolls: keep the open tab in view (a link may open pending or settings).
  const tabRow = useOpenTabInView<HTMLElement>(tournament.status === 'ready');
  const pending = usePendingCount(
    tournament.status === 'ready' ? { ...tournament.data, id: tournament.id } : null,
    uid,
  );

  if (tournament.status === 'loading')
    return (
      <div className="page">
        <PageSkeleton label={t('common.loading')} shape="tournament" />
      </div>
    );
  if (tournament.status !== 'ready') {
    return (
      <div className="page" data-testid="tournament-missing">
        <ErrorPanel title={t('errors.could-not-load-page')} message={t('tournaments.page.not-found')} level={1} />
      </div>
    );
  }
  const data = { ...tournament.data, id: tournament.id };
  const started = data.state === 'ONGOING' || data.state === 'FINISHED';
  const host = uid === data.uid;
  const tabs: TournamentTab[] = [
    'overview',
    'participants',
    ...(started ? (['standings'] as const) : []),
    ...(host && data.state === 'ONGOING' ? (['pending'] as const) : []),
    ...(host ? (['settings'] as const) : []),
  ];
  return (
    <div className="page tournament-page">
      <TournamentHeader tournament={data} />
      <nav className="tabs" aria-label={t('tournaments.page.tabs')} ref={tabRow}>
        {tabs.map((tab) => (
          <LocalNavLink key={tab} to={paths.tournament.getHref(data.id, tab)} end preventScrollReset>
            {tab === 'participants'
              ? t('tournaments.page.tab.participants-count', { count: data.participantCount })
              : tab === 'pending' && pending > 0
                ? t('tournaments.page.tab.pending-count', { count: pending })
                : t(`tournaments.page.tab.${tab}`)}
          </LocalNavLink>
        ))}
      </nav>
      <Outlet context={data} />
      <ChatPanel key={data.id} tournament={data} />
    </div>
  );
}
