import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeText } from '@versus/domain/notifications/alert-lines';
import type { Tournament } from '@versus/domain/tournaments/tournament';
import type { Popup } from '@versus/domain/users/types';
import { Button } from '../../../components/button';
import { CoinAmount } from '../../../components/coin-amount';
import { Modal } from '../../../components/modal';
import { ResultPicture } from '../../../components/result-picture';
import { db } from '../../../lib/firebase';
import { LocalLink, useLocale } from '../../../lib/navigation';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session/session-store';
import { useLiveDocument } from '../../../lib/use-live-document';
import { tournamentDoc } from '../queries';
import '../../../i18n/play-texts';

/**
 * A tournament podium's result (record 141), as a battle's end shows its own (SPEC §2): the place,
 * the tournament, the prize its player was paid, and a link to the standings; one close button
 * (POST /notifications/popupSeen). A tournament or a place that cannot be shown is put aside.
 */
export default function TournamentResultPopup({
  popup,
  shown,
  onClose,
}: {
  popup: Popup;
  shown: boolean;
  onClose: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const uid = useSession((state) => state.user?.uid);
  const tournament = useLiveDocument<Tournament>(tournamentDoc(db, popup.ref));
  const [closing, setClosing] = useState(false);
  const data = tournament.status === 'ready' ? tournament.data : undefined;
  const entrant = data?.participants.find((item) => item.members.some((member) => member.uid === uid));
  const place = entrant ? data?.placings?.[entrant.id] : undefined;
  // A copy from before the finish (a listener this tab already had, its cache after a reconnection)
  // has no places yet: the popup waits for the finished one. Put aside, it was gone in every tab.
  const unshowable = tournament.status === 'missing' || (data?.state === 'FINISHED' && uid !== undefined && !place);
  const putAside = useRef(false);
  useEffect(() => {
    if (!unshowable || putAside.current) return;
    putAside.current = true;
    onClose().catch((error: unknown) => console.warn('could not put the popup aside', error));
  }, [unshowable, onClose]);
  if (!data || !entrant || !place) return null;
  const close = () => {
    setClosing(true);
    onClose()
      .catch((error: unknown) => console.warn('could not mark the popup seen', error))
      .finally(() => setClosing(false));
  };
  // The coins go to the entrant's leader (a player alone is their own).
  const prize =
    entrant.uid === uid ? (data.results?.find((result) => result.participant === entrant.id)?.amount ?? 0) : 0;
  const sharing = Object.values(data.placings ?? {}).filter((other) => other === place).length;
  const heading =
    place === 1 && sharing === 1
      ? t('tournaments.result.won')
      : sharing > 1
        ? t('tournaments.result.shared', {
            place: placeText(locale, place),
            placeTo: placeText(locale, place + sharing - 1),
          })
        : t('tournaments.result.placed', { place: placeText(locale, place) });
  return (
    <Modal
      open={shown}
      dismissible={false}
      turnTaken
      onClose={close}
      title={heading}
      testId="tournament-result-popup"
      footer={
        <Button onClick={close} busy={closing}>
          {t('tournaments.result.close')}
        </Button>
      }
    >
      <div className={`result-popup ${place === 1 ? 'won' : 'placed'}`}>
        <ResultPicture won place={place} />
        <p>{t('tournaments.result.ended', { name: data.name })}</p>
        {prize > 0 ? (
          <p className="result-prize" data-testid="result-prize">
            {t('tournaments.result.prize')} <CoinAmount value={prize} />
          </p>
        ) : null}
        <p>
          <LocalLink to={paths.tournament.getHref(popup.ref, 'standings')} onClick={close}>
            {t('tournaments.result.standings')}
          </LocalLink>
        </p>
      </div>
    </Modal>
  );
}
