import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opponentOf, type Battle } from '@versus/domain/battles/battle';
import type { Popup } from '@versus/domain/users/types';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { Modal } from '../../../components/modal';
import { useSession } from '../../../lib/session/session-store';
import { useLiveDocument } from '../../../lib/use-live-document';
import '../battles.css';
import { db } from '../../../lib/firebase';
import { shownName } from '../../../lib/player-name';
import { battleDoc } from '../queries';

function ResultPicture({ won }: { won: boolean }) {
  return won ? (
    <svg className="result-picture won" viewBox="0 0 64 64" width="96" height="96" role="img" aria-hidden>
      <path
        fill="currentColor"
        d="M18 6h28v6h10v6a12 12 0 0 1-12 12h-1a14 14 0 0 1-9 7v7h8v6H22v-6h8v-7a14 14 0 0 1-9-7h-1A12 12 0 0 1 8 18v-6h10Zm0 12h-4a6 6 0 0 0 5 6Zm28 0v6a6 6 0 0 0 5-6Z"
      />
      <rect x="16" y="52" width="32" height="6" rx="2" fill="currentColor" />
    </svg>
  ) : (
    <svg className="result-picture lost" viewBox="0 0 64 64" width="96" height="96" role="img" aria-hidden>
      <path
        fill="currentColor"
        d="M32 4 8 12v18c0 14 10 26 24 30 14-4 24-16 24-30V12Zm-4 12 6 10-6 6 8 14-12-12 6-6-6-8Z"
      />
    </svg>
  );
}

/**
 * SPEC §2 battle-ended popup: win or lose picture and heading, the opponent's name, the prize if
 * above 0 and the reasoning if present; one close button (POST /notifications/popupSeen), nothing
 * else closes it. A missing battle shows nothing (SPEC §8).
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
      <div className={`battle-result ${cancelled ? 'cancelled' : won ? 'won' : 'lost'}`}>
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
