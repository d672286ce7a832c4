import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorBoundary } from 'react-error-boundary';
import { HomeLogo } from '../../components/logo';
import { Tooltip } from '../../components/tooltip';
import { LocalLink, LocalNavLink } from '../../lib/navigation';
import { useSession } from '../../lib/session/session-store';
import { paths } from '../../lib/paths';
import { lazyComponent } from '../lazy-page';

const SignedInActions = lazyComponent(() => import('./signed-in-actions'), 'SignedInActions');

export const SHOP_URL = import.meta.env.VITE_SHOP_URL ?? 'https://shop.versus.gg';
export const CHAT_URL = import.meta.env.VITE_CHAT_URL ?? 'https://discord.gg/versus';

function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const links = [
    { to: '/', label: t('nav.home'), end: true },
    { to: paths.battles.getHref(), label: t('nav.battles') },
    { to: paths.tournaments.getHref(), label: t('nav.tournaments') },
    { to: paths.leaderboards.getHref(), label: t('nav.leaderboards') },
  ];
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      {links.map((link) => (
        <LocalNavLink key={link.to} to={link.to} end={link.end} onClick={onNavigate}>
          {link.label}
        </LocalNavLink>
      ))}
      <LocalNavLink to={paths.search.getHref()} onClick={onNavigate}>
        {t('nav.search')}
      </LocalNavLink>
      {/* The shop is not open on desktop yet; on mobile it opens the external shop. */}
      <span className="desktop-only">
        <Tooltip text={t('nav.shop-tooltip')}>
          <span className="nav-disabled" aria-disabled="true">
            {t('nav.shop')}
          </span>
        </Tooltip>
      </span>
      <a className="mobile-only" href={SHOP_URL} target="_blank" rel="noreferrer">
        {t('nav.shop')}
      </a>
      <a href={CHAT_URL} target="_blank" rel="noreferrer">
        {t('nav.chat')}
      </a>
    </nav>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const status = useSession((state) => state.status);
  const [menuOpen, setMenuOpen] = useState(false);
  const next = `${pathname}${search}`;
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // The phone's menu closes as menus do: Escape (back to its button), or a press outside it, such
  // as on the avatar's menu (a walk found both open at once).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !toggle.current?.contains(target)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    // Its links come after the header's actions in the page: the keyboard starts at the first.
    menu.current?.querySelector('a')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [menuOpen]);

  return (
    <header className="header">
      <div className="header-inner">
        <button
          type="button"
          ref={toggle}
          className="icon-button header-menu-only"
          aria-label={t('nav.menu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        >
          ☰
        </button>
        <HomeLogo className="header-logo" />
        <div className="header-wide-only header-nav">
          <MainNav />
        </div>
        <div className="header-actions">
          {status === 'signed-in' ? (
            // If their code cannot load, the page stays and the header keeps a way to the account.
            <ErrorBoundary
              fallback={
                <LocalLink className="btn btn-ghost" to={paths.profile.getHref()}>
                  {t('user-menu.profile-settings')}
                </LocalLink>
              }
              onError={(error) => console.warn('could not load the header menus', error)}
            >
              <Suspense fallback={null}>
                <SignedInActions />
              </Suspense>
            </ErrorBoundary>
          ) : status === 'signed-out' ? (
            <>
              <LocalLink className="btn btn-ghost" to={paths.login.getHref(next)}>
                {t('nav.login')}
              </LocalLink>
              <LocalLink className="btn btn-primary" to={paths.register.getHref()}>
                {t('nav.register')}
              </LocalLink>
            </>
          ) : null}
        </div>
      </div>
      {menuOpen ? (
        <div
          className="mobile-menu header-menu-only"
          ref={menu}
          onBlur={(event) => {
            // Tabbed out of it, the menu would cover what the keyboard reaches next.
            const to = event.relatedTarget;
            if (to && !menu.current?.contains(to) && to !== toggle.current) setMenuOpen(false);
          }}
        >
          <MainNav onNavigate={() => setMenuOpen(false)} />
        </div>
      ) : null}
    </header>
  );
}
