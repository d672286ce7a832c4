import type { Banner } from '../components/banner-stack';
import { EmailVerificationBanner } from '../features/auth/components/email-verification-banner';
import { useSession } from '../lib/session/session-store';

/** The sticky stack's contents, first one most urgent; features add theirs here. */
export function useBanners(): Banner[] {
  const signedIn = useSession((state) => state.status === 'signed-in');
  const verified = useSession((state) => state.user?.emailVerified === true);
  const banners: Banner[] = [];
  if (signedIn && !verified) {
    banners.push({ id: 'email-verification', tone: 'warning', content: <EmailVerificationBanner /> });
  }
  return banners;
}
