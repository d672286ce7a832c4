import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { HomeLogo } from '../../components/logo';
import { useGoBack } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import { OfflineStack } from '../banners';
import { Footer } from '../footer';

export function StaticLayout() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  // A deactivated account is sent back to its page from every page but the legal ones (route-guard):
  // Back would stay where it is. Restore or Log out are its ways on.
  const onDeactivatedPage = useLocation().pathname.endsWith(paths.accountDeactivated.path);
  return (
    <div className="layout layout-static">
      <header className="bar">
        <HomeLogo />
        {onDeactivatedPage ? null : (
          <Button variant="ghost" onClick={goBack}>
            {t('common.back')}
          </Button>
        )}
      </header>
      <OfflineStack />
      <main className="main main-narrow" id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
