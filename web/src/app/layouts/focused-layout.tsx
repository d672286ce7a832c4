import { useCallback, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BannerStack } from '../../components/banner-stack';
import { Button } from '../../components/button';
import { Logo } from '../../components/logo';
import { CoinAmount } from '../../components/coin-amount';
import { useSession } from '../../lib/session/session-store';
import { useEmailVerificationBanner, useOfflineBanner } from '../banners';
import { useBalanceTitle } from '../header/use-balance-title';
import { TOURNAMENT_DRAFT_KEY } from '../../lib/storage-keys';
import { historyIndex, useGoBack, useLocalNavigate } from '../../lib/navigation';
import { paths } from '../../lib/paths';
import {
  keptFocusedEntry,
  useKeptFocusedEntry,
  type CancelGuard,
  type FocusedPageContext,
} from '../../lib/focused-page';

/** The live coin balance, so a buyer sees coins arrive without leaving checkout. */
function Balance() {
  const funds = useSession((state) => state.account?.funds);
  const title = useBalanceTitle(false);
  if (funds === undefined) return null;
  return (
    <span className="coin-balance" data-testid="coin-balance" title={title}>
      <CoinAmount value={funds} />
    </span>
  );
}

/**
 * Checkout and create-tournament: logo, a cancel that goes back one step (the wizard's: out of it;
 * Close, leaving the focused pages, once the page says it is done: lib/focused-page.ts), the page
 * (SPEC §2).
 */
function FocusedLayout({
  beforeCancel,
  narrow,
  balance,
  leavesAll,
}: {
  beforeCancel?: () => void;
  /** Cancel leaves every entry the page made in the history (the wizard's steps), not one. */
  leavesAll?: boolean;
  narrow?: boolean;
  balance?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const goHome = useLocalNavigate();
  const [done, setDone] = useState(false);
  const [guard, setGuard] = useState<{ ask: CancelGuard } | null>(null);
  const setCancelGuard = useCallback((ask: CancelGuard | null) => setGuard(ask ? { ask } : null), []);
  const verification = useEmailVerificationBanner();
  const offline = useOfflineBanner();
  // Where the focused pages began in this tab's history (React Router's index): once done, Close
  // leaves them all (a checkout's shop and its purchase), for the page before them or else home.
  // A reload keeps it (lib/focused-page.ts), so a purchase reloaded still closes past its shop.
  const { pathname, search } = useLocation();
  const here = pathname + search;
  const [entry] = useState(() => {
    const now = historyIndex();
    const kept = keptFocusedEntry(here);
    return kept !== undefined && now !== undefined && kept <= now ? kept : now;
  });
  useKeptFocusedEntry(entry, here);
  const leaveFor = useCallback(
    async (path: string) => {
      const now = historyIndex();
      if (entry !== undefined && now !== undefined && now > entry) await navigate(entry - now);
      await goHome(path, { replace: true });
    },
    [entry, navigate, goHome],
  );
  return (
    <div className="layout layout-focused">
      <header className="bar">
        <Logo />
        <span className="row">
          {balance ? <Balance /> : null}
          <Button
            variant="ghost"
            onClick={() => {
              const now = historyIndex();
              const leave = () => {
                beforeCancel?.();
                if (!leavesAll || entry === undefined || now === undefined || now < entry) goBack();
                else if (entry > 0) void navigate(entry - now - 1);
                else void goHome(paths.home.getHref(), { replace: true });
              };
              if (!done) {
                if (guard) guard.ask(leave);
                else leave();
              } else if (entry && now !== undefined && now >= entry) void navigate(entry - now - 1);
              // In their place: Back from home does not open the paid purchase again.
              else void goHome(paths.home.getHref(), { replace: true });
            }}
          >
            {done ? t('common.close') : t('common.cancel')}
          </Button>
        </span>
      </header>
      {/* No header, so none of its banners; but an unverified player is told what to do here too, and
          anyone that the network is lost. */}
      <BannerStack banners={[offline, verification].filter((banner) => banner !== null)} />
      <main className={narrow ? 'main main-narrow' : 'main'} id="main">
        <Outlet context={{ setDone, setCancelGuard, leaveFor } satisfies FocusedPageContext} />
      </main>
    </div>
  );
}

export const CheckoutLayout = () => <FocusedLayout narrow balance />;

/** Its cancel also clears the tournament-creation draft, and leaves the wizard from any step. */
export const CreateTournamentLayout = () => (
  <FocusedLayout beforeCancel={() => localStorage.removeItem(TOURNAMENT_DRAFT_KEY)} leavesAll />
);
