/**
 * Every route of SPEC §2 declared once (STYLE: bulletproof-react config/paths): `path` is the
 * router's pattern under a locale prefix, `getHref` builds a link to it. Links and navigation take
 * a href from here; the locale prefix is added by LocalLink / useLocalNavigate.
 */
const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]));
  return search.size > 0 ? `?${search.toString()}` : '';
};

export const TOURNAMENT_TABS = ['overview', 'participants', 'pending', 'settings', 'standings'] as const;
export type TournamentTab = (typeof TOURNAMENT_TABS)[number];
export const PROFILE_TABS = ['settings', 'connections', 'privacy', 'coins', 'withdraw'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const paths = {
  home: { path: '', getHref: () => '/' },
  battles: { path: 'battles', getHref: () => '/battles' },
  challenge: {
    path: 'battles/challenge',
    getHref: (opponent?: string) => `/battles/challenge${query({ opponent })}`,
  },
  viewChallenge: { path: 'battles/view-challenge/:id?', getHref: (id: string) => `/battles/view-challenge/${id}` },
  battle: {
    path: 'battles/:id',
    getHref: (id: string, options: { showWinnerSubmitForm?: boolean } = {}) =>
      `/battles/${id}${query({ showWinnerSubmitForm: options.showWinnerSubmitForm ? 'true' : undefined })}`,
  },
  leaderboards: { path: 'leaderboards', getHref: () => '/leaderboards' },
  myGames: { path: 'my-games', getHref: () => '/my-games' },
  notifications: { path: 'notifications', getHref: () => '/notifications' },
  /** An alert's off link (issue #60): it asks, then turns that kind off on that channel. */
  alertsOff: { path: 'alerts/off', getHref: (token: string) => `/alerts/off${query({ token })}` },
  admin: { path: 'admin', getHref: () => '/admin' },
  tournaments: { path: 'tournaments', getHref: () => '/tournaments' },
  addTournament: { path: 'tournaments/add', getHref: () => '/tournaments/add' },
  myTournaments: { path: 'tournaments/my-tournaments', getHref: () => '/tournaments/my-tournaments' },
  resolveConflict: {
    path: 'tournaments/resolve-conflict/:id?/:match?',
    getHref: (id: string, match: string) => `/tournaments/resolve-conflict/${id}/${match}`,
  },
  tournament: {
    path: 'tournaments/:id',
    getHref: (id: string, tab: TournamentTab = 'overview') =>
      `/tournaments/${id}${tab === 'overview' ? '' : `/${tab}`}`,
  },
  /** The public read-only live bracket for an iframe (no header, no login). */
  embedTournament: { path: 'embed/tournaments/:id', getHref: (id: string) => `/embed/tournaments/${id}` },
  user: { path: 'user/:id?', getHref: (uid: string) => `/user/${uid}` },
  profile: { path: 'profile', getHref: (tab: ProfileTab = 'settings') => `/profile/${tab}` },
  paypalConnect: { path: 'paypal-connect', getHref: () => '/paypal-connect' },
  login: { path: 'login', getHref: (next?: string) => `/login${query({ next })}` },
  forgotPassword: { path: 'login/forgot-password', getHref: () => '/login/forgot-password' },
  passwordEmailSent: {
    path: 'login/password-email-sent',
    getHref: (email?: string) => `/login/password-email-sent${query({ email })}`,
  },
  resetPassword: {
    path: 'login/reset-password',
    getHref: (oobCode?: string) => `/login/reset-password${query({ oobCode })}`,
  },
  register: { path: 'register', getHref: () => '/register' },
  checkYourMail: { path: 'register/check-your-mail', getHref: () => '/register/check-your-mail' },
  privacyPolicy: { path: 'privacy-policy', getHref: () => '/privacy-policy' },
  termsOfService: { path: 'terms-of-service', getHref: () => '/terms-of-service' },
  accountDeactivated: { path: 'account-deactivated', getHref: () => '/account-deactivated' },
  authAction: { path: 'auth/action', getHref: () => '/auth/action' },
  activateEmail: { path: 'activate-email/:actionCode?', getHref: (code: string) => `/activate-email/${code}` },
  search: { path: 'search', getHref: (q?: string) => `/search${query({ q })}` },
  /** The coin shop; `next` is the page that sent the player there for coins, offered once they are paid. */
  checkout: {
    path: 'checkout',
    getHref: (options: { next?: string } = {}) => `/checkout${query({ next: options.next })}`,
  },
} as const;
