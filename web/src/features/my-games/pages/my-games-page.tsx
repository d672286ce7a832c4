import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';

/** SPEC §2 My games: the battle sections come from the battles feature (composed in app/). */
export function MyGamesPage({ battleSections }: { battleSections: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t('my-games.title'));
  return (
    <div className="page">
      <PageHeader title={t('my-games.title')} subtitle={t('my-games.subtitle')} />
      <div className="section-grid">
        {battleSections}
        <section className="card" data-testid="my-games-active-tournaments">
          <h2>{t('my-games.sections.active-tournaments.title')}</h2>
          <p className="muted">{t('my-games.sections.active-tournaments.empty')}</p>
        </section>
      </div>
    </div>
  );
}
