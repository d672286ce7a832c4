import { useTranslation } from 'react-i18next';
import { LocalLink, usePageTitle } from '../../lib/navigation';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('errors.not-found-title'));
  return (
    <section className="error-screen" data-testid="not-found">
      <h1>404</h1>
      <p>{t('errors.not-found')}</p>
      <LocalLink className="btn btn-primary" to="/">
        {t('errors.back-home')}
      </LocalLink>
    </section>
  );
}
