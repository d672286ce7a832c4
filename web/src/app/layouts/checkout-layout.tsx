import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';

/** Own layout; cancel goes back one step (SPEC §2). */
export function CheckoutLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="layout layout-focused">
      <header className="bar">
        <Logo />
        <Button variant="ghost" onClick={() => navigate(-1)}>
          {t('common.cancel')}
        </Button>
      </header>
      <main className="main main-narrow" id="main">
        <Outlet />
      </main>
    </div>
  );
}
