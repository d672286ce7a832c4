import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';

export default function MyTournamentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('tournaments.mine.title'));
  return (
    <div className="page">
      <PageHeader title={t('tournaments.mine.title')} />
      <EmptyState
        title={t('tournaments.mine.empty.title')}
        action={
          <LocalLink className="btn btn-secondary" to={paths.tournaments.getHref()}>
            {t('landing.hero.browse')}
          </LocalLink>
        }
      >
        {t('tournaments.mine.empty.body')}
      </EmptyState>
    </div>
  );
}
