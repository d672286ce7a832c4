import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';

const SECTIONS = ['active-battles', 'active-tournaments', 'new-challenges', 'outgoing-challenges'] as const;

export default function MyGamesPage() {
  const { t } = useTranslation();
  usePageTitle(t('my-games.title'));
  return (
    <div className="page">
      <PageHeader title={t('my-games.title')} subtitle={t('my-games.subtitle')} />
      <div className="section-grid">
        {SECTIONS.map((section) => (
          <section key={section} className="card" data-testid={`my-games-${section}`}>
            <h2>{t(`my-games.sections.${section}.title`)}</h2>
            <p className="muted">{t(`my-games.sections.${section}.empty`)}</p>
          </section>
        ))}
      </div>
    </div>
  );
}
