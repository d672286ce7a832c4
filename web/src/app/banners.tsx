import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerStack, type Banner } from '../components/banner-stack';
import { useBattleBannerItems } from '../features/battles/banner-items';
import { useTournamentBannerItems } from '../features/tournaments/banner-items';
import { useUnprefixedPath } from '../lib/navigation';
import { useOffline } from '../lib/use-offline';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/session-store';
import { lazyWhenOnline } from '../lib/lazy-when-online';

const BattleBanner = lazyWhenOnline(() => import('../features/battles/components/battle-banner'));
const TournamentBanner = lazyWhenOnline(() => import('../features/tournaments/components/tournament-banner'));
const EmailVerificationBanner = lazyWhenOnline(() => import('../features/auth/components/email-verification-banner'));

/** What waits on the player within minutes: the campaign notice does not cover it (record 137); a
    match whose clock the host holds does not (record 190). */
const PRESSING = ['challenged', 'check-in', 'match-check-in'];

/**
 * An unverified player's banner, with its Resend and I-have-verified buttons: first in the stack,
 * and alone in the focused layouts (the wizard, checkout), which have no header.
 */
export function useEmailVerificationBanner(): Banner | null {
  const unverified = useSession((state) => state.status === 'signed-in' && state.user?.emailVerified !== true);
  return unverified
    ? {
        id: 'email-verification',
        tone: 'warning',
        content: (
          <Suspense fallback={null}>
            <EmailVerificationBanner />
          </Suspense>
        ),
      }
    : null;
}

/**
 * A lost network, first in every stack: a button pressed meanwhile said so only once pressed, and
 * a page's live data stood still unsaid (walk AD). Gone when the network is back.
 */
export function useOfflineBanner(): Banner | null {
  const { t } = useTranslation();
  const offline = useOffline();
  return offline
    ? {
        id: 'offline',
        tone: 'warning',
        content: (
          <div className="banner-row" role="status" data-testid="offline">
            <span>{t('banners.offline')}</span>
          </div>
        ),
      }
    : null;
}

/** The offline banner alone, for the layouts without the others (the login, legal and search pages). */
export function OfflineStack() {
  const offline = useOfflineBanner();
  return offline ? <BannerStack banners={[offline]} /> : null;
}

/**
 * The sticky stack's contents, first one most urgent; features add theirs here. `pressing` says
 * whether a clock of minutes runs on the player (a challenge to answer, a check-in), and is null
 * until the session and every list behind the banners have answered.
 */
export function useBanners(): { banners: Banner[]; pressing: boolean | null } {
  const status = useSession((state) => state.status);
  const uid = useSession((state) => (state.status === 'signed-in' ? state.user?.uid : undefined));
  const verification = useEmailVerificationBanner();
  const offline = useOfflineBanner();
  const { items: battleItems, ready: battlesReady } = useBattleBannerItems(uid);
  const { items: tournamentItems, ready: tournamentsReady } = useTournamentBannerItems(uid);
  // A banner that asks for a decision made on a page of its own (a challenge's answer, a dispute the
  // host decides) leaves that page alone: the page is the answer (record 168). The others stay,
  // their countdown and link to the panel beside what the page shows.
  const here = useUnprefixedPath();
  const pressing =
    status === 'loading' || !battlesReady || !tournamentsReady
      ? null
      : [...battleItems, ...tournamentItems].some(
          (item) => PRESSING.includes(item.kind) && !('held' in item && item.held),
        );
  const banners: Banner[] = [];
  if (offline) banners.push(offline);
  if (verification) banners.push(verification);
  // The soonest deadline first, battles' and tournaments' together (a check-in closing in minutes sat
  // behind "Show more" under a report due tomorrow); one without a deadline after them, in order.
  const timed: [number, Banner][] = [];
  for (const item of battleItems) {
    if (item.kind === 'challenged' && here === paths.viewChallenge.getHref(item.id)) continue;
    timed.push([
      item.until,
      {
        id: `battle-${item.kind}-${item.id}`,
        tone: item.kind === 'challenged' ? 'action' : 'info',
        content: (
          <Suspense fallback={null}>
            <BattleBanner item={item} />
          </Suspense>
        ),
      },
    ]);
  }
  for (const item of tournamentItems) {
    if (item.kind === 'host-dispute' && here === paths.resolveConflict.getHref(item.tournamentId, item.matchId ?? ''))
      continue;
    timed.push([
      item.until ?? Infinity,
      {
        id: `tournament-${item.kind}-${item.tournamentId}-${item.partyId ?? item.matchId ?? ''}`,
        tone: item.kind === 'about-to-be-cancelled' ? 'warning' : 'action',
        content: (
          <Suspense fallback={null}>
            <TournamentBanner item={item} />
          </Suspense>
        ),
      },
    ]);
  }
  for (const [, banner] of timed.sort((a, b) => a[0] - b[0])) banners.push(banner);
  return { banners, pressing };
}
