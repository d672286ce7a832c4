import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { formatCoins } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/session-store';

export default function WithdrawTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const funds = useSession((state) => state.account?.funds ?? 0);
  return (
    <div className="stack">
      <section className="card">
        <h2>{t('profile.withdraw.balance')}</h2>
        <p className="big-number">{formatCoins(locale, funds)}</p>
      </section>
      <EmptyState title={t('profile.withdraw.closed.title')}>{t('profile.withdraw.closed.body')}</EmptyState>
    </div>
  );
}
