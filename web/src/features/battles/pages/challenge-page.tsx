import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';

export default function ChallengePage() {
  const { t } = useTranslation();
  usePageTitle(t('battles.challenge.title'));
  const verified = useSession((state) => state.user?.emailVerified === true);
  return (
    <div className="page page-narrow">
      <PageHeader title={t('battles.challenge.title')} subtitle={t('battles.challenge.subtitle')} />
      {verified ? (
        <EmptyState title={t('battles.challenge.closed.title')}>{t('battles.challenge.closed.body')}</EmptyState>
      ) : (
        <EmptyState title={t('battles.challenge.unverified.title')}>{t('user.email-not-verified-tooltip')}</EmptyState>
      )}
    </div>
  );
}
