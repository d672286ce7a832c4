import { Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PREFIXED_LOCALES } from '@versus/domain/platform/constants';
import { Spinner } from '../components/feedback';
import { paths, TOURNAMENT_TABS, type ProfileTab } from '../lib/paths';
import { lazyPage, type LazyPage } from './lazy-page';
import { RouteGuard, type AuthMode } from './route-guard';
import { CheckoutLayout, CreateTournamentLayout } from './layouts/focused-layout';
import { DefaultLayout } from './layouts/default-layout';
import { LocaleRoot } from './layouts/locale-root';
import { LoginLayout } from './layouts/login-layout';
import { SearchLayout } from './layouts/search-layout';
import { StaticLayout } from './layouts/static-layout';
import { ErrorPage } from './pages/error-page';
import { NotFoundPage } from './pages/not-found-page';
import LandingPage from '../features/landing/pages/landing-page';

const page = {
  login: lazyPage(() => import('../features/auth/pages/login-page')),
  register: lazyPage(() => import('../features/auth/pages/register-page')),
  forgotPassword: lazyPage(() => import('../features/auth/pages/forgot-password-page')),
  passwordEmailSent: lazyPage(() => import('../features/auth/pages/password-email-sent-page')),
  resetPassword: lazyPage(() => import('../features/auth/pages/reset-password-page')),
  checkYourMail: lazyPage(() => import('../features/auth/pages/check-your-mail-page')),
  authAction: lazyPage(() => import('../features/auth/pages/auth-action-page')),
  activateEmail: lazyPage(() => import('../features/auth/pages/activate-email-page')),
  accountDeactivated: lazyPage(() => import('./pages/account-deactivated')),
  battles: lazyPage(() => import('../features/battles/pages/battles-page')),
  challenge: lazyPage(() => import('../features/battles/pages/challenge-page')),
  viewChallenge: lazyPage(() => import('../features/battles/pages/view-challenge-page')),
  battle: lazyPage(() => import('../features/battles/pages/battle-page')),
  admin: lazyPage(() => import('./pages/admin')),
  tournaments: lazyPage(() => import('../features/tournaments/pages/browse-tournaments-page')),
  tournament: lazyPage(() => import('../features/tournaments/pages/tournament-page')),
  tournamentTab: lazyPage(() => import('../features/tournaments/pages/tournament-tab')),
  createTournament: lazyPage(() => import('../features/tournaments/pages/create-tournament-page')),
  myTournaments: lazyPage(() => import('../features/tournaments/pages/my-tournaments-page')),
  resolveConflict: lazyPage(() => import('../features/tournaments/pages/resolve-conflict-page')),
  embedTournament: lazyPage(() => import('../features/tournaments/pages/embed-page')),
  leaderboards: lazyPage(() => import('../features/leaderboards/pages/leaderboards-page')),
  myGames: lazyPage(() => import('./pages/my-games')),
  notifications: lazyPage(() => import('../features/notifications/pages/notifications-page')),
  alertsOff: lazyPage(() => import('../features/alerts/pages/alerts-off-page')),
  profile: lazyPage(() => import('../features/profile/pages/profile-page')),
  profileSettings: lazyPage(() => import('../features/profile/pages/settings-tab')),
  profileConnections: lazyPage(() => import('../features/profile/pages/connections-tab')),
  profilePrivacy: lazyPage(() => import('../features/profile/pages/privacy-tab')),
  profileCoins: lazyPage(() => import('../features/profile/pages/coins-tab')),
  profileWithdraw: lazyPage(() => import('../features/profile/pages/withdraw-tab')),
  user: lazyPage(() => import('./pages/user')),
  checkout: lazyPage(() => import('../features/wallet/pages/checkout-page')),
  paypalConnect: lazyPage(() => import('../features/wallet/pages/paypal-connect-page')),
  search: lazyPage(() => import('../features/search/pages/search-page')),
  privacyPolicy: lazyPage(() => import('../features/legal/pages/privacy-policy-page')),
  termsOfService: lazyPage(() => import('../features/legal/pages/terms-of-service-page')),
};

function Loading() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

const guarded = (mode: AuthMode, Page: ComponentType): ReactElement => (
  <RouteGuard mode={mode}>
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  </RouteGuard>
);

/** /profile on to /profile/settings, keeping its query and fragment (relative: the locale stays). */
function ToSettings() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: 'settings' satisfies ProfileTab, search, hash }} replace />;
}

interface Entry {
  path?: string;
  index?: true;
  mode: AuthMode;
  Page: ComponentType;
  children?: Entry[];
}

/** What a route's page needs before it can render without suspending (main.tsx, a fresh render). */
export interface PageHandle {
  preload?: () => Promise<void>;
}
const handleOf = (Page: ComponentType): PageHandle => ({ preload: (Page as Partial<LazyPage>).preload });

const toRoute = ({ path, index, mode, Page, children }: Entry): RouteObject =>
  index
    ? { index: true, element: guarded(mode, Page), handle: handleOf(Page) }
    : { path, element: guarded(mode, Page), handle: handleOf(Page), children: children?.map(toRoute) };

/** Every SPEC §2 route once, with its auth mode; layouts group them. */
const defaultRoutes: Entry[] = [
  { index: true, mode: 'open', Page: LandingPage },
  { path: paths.battles.path, mode: 'open', Page: page.battles },
  { path: paths.challenge.path, mode: 'user', Page: page.challenge },
  { path: paths.viewChallenge.path, mode: 'user', Page: page.viewChallenge },
  { path: paths.battle.path, mode: 'user', Page: page.battle },
  { path: paths.leaderboards.path, mode: 'open', Page: page.leaderboards },
  { path: paths.myGames.path, mode: 'user', Page: page.myGames },
  { path: paths.notifications.path, mode: 'user', Page: page.notifications },
  { path: paths.admin.path, mode: 'admin', Page: page.admin },
  { path: paths.tournaments.path, mode: 'open', Page: page.tournaments },
  { path: paths.myTournaments.path, mode: 'user', Page: page.myTournaments },
  { path: paths.resolveConflict.path, mode: 'user', Page: page.resolveConflict },
  {
    path: paths.tournament.path,
    mode: 'open',
    Page: page.tournament,
    children: [
      { index: true, mode: 'open', Page: page.tournamentTab },
      ...TOURNAMENT_TABS.map((tab): Entry => ({
        path: tab,
        mode: 'open',
        Page: page.tournamentTab,
      })),
    ],
  },
  { path: paths.user.path, mode: 'open', Page: page.user },
  {
    path: paths.profile.path,
    mode: 'user',
    Page: page.profile,
    children: [
      // /profile itself is the settings tab, at its own address so that its tab shows as open (a
      // walk's /fi-FI/profile showed the settings under no marked tab; record 182).
      { index: true, mode: 'user', Page: ToSettings },
      { path: 'settings' satisfies ProfileTab, mode: 'user', Page: page.profileSettings },
      { path: 'connections' satisfies ProfileTab, mode: 'user', Page: page.profileConnections },
      { path: 'privacy' satisfies ProfileTab, mode: 'user', Page: page.profilePrivacy },
      { path: 'coins' satisfies ProfileTab, mode: 'user', Page: page.profileCoins },
      { path: 'withdraw' satisfies ProfileTab, mode: 'user', Page: page.profileWithdraw },
    ],
  },
  { path: paths.paypalConnect.path, mode: 'user', Page: page.paypalConnect },
];

const loginRoutes: Entry[] = [
  { path: paths.login.path, mode: 'guest', Page: page.login },
  { path: paths.forgotPassword.path, mode: 'guest', Page: page.forgotPassword },
  { path: paths.passwordEmailSent.path, mode: 'guest', Page: page.passwordEmailSent },
  { path: paths.register.path, mode: 'guest', Page: page.register },
];

const staticRoutes: Entry[] = [
  { path: paths.privacyPolicy.path, mode: 'public', Page: page.privacyPolicy },
  { path: paths.termsOfService.path, mode: 'public', Page: page.termsOfService },
  { path: paths.accountDeactivated.path, mode: 'deactivated', Page: page.accountDeactivated },
  { path: paths.authAction.path, mode: 'open', Page: page.authAction },
  { path: paths.activateEmail.path, mode: 'open', Page: page.activateEmail },
  // An alert's off link: one task, as the e-mail links above, with no campaign notice over it.
  { path: paths.alertsOff.path, mode: 'open', Page: page.alertsOff },
  { path: paths.resetPassword.path, mode: 'open', Page: page.resetPassword },
  { path: paths.checkYourMail.path, mode: 'user', Page: page.checkYourMail },
];

function localeTree(prefix: string): RouteObject {
  return {
    path: prefix || '/',
    element: <LocaleRoot />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <DefaultLayout />,
        children: [...defaultRoutes.map(toRoute), { path: '*', element: <NotFoundPage /> }],
      },
      { element: <LoginLayout />, children: loginRoutes.map(toRoute) },
      { element: <StaticLayout />, children: staticRoutes.map(toRoute) },
      { element: <SearchLayout />, children: [toRoute({ path: paths.search.path, mode: 'open', Page: page.search })] },
      {
        element: <CheckoutLayout />,
        children: [toRoute({ path: paths.checkout.path, mode: 'user', Page: page.checkout })],
      },
      // The embed stands alone: no header, banners or footer, so it fits an iframe.
      toRoute({ path: paths.embedTournament.path, mode: 'open', Page: page.embedTournament }),
      {
        element: <CreateTournamentLayout />,
        children: [toRoute({ path: paths.addTournament.path, mode: 'user', Page: page.createTournament })],
      },
    ],
  };
}

export const routes: RouteObject[] = [...PREFIXED_LOCALES.map((locale) => localeTree(`/${locale}`)), localeTree('')];
