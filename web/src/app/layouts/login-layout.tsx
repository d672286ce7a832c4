import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { LocalLink } from '../../lib/navigation';
import { LocaleSwitcher } from '../locale-switcher';

/** Centred narrow column with the logo; signed-in users are sent home by the guest guard. */
export function LoginLayout() {
  return (
    <div className="layout layout-login">
      <main className="login-column" id="main">
        <LocalLink to="/" className="login-logo">
          <Logo />
        </LocalLink>
        <Outlet />
        <LocaleSwitcher />
      </main>
    </div>
  );
}
