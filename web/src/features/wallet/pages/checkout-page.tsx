import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';

export default function CheckoutPage() {
  const { t } = useTranslation();
  usePageTitle(t('checkout.title'));
  return (
    <div className="page page-narrow">
      <PageHeader title={t('checkout.title')} />
      <EmptyState title={t('checkout.closed.title')}>{t('checkout.closed.body')}</EmptyState>
    </div>
  );
}
