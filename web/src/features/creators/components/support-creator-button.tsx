import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Tooltip } from '../../../components/tooltip';
import { useSession } from '../../../lib/session/session-store';
import { LazySupportCreatorModal } from './lazy-support-creator-modal';
import '../../../i18n/page-texts';

/**
 * On a creator's profile (record 117), for another signed-in player: "Support this creator", which
 * opens the support form with the code filled in; "You support this creator" once they do.
 * Supporting needs a verified e-mail (SPEC §2), as the user menu's item does.
 */
export function SupportCreatorButton({ uid, code }: { uid: string; code: string }) {
  const { t } = useTranslation();
  const ownUid = useSession((state) => state.user?.uid);
  const verified = useSession((state) => state.user?.emailVerified === true);
  const supporting = useSession((state) => state.account?.supportingCreatorCode === code);
  const [open, setOpen] = useState(false);
  if (!ownUid || ownUid === uid) return null;
  return (
    <>
      {supporting ? (
        <span className="muted small" data-testid="creator-supported">
          {t('user.creator-supported')}
        </span>
      ) : (
        <Tooltip text={t('user.email-not-verified-tooltip')} enabled={!verified}>
          <Button
            small
            variant="secondary"
            disabled={!verified}
            onClick={() => setOpen(true)}
            data-testid="support-this-creator"
          >
            {t('user.support-creator')}
          </Button>
        </Tooltip>
      )}
      {/* Kept open past the support, which turns the button into "You support": its success shows. */}
      {open ? (
        <Suspense fallback={null}>
          <LazySupportCreatorModal open code={code} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
