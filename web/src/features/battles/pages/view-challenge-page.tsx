import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { LocalLink, usePageTitle } from '../../../lib/navigation';

export default function ViewChallengePage() {
  const { t } = useTranslation();
  usePageTitle(t('battles.view-challenge.title'));
  return (
    <div className="page page-narrow">
      <PageHeader title={t('battles.view-challenge.title')} />
      <EmptyState
        title={t('battles.view-challenge.missing.title')}
        action={
          <LocalLink className="btn btn-secondary" to="/my-games">
            {t('user-menu.my-games')}
          </LocalLink>
        }
      >
        {t('battles.view-challenge.missing.body')}
      </EmptyState>
    </div>
  );
}
