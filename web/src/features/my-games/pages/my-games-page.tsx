import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { usePageTitle } from '../../../lib/navigation';

/** SPEC §2 My games: the sections come from the battles and tournaments features (composed in app/). */
export function MyGamesPage({
  battleSections,
  tournamentSections,
}: {
  battleSections: ReactNode;
  tournamentSections: ReactNode;
}) {
  const { t } = useTranslation();
  usePageTitle(t('my-games.title'));
  return (
    <div className="page">
      <PageHeader title={t('my-games.title')} subtitle={t('my-games.subtitle')} />
      <div className="section-grid">
        {battleSections}
        {tournamentSections}
      </div>
    </div>
  );
}
