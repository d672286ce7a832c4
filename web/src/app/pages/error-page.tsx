import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/navigation';

/** A generic heading, 'Error' and the error text (SPEC §2). */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('errors.error'));
  const text = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('errors.generic');
  return (
    <section className="error-screen" role="alert">
      <h1>{t('errors.heading')}</h1>
      <h2>{t('errors.error')}</h2>
      <p>{text}</p>
      <a className="btn btn-primary" href="/">
        {t('errors.back-home')}
      </a>
    </section>
  );
}
