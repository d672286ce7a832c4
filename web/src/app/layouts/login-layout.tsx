import { Outlet } from 'react-router';
import { HomeLogo } from '../../components/logo';
import { OfflineStack } from '../banners';
import { LocaleSwitcher } from '../locale-switcher';

/** Centred narrow column with the logo; signed-in users are sent home by the guest guard. */
export function LoginLayout() {
  return (
    <div className="layout layout-login">
      <OfflineStack />
      <main className="login-column" id="main">
        <HomeLogo className="login-logo" />
        <Outlet />
        <LocaleSwitcher />
      </main>
    </div>
  );
}
