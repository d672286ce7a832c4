import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Participant, Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { useCommand } from '../../../lib/use-command';
import { disqualifyEntrant } from '../api';
import { ReasonDialog } from './reason-dialog';
import '../../../i18n/play-texts';

/**
 * The host disqualifies an entrant in play (issue #60), with a reasoning the player reads: their
 * matches in play, and every one that becomes ready, go to the other side. A disqualified entrant
 * shows a badge instead.
 */
export function Disqualify({ tournament, entrant }: { tournament: Tournament; entrant: Participant }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
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
        <ReasonDialog
          title={t('tournaments.disqualify.title', { name: entrant.displayName })}
          testId="disqualify-dialog"
          explanation={t('tournaments.disqualify.what-happens')}
          label={t('tournaments.disqualify.reasoning')}
          required={t('tournaments.disqualify.reasoning-required')}
          confirm={t('tournaments.disqualify.confirm')}
          busy={disqualify.busy}
          error={disqualify.error}
          onConfirm={(why) => disqualify.run(why)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
