import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Popup } from '@versus/domain/users/types';
import { Button } from '../components/button';
import { Modal } from '../components/modal';
import { popupsSeen } from '../features/notifications/api';
import { LocalLink } from '../lib/navigation';
import { useOverlayTurn } from '../lib/overlay-turn';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/session-store';
import { lazyWhenOnline } from '../lib/lazy-when-online';

/**
 * Renderers by popup type; each calls onClose (POST /notifications/popupSeen) from its own close
 * button. Mounted while waiting for the turn, so the popup is ready when shown.
 */
export const popupRenderers: Partial<
  Record<Popup['type'], ComponentType<{ popup: Popup; shown: boolean; onClose: () => Promise<void> }>>
> = {
  BATTLE_RESULT: lazyWhenOnline(() => import('../features/battles/components/battle-result-popup')),
  TOURNAMENT_RESULT: lazyWhenOnline(() => import('../features/tournaments/components/tournament-result-popup')),
};

/** Results shown one by one before the rest collapse into one "and N more results". */
export const POPUPS_ONE_BY_ONE = 3;

/**
 * The last pending popup is the active one; closing it reveals the next (SPEC §4). After three,
 * the rest collapse into one notice that links to the player's profile (its history) and closes
 * them together. The watcher holds the turn on the screen while any is pending, so they follow one
 * another with no notice in between, and a notice already open (the welcome) finishes first.
 */
export function PopupWatcher() {
  const popups = useSession((state) => state.account?.popups);
  const [closed, setClosed] = useState(0);
  const pending = popups?.length ?? 0;
  useEffect(() => {
    if (pending === 0) setClosed(0);
  }, [pending]);
  const active = popups?.[pending - 1];
  const shown = useOverlayTurn(active !== undefined);
  if (!active) return null;
  if (closed >= POPUPS_ONE_BY_ONE && pending > 1) return <MoreResults popups={popups} shown={shown} />;
  const Renderer = popupRenderers[active.type];
  const close = async () => {
    await popupsSeen([active.ref]);
    setClosed((count) => count + 1);
  };
  return Renderer ? (
    <Suspense fallback={null}>
      <Renderer key={`${active.type}:${active.ref}`} popup={active} shown={shown} onClose={close} />
    </Suspense>
  ) : null;
}

function MoreResults({ popups, shown }: { popups: Popup[]; shown: boolean }) {
  const { t } = useTranslation();
  const uid = useSession((state) => state.user?.uid);
  const [closing, setClosing] = useState(false);
  const close = () => {
    setClosing(true);
    popupsSeen(popups.map((popup) => popup.ref))
      .catch((error: unknown) => console.warn('could not mark the popups seen', error))
      .finally(() => setClosing(false));
  };
  return (
    <Modal
      open={shown}
      dismissible={false}
      turnTaken
      onClose={close}
      title={t('battles.result.more', { count: popups.length })}
      testId="more-results-popup"
      footer={
        <Button onClick={close} busy={closing}>
          {t('battles.result.close')}
        </Button>
      }
    >
      <p>{t('battles.result.more-body')}</p>
      {/* Every result is in the player's history, on their profile: My games lists what is being
          played, and only the latest battles' results (walk AJ). */}
      {uid ? (
        <p>
          <LocalLink to={paths.user.getHref(uid)} onClick={close}>
            {t('user-menu.public-profile')}
          </LocalLink>
        </p>
      ) : null}
    </Modal>
  );
}
