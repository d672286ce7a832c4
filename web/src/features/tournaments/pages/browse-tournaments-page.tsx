import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';
import { paths } from '../../../lib/paths';

export default function BrowseTournamentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('tournaments.title'));
  const signedIn = useSession((state) => state.status === 'signed-in');
  return (
    <div className="page">
      <PageHeader
        title={t('tournaments.title')}
        subtitle={t('tournaments.subtitle')}
        actions={
          signedIn ? (
            <LocalLink className="btn btn-secondary" to={paths.myTournaments.getHref()}>
              {t('tournaments.mine.title')}
            </LocalLink>
          ) : null
        }
      />
      <EmptyState title={t('tournaments.empty.title')}>{t('tournaments.empty.body')}</EmptyState>
    </div>
  );
}
