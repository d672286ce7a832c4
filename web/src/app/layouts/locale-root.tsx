import { useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { DEFAULT_LOCALE } from '@versus/domain/platform/constants';
import { ProgressBar } from '../../components/progress-bar';
import { applyLocale } from '../../i18n';
import { localizePath, savedLocale, splitLocale } from '../../lib/locale';

/** Sets the language from the URL prefix; a bare '/' honours the saved locale cookie. */
export function LocaleRoot() {
  const { pathname } = useLocation();
  const { locale } = splitLocale(pathname);
  useLayoutEffect(() => applyLocale(locale), [locale]);

  const saved = savedLocale();
  if (pathname === '/' && saved && saved !== DEFAULT_LOCALE) return <Navigate to={localizePath(saved, '/')} replace />;

  return (
    <>
      <ProgressBar />
      <Outlet />
    </>
  );
}
