import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';
import { LocalLink, useGoBack } from '../../lib/navigation';
import { Footer } from '../footer';

export function StaticLayout() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="layout layout-static">
      <header className="bar">
        <LocalLink to="/">
          <Logo />
        </LocalLink>
        <Button variant="ghost" onClick={goBack}>
          {t('common.back')}
        </Button>
      </header>
      <main className="main main-narrow" id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
