import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';

export default function PaypalConnectPage() {
  const { t } = useTranslation();
  usePageTitle(t('paypal-connect.title'));
  return (
    <div className="page page-narrow">
      <PageHeader title={t('paypal-connect.title')} />
      <EmptyState title={t('paypal-connect.closed.title')}>{t('paypal-connect.closed.body')}</EmptyState>
    </div>
  );
}
