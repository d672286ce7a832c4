import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useFocusedCancelGuard } from '../../../lib/focused-page';
import { useDraft, type TournamentDraft } from '../draft-store';
import '../../../i18n/play-texts';

const WAIT = () => undefined;

/** Whether the draft holds something the host chose or wrote. */
const draftStarted = (draft: TournamentDraft) =>
  !!(draft.game || draft.name.trim() || draft.description.trim() || draft.step > 0);

/** The question itself: Discard does `discard`; Keep editing, Escape or the dialog's close `keep`. */
function DiscardModal({ keep, discard }: { keep: () => void; discard: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('tournaments.create.discard.title')}
      onClose={keep}
      testId="discard-draft"
      footer={
        <>
          <Button variant="secondary" onClick={keep}>
            {t('tournaments.create.discard.keep')}
          </Button>
          <Button variant="danger" onClick={discard}>
            {t('tournaments.create.discard.discard')}
          </Button>
        </>
      }
    >
      <p>{t('tournaments.create.discard.body')}</p>
    </Modal>
  );
}

/**
 * The wizard's Cancel asks first once the draft holds something the host chose or wrote (record
 * 158): a walk lost a filled-in wizard to one press. Discard leaves as Cancel did (the layout clears
 * the kept draft); Keep editing, Escape or the dialog's close stay. While Create is sending, Cancel
 * does nothing: the tournament is on its way, and the page opens it.
 */
export function DiscardDraftQuestion({ sending }: { sending: boolean }) {
  const started = useDraft(draftStarted);
  const [leaving, setLeaving] = useState<{ leave: () => void } | null>(null);
  const ask = useCallback((leave: () => void) => setLeaving({ leave }), []);
  // While the tournament is being created, Cancel waits: discarding it would not stop it.
  useFocusedCancelGuard(sending ? WAIT : started ? ask : null);
  // Mounted only while it asks: closed, its name ("… tournament?") would answer a search for "Name".
  if (!leaving) return null;
  return <DiscardModal keep={() => setLeaving(null)} discard={leaving.leave} />;
}

/**
 * Arriving at a draft kept from an earlier visit (or a reload), the wizard says it carries on with it
 * and offers a fresh start, asked as Cancel asks (record 190; walks left it: a restored draft opened
 * at its step with no word why). The note goes once the host moves to another step.
 */
export function ResumedDraft() {
  const { t } = useTranslation();
  const step = useDraft((draft) => draft.step);
  // The draft as it is now: one discarded on the way here is cleared after this page's first render.
  const started = useDraft(draftStarted);
  const arrival = useRef(step);
  const [shown, setShown] = useState(() => draftStarted(useDraft.getState()));
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (step !== arrival.current) setShown(false);
  }, [step]);
  if (!shown || !started) return null;
  return (
    <div className="notice resumed-draft" data-testid="draft-resumed">
      <p>{t('tournaments.create.resumed.body')}</p>
      <Button variant="secondary" onClick={() => setAsking(true)} data-testid="draft-start-over">
        {t('tournaments.create.resumed.start-over')}
      </Button>
      {asking ? (
        <DiscardModal
          keep={() => setAsking(false)}
          discard={() => {
            useDraft.getState().reset();
            setAsking(false);
            setShown(false);
          }}
        />
      ) : null}
    </div>
  );
}
