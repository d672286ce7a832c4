import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LocalLink, usePageTitle } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import '../auth.css';
import '../../../i18n/page-texts';

export default function PasswordEmailSentPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.email-sent.title'));
  const [params] = useSearchParams();
  const email = params.get('email')?.trim();
  return (
    <section className="card auth-card">
      <h1>{t('auth.email-sent.title')}</h1>
      <p>{email ? t('auth.email-sent.body', { email }) : t('auth.email-sent.body-no-address')}</p>
      <LocalLink className="btn btn-primary" to={paths.login.getHref()}>
        {t('auth.back-to-login')}
      </LocalLink>
    </section>
  );
}
