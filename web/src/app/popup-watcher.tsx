import { lazy, Suspense, type ComponentType } from 'react';
import type { Popup } from '@versus/domain/users/types';
import { popupSeen } from '../features/notifications/api';
import { useSession } from '../lib/session/session-store';

/** Renderers by popup type; each calls onClose (POST /notifications/popupSeen) from its own close button. */
export const popupRenderers: Partial<
  Record<Popup['type'], ComponentType<{ popup: Popup; onClose: () => Promise<void> }>>
> = {
  BATTLE_RESULT: lazy(() => import('../features/battles/components/battle-result-popup')),
};

/** The last pending popup is the active one; closing it reveals the next (SPEC §4). */
export function PopupWatcher() {
  const popups = useSession((state) => state.account?.popups);
  const active = popups?.[popups.length - 1];
  if (!active) return null;
  const Renderer = popupRenderers[active.type];
  return Renderer ? (
    <Suspense fallback={null}>
      <Renderer key={`${active.type}:${active.ref}`} popup={active} onClose={popupSeen} />
    </Suspense>
  ) : null;
}
