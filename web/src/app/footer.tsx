import { useTranslation } from 'react-i18next';
import { LocalLink } from '../lib/navigation';
import { LocaleSwitcher } from './locale-switcher';
import { paths } from '../lib/paths';
import { Suspense } from 'react';
import { lazyComponent } from './lazy-page';

const AnalyticsSettingsButton = lazyComponent(() => import('./analytics-consent'), 'AnalyticsSettingsButton');

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      <span>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</span>
      <nav className="footer-links" aria-label={t('footer.links')}>
        <LocalLink to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</LocalLink>
        <LocalLink to={paths.termsOfService.getHref()}>{t('footer.terms')}</LocalLink>
        <Suspense fallback={null}>
          <AnalyticsSettingsButton />
        </Suspense>
      </nav>
      <LocaleSwitcher />
      <p className="footer-notice" data-testid="riot-notice">
        {t('legal.riot-boilerplate')}
      </p>
    </footer>
  );
}
