import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button';
import { Modal } from '../components/modal';
import { subscribeWithFirebase } from '../lib/firebase-lazy';
import { GRAND_PRIZE_BATTLES, type Campaign } from '@versus/domain/campaigns/campaign';
import { formatCoins } from '../lib/locale';
import { WELCOME_CLOSED_EVENT, WELCOME_NOTICE_FLAG } from '../features/landing/components/welcome-notice';
import { useLocale, useUnprefixedPath } from '../lib/navigation';
import { useAnalytics } from '../lib/analytics';

export const CAMPAIGN_NOTICE_FLAG = 'campaignNoticeShown';

/**
 * The campaign notice shows once per browser session (SPEC §2), one overlay at a time: after the
 * analytics choice (the consent banner goes first) and, on the landing page, after the welcome.
 */
export function CampaignDialog() {
  const { t } = useTranslation();
  const locale = useLocale();
  const onLanding = useUnprefixedPath() === '/';
  const welcomePending = () => onLanding && sessionStorage.getItem(WELCOME_NOTICE_FLAG) === null;
  const [due, setDue] = useState(() => sessionStorage.getItem(CAMPAIGN_NOTICE_FLAG) === null && !welcomePending());
  const choosing = useAnalytics((state) => state.consent === null);
  const open = due && !choosing;

  // On the landing page the welcome notice goes first; the campaign follows when it closes.
  useEffect(() => {
    const afterWelcome = () => setDue(sessionStorage.getItem(CAMPAIGN_NOTICE_FLAG) === null);
    window.addEventListener(WELCOME_CLOSED_EVENT, afterWelcome);
    return () => window.removeEventListener(WELCOME_CLOSED_EVENT, afterWelcome);
  }, []);
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [played, setPlayed] = useState<number | null>(null);
  const month = new Date().toISOString().slice(0, 7);

  useEffect(() => {
    if (!open) return;
    const stopCampaign = subscribeWithFirebase(({ db, doc, onSnapshot }) =>
      onSnapshot(
        doc(db, 'campaigns', month),
        (snapshot) => setCampaign(snapshot.exists() ? (snapshot.data() as Campaign) : null),
        (error) => console.warn('campaign read failed', error),
      ),
    );
    // Battles towards the grand prize: a sharded counter (DESIGN §6), its sum published by the sweeper.
    const stopCounter = subscribeWithFirebase(({ db, doc, onSnapshot }) =>
      onSnapshot(
        doc(db, 'statistics', 'user_statistics'),
        (snapshot) => {
          const played = snapshot.get('campaignBattles') as number | undefined;
          if (played !== undefined) setPlayed(played);
        },
        (error) => console.warn('battle counter read failed', error),
      ),
    );
    return () => {
      stopCampaign();
      stopCounter();
    };
  }, [open, month]);

  const close = () => {
    sessionStorage.setItem(CAMPAIGN_NOTICE_FLAG, 'true');
    setDue(false);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('campaign.title')}
      testId="campaign-dialog"
      footer={<Button onClick={close}>{t('campaign.close')}</Button>}
    >
      {/* Built only while open: the dialog is in every page, and formatting its figures is not free. */}
      {open ? (
        <>
          <p>{t('campaign.body')}</p>
          {campaign?.prize ? (
            <p className="campaign-prize">{t('campaign.this-month', { prize: campaign.prize })}</p>
          ) : null}
          <p>{t('campaign.grand-prize', { battles: formatCoins(locale, GRAND_PRIZE_BATTLES) })}</p>
          {played !== null ? (
            <div className="campaign-progress" data-testid="campaign-progress">
              <progress max={GRAND_PRIZE_BATTLES} value={Math.min(played, GRAND_PRIZE_BATTLES)} />
              <span>
                {t('campaign.progress', {
                  played: formatCoins(locale, played),
                  goal: formatCoins(locale, GRAND_PRIZE_BATTLES),
                })}
              </span>
            </div>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
