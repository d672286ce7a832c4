import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';

export default function ResolveConflictPage() {
  const { t } = useTranslation();
  usePageTitle(t('tournaments.conflict.title'));
  return (
    <div className="page page-narrow">
      <PageHeader title={t('tournaments.conflict.title')} />
      <EmptyState title={t('tournaments.conflict.empty.title')}>{t('tournaments.conflict.empty.body')}</EmptyState>
    </div>
  );
}
