import { Suspense, useEffect, useState } from 'react';
import { WELCOME_CLOSED_EVENT, WELCOME_NOTICE_FLAG } from '../features/landing/components/welcome-notice';
import { useUnprefixedPath } from '../lib/navigation';
import { useAnalytics } from '../lib/analytics';
import { lazyWhenOnline } from '../lib/lazy-when-online';

// Its figures and their live reads load when it is due, once a session: not with every page.
const CampaignNotice = lazyWhenOnline(() => import('./campaign-notice'));

export const CAMPAIGN_NOTICE_FLAG = 'campaignNoticeShown';

/**
 * The campaign notice shows once per browser session (SPEC §2), one overlay at a time: after the
 * analytics choice (the consent banner goes first) and, on the landing page, after the welcome.
 * It waits (`waitFor`) until the player's banners are known and no clock of minutes runs on them (a
 * challenge to answer, a check-in): an advertisement does not cover a check-in (record 137). Once
 * shown it stays until closed.
 */
export function CampaignDialog({ waitFor = false }: { waitFor?: boolean }) {
  const onLanding = useUnprefixedPath() === '/';
  const welcomePending = () => onLanding && sessionStorage.getItem(WELCOME_NOTICE_FLAG) === null;
  const [due, setDue] = useState(() => sessionStorage.getItem(CAMPAIGN_NOTICE_FLAG) === null && !welcomePending());
  const choosing = useAnalytics((state) => state.consent === null);
  const [shown, setShown] = useState(false);
  const open = due && !choosing && (shown || !waitFor);
  if (open && !shown) setShown(true);

  // On the landing page the welcome notice goes first; the campaign follows when it closes.
  useEffect(() => {
    const afterWelcome = () => setDue(sessionStorage.getItem(CAMPAIGN_NOTICE_FLAG) === null);
    window.addEventListener(WELCOME_CLOSED_EVENT, afterWelcome);
    return () => window.removeEventListener(WELCOME_CLOSED_EVENT, afterWelcome);
  }, []);
  const close = () => {
    sessionStorage.setItem(CAMPAIGN_NOTICE_FLAG, 'true');
    setDue(false);
  };

  return open ? (
    <Suspense fallback={null}>
      <CampaignNotice onClose={close} />
    </Suspense>
  ) : null;
}
