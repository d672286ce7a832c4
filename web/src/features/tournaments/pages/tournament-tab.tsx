import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/feedback';
import { useUnprefixedPath } from '../../../lib/navigation';

const TAB_NAMES = ['participants', 'pending', 'standings', 'settings'] as const;
type TabName = (typeof TAB_NAMES)[number] | 'overview';

export default function TournamentTab() {
  const { t } = useTranslation();
  const last = useUnprefixedPath().split('/').pop() as TabName;
  const tab: TabName = (TAB_NAMES as readonly string[]).includes(last) ? last : 'overview';
  return <EmptyState title={t(`tournaments.page.tab.${tab}`)}>{t(`tournaments.page.empty.${tab}`)}</EmptyState>;
}
