import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useFocusedCancelGuard } from '../../../lib/focused-page';
import { useDraft } from '../draft-store';
import '../../../i18n/play-texts';

const WAIT = () => undefined;

/**
 * The wizard's Cancel asks first once the draft holds something the host chose or wrote (record
 * 158): a walk lost a filled-in wizard to one press. Discard leaves as Cancel did (the layout clears
 * the kept draft); Keep editing, Escape or the dialog's close stay. While Create is sending, Cancel
 * does nothing: the tournament is on its way, and the page opens it.
 */
export function DiscardDraftQuestion({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  const started = useDraft(
    (draft) => !!(draft.game || draft.name.trim() || draft.description.trim() || draft.step > 0),
  );
  const [leaving, setLeaving] = useState<{ leave: () => void } | null>(null);
  const ask = useCallback((leave: () => void) => setLeaving({ leave }), []);
  // While the tournament is being created, Cancel waits: discarding it would not stop it.
  useFocusedCancelGuard(sending ? WAIT : started ? ask : null);
  // Mounted only while it asks: closed, its name ("… tournament?") would answer a search for "Name".
  if (!leaving) return null;
  return (
    <Modal
      open
      title={t('tournaments.create.discard.title')}
      onClose={() => setLeaving(null)}
      testId="discard-draft"
      footer={
        <>
          <Button variant="secondary" onClick={() => setLeaving(null)}>
            {t('tournaments.create.discard.keep')}
          </Button>
          <Button variant="danger" onClick={leaving.leave}>
            {t('tournaments.create.discard.discard')}
          </Button>
        </>
      }
    >
      <p>{t('tournaments.create.discard.body')}</p>
    </Modal>
  );
}
