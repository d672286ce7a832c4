import { doc } from 'firebase/firestore';
import { useState } from 'react';
import { apiUsageId, utcDay } from '@versus/domain/platform/constants';
import { useTranslation } from 'react-i18next';
import { db } from '../../../lib/firebase';
import { formatCoins } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { useLiveDocument } from '../../../lib/use-live-document';
import '../../../i18n/page-texts';

/**
 * Platform admin (issue #58): today's calls to OpenDota, which decide Dota 2 battles and matches,
 * against the day's budget (its free tier allows so many a day). Past it, games are not asked
 * until the next UTC day and contests go by their reports.
 */
export function ApiUsageAdmin() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [now] = useState(Date.now);
  const day = utcDay(now);
  const usage = useLiveDocument<{ calls?: number; budget?: number }>(doc(db, 'api_usage', apiUsageId('opendota', now)));
  const calls = usage.status === 'ready' ? (usage.data.calls ?? 0) : 0;
  const budget = usage.status === 'ready' ? usage.data.budget : undefined;
  return (
    <section className="card" data-testid="api-usage-admin">
      <h2>{t('admin.api-usage.title')}</h2>
      <p data-testid="opendota-usage">
        {budget
          ? t('admin.api-usage.opendota', {
              day,
              calls: formatCoins(locale, calls),
              budget: formatCoins(locale, budget),
            })
          : t('admin.api-usage.none', { day })}
      </p>
      <p className="muted">{t('admin.api-usage.intro')}</p>
    </section>
  );
}
