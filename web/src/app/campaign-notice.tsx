import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button';
import { Modal } from '../components/modal';
import { subscribeWithFirebase } from '../lib/firebase-lazy';
import { GRAND_PRIZE_BATTLES, type Campaign } from '@versus/domain/campaigns/campaign';
import { formatCoins } from '../lib/locale';
import { useLocale, useUnprefixedPath } from '../lib/navigation';

/**
 * Whether the player has begun something in the page as the notice comes: the keyboard is in it (a
 * field, a button pressed, a question asked), not on the page as a whole.
 */
const begunInPage = () => {
  const main = document.getElementById('main');
  const active = document.activeElement;
  return main !== null && active !== null && active !== main && main.contains(active);
};

/**
 * The month's campaign notice (SPEC §1, §2), mounted by CampaignDialog while it is due. It does not
 * cover what the player has begun: it waits for their next page (a walk had it open over a Leave's
 * question a few seconds after the page came; record 192).
 */
export default function CampaignNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const path = useUnprefixedPath();
  const [heldOn, setHeldOn] = useState(() => (begunInPage() ? path : null));
  // Released once the player has moved on: Back to that page does not close it again.
  if (heldOn !== null && heldOn !== path) setHeldOn(null);
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [played, setPlayed] = useState<number | null>(null);
  const month = new Date().toISOString().slice(0, 7);

  useEffect(() => {
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
  }, [month]);

  return (
    <Modal
      open={heldOn !== path}
      onClose={onClose}
      title={t('campaign.title')}
      testId="campaign-dialog"
      footer={<Button onClick={onClose}>{t('campaign.close')}</Button>}
    >
      <p>{t('campaign.body')}</p>
      {campaign?.prize ? <p className="campaign-prize">{t('campaign.this-month', { prize: campaign.prize })}</p> : null}
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
    </Modal>
  );
}
