import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { LocalNavLink, usePageTitle } from '../../../lib/navigation';
import { useLiveDocument } from '../../../lib/use-live-document';
import { paths } from '../../../lib/paths';
import { tournamentDoc } from '../queries';
import { db } from '../../../lib/firebase';

interface TournamentHeader {
  name: string;
  description?: string;
}

const TABS = ['overview', 'participants', 'pending', 'standings', 'settings'] as const;

export default function TournamentPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const tournament = useLiveDocument<TournamentHeader>(id ? tournamentDoc(db, id) : null);
  usePageTitle(tournament.status === 'ready' ? tournament.data.name : t('tournaments.page.title'));

  if (tournament.status === 'loading') return <Spinner label={t('common.loading')} />;
  if (tournament.status !== 'ready') {
    return (
      <div className="page" data-testid="tournament-missing">
        <ErrorPanel title={t('errors.could-not-load-page')} message={t('tournaments.page.not-found')} />
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeader title={tournament.data.name} subtitle={tournament.data.description} />
      <nav className="tabs" aria-label={t('tournaments.page.tabs')}>
        {TABS.map((tab) => (
          <LocalNavLink key={tab} to={paths.tournament.getHref(id ?? '', tab)} end>
            {t(`tournaments.page.tab.${tab}`)}
          </LocalNavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
