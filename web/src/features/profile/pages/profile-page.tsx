import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { LocalNavLink, useOpenTabInView, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import '../../../i18n/page-texts';

const TABS = ['settings', 'connections', 'privacy', 'coins', 'withdraw'] as const;

export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profile.title'));
  const tabRow = useOpenTabInView<HTMLElement>();
  return (
    <div className="page">
      <PageHeader title={t('profile.title')} />
      <nav className="tabs" aria-label={t('profile.tabs-label')} ref={tabRow}>
        {TABS.map((tab) => (
          <LocalNavLink key={tab} to={paths.profile.getHref(tab)} preventScrollReset>
            {t(`profile.tabs.${tab}`)}
          </LocalNavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
