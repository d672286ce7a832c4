import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';

export const TOURNAMENT_DRAFT_KEY = 'versus:tournamentDraft';

/** Checkout and create-tournament: logo, a cancel that goes back one step, the page (SPEC §2). */
function FocusedLayout({ beforeCancel, narrow }: { beforeCancel?: () => void; narrow?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="layout layout-focused">
      <header className="bar">
        <Logo />
        <Button
          variant="ghost"
          onClick={() => {
            beforeCancel?.();
            navigate(-1);
          }}
        >
          {t('common.cancel')}
        </Button>
      </header>
      <main className={narrow ? 'main main-narrow' : 'main'} id="main">
        <Outlet />
      </main>
    </div>
  );
}

export const CheckoutLayout = () => <FocusedLayout narrow />;

/** Its cancel also clears the tournament-creation draft. */
export const CreateTournamentLayout = () => (
  <FocusedLayout beforeCancel={() => localStorage.removeItem(TOURNAMENT_DRAFT_KEY)} />
);
