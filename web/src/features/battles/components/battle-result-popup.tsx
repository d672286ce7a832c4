import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opponentOf, type Battle } from '@versus/domain/battles/battle';
import type { Popup } from '@versus/domain/users/types';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { Modal } from '../../../components/modal';
import { ResultPicture } from '../../../components/result-picture';
import { useSession } from '../../../lib/session/session-store';
import { useLiveDocument } from '../../../lib/use-live-document';
import '../battles.css';
import { db } from '../../../lib/firebase';
import { shownName } from '../../../lib/player-name';
import { battleDoc } from '../queries';

/**
 * SPEC §2 battle-ended popup: win or lose picture and heading, the opponent's name, the prize if
 * above 0 (and ours: the loser's entry fee, record 167) and the reasoning if present; one close
 * button (POST /notifications/popupSeen), nothing else closes it. A missing battle shows nothing
 * (SPEC §8).
 */
export default function BattleResultPopup({
  popup,
  shown,
  onClose,
}: {
  popup: Popup;
  shown: boolean;
  onClose: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const battle = useLiveDocument<Battle>(battleDoc(db, popup.ref));
  const [closing, setClosing] = useState(false);
  const opponent = battle.status === 'ready' && uid ? battle.data.players[opponentOf(battle.data, uid)] : undefined;
  // A result that cannot be shown is put aside, so the popups and notices after it are not held up.
  const unshowable = battle.status === 'missing' || (battle.status === 'ready' && uid !== undefined && !opponent);
  const putAside = useRef(false);
  useEffect(() => {
    if (!unshowable || putAside.current) return;
    putAside.current = true;
    onClose().catch((error: unknown) => console.warn('could not put the popup aside', error));
  }, [unshowable, onClose]);
  if (battle.status !== 'ready' || !opponent) return null;
  const { data } = battle;
  const cancelled = data.state === 'CANCELLED';
  const won = data.winner?.id === uid;
  const close = () => {
    setClosing(true);
    onClose()
      .catch((error: unknown) => console.warn('could not mark the popup seen', error))
      .finally(() => setClosing(false));
  };
  const heading = cancelled ? t('battles.result.cancelled') : t(won ? 'battles.result.won' : 'battles.result.lost');
  return (
    <Modal
      open={shown}
      dismissible={false}
      turnTaken
      onClose={close}
      title={heading}
      testId="battle-result-popup"
      footer={
        <Button onClick={close} busy={closing}>
          {t('battles.result.close')}
        </Button>
      }
    >
      <div className={`result-popup ${cancelled ? 'cancelled' : won ? 'won' : 'lost'}`}>
        {cancelled ? null : <ResultPicture won={won} />}
        <p>{t('battles.result.against', { name: shownName(t, opponent.displayName) })}</p>
        {cancelled && data.entryFee > 0 ? (
          <p>
            {t('battles.result.refunded')} <CoinAmount value={data.entryFee} />
          </p>
        ) : null}
        {!cancelled && won && data.prize > 0 ? (
          <p className="result-prize" data-testid="result-prize">
            {t('battles.result.prize')} <CoinAmount value={data.prize} />
          </p>
        ) : null}
        {/* The loser of a wagered battle reads what it cost (record 167), as the winner reads the prize. */}
        {!cancelled && !won && data.entryFee > 0 ? (
          <p data-testid="result-lost">
            {t('battles.result.fee-lost')} <CoinAmount value={data.entryFee} />
          </p>
        ) : null}
        {data.reasoning ? (
          <div className="result-reasoning">
            <h3>{t('battles.result.reasoning')}</h3>
            <p>{data.reasoning}</p>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
