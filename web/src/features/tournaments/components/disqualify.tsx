import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DECISION_REASONING_MAX } from '@versus/domain/tournaments/play';
import type { Participant, Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { useCommand } from '../../../lib/use-command';
import { disqualifyEntrant } from '../api';
import '../../../i18n/play-texts';

/**
 * The host disqualifies an entrant in play (issue #60), with a reasoning the player reads: their
 * matches in play, and every one that becomes ready, go to the other side. A disqualified entrant
 * shows a badge instead.
 */
export function Disqualify({ tournament, entrant }: { tournament: Tournament; entrant: Participant }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [reasoning, setReasoning] = useState('');
  const disqualify = useCommand((_key, why: string) => disqualifyEntrant(tournament.id, entrant.id, why));
  if (tournament.disqualified?.[entrant.id])
    return (
      <span className="status-badge status-cancelled" data-testid={`disqualified-${entrant.id}`}>
        {t('tournaments.disqualify.badge')}
      </span>
    );
  return (
    <>
      <Button small variant="secondary" onClick={() => setOpen(true)} data-testid={`disqualify-${entrant.id}`}>
        {t('tournaments.disqualify.action')}
      </Button>
      {/* One row's dialog at a time: the list has a button per entrant. */}
      {open ? (
        <Modal
          open
          title={t('tournaments.disqualify.title', { name: entrant.displayName })}
          onClose={() => setOpen(false)}
          testId="disqualify-dialog"
        >
          <form
            className="form"
            onSubmit={async (event) => {
              event.preventDefault();
              if (!reasoning.trim()) return;
              const result = await disqualify.run(reasoning.trim());
              if (result.ok) setOpen(false);
            }}
          >
            <p>{t('tournaments.disqualify.what-happens')}</p>
            <label className="field">
              <span className="field-label">{t('tournaments.disqualify.reasoning')}</span>
              <textarea
                value={reasoning}
                maxLength={DECISION_REASONING_MAX}
                rows={3}
                required
                onChange={(event) => setReasoning(event.target.value)}
              />
            </label>
            <FormError message={disqualify.error} />
            <Button type="submit" variant="danger" busy={disqualify.busy} disabled={!reasoning.trim()}>
              {t('tournaments.disqualify.confirm')}
            </Button>
          </form>
        </Modal>
      ) : null}
    </>
  );
}
