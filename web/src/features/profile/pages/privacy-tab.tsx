import { useTranslation } from 'react-i18next';
import { LocalLink } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { DataExport } from '../components/data-export';
import '../../../i18n/page-texts';

export default function PrivacyTab() {
  const { t } = useTranslation();
  return (
    <div className="section-grid">
      <section className="card stack">
        <h2>{t('profile.privacy.title')}</h2>
        <p>{t('profile.privacy.public')}</p>
        <p>{t('profile.privacy.private')}</p>
        <LocalLink to={paths.privacyPolicy.getHref()}>{t('footer.privacy')}</LocalLink>
      </section>
      <section className="card stack">
        <h2>{t('profile.privacy.data-title')}</h2>
        <DataExport />
      </section>
    </div>
  );
}
