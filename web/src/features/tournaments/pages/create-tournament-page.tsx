import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';

export default function CreateTournamentPage() {
  const { t } = useTranslation();
  usePageTitle(t('tournaments.create.title'));
  const verified = useSession((state) => state.user?.emailVerified === true);
  return (
    <div className="page page-narrow">
      <PageHeader title={t('tournaments.create.title')} subtitle={t('tournaments.create.subtitle')} />
      {verified ? (
        <EmptyState title={t('tournaments.create.closed.title')}>{t('tournaments.create.closed.body')}</EmptyState>
      ) : (
        <EmptyState title={t('battles.challenge.unverified.title')}>{t('user.email-not-verified-tooltip')}</EmptyState>
      )}
    </div>
  );
}
