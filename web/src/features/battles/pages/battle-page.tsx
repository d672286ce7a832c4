import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { LocalLink, usePageTitle } from '../../../lib/navigation';

export default function BattlePage() {
  const { t } = useTranslation();
  usePageTitle(t('battles.battle.title'));
  return (
    <div className="page page-narrow">
      <PageHeader title={t('battles.battle.title')} />
      <EmptyState
        title={t('battles.battle.missing.title')}
        action={
          <LocalLink className="btn btn-secondary" to="/battles">
            {t('nav.battles')}
          </LocalLink>
        }
      >
        {t('battles.battle.missing.body')}
      </EmptyState>
    </div>
  );
}
