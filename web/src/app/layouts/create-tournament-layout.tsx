import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';

export const TOURNAMENT_DRAFT_KEY = 'versus:tournamentDraft';

/** Own layout; cancel goes back one step and clears the tournament-creation draft (SPEC §2). */
export function CreateTournamentLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="layout layout-focused">
      <header className="bar">
        <Logo />
        <Button
          variant="ghost"
          onClick={() => {
            localStorage.removeItem(TOURNAMENT_DRAFT_KEY);
            navigate(-1);
          }}
        >
          {t('common.cancel')}
        </Button>
      </header>
      <main className="main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
