import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Participant, Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { formatCoins } from '../../../lib/locale';
import { useLocale } from '../../../lib/navigation';
import { shownName } from '../../../lib/player-name';
import { useCommand } from '../../../lib/use-command';
import { allowBack, removeEntrant } from '../api';
import { ReasonDialog } from './reason-dialog';
import '../../../i18n/play-texts';

/**
 * Record 115: before the start the host removes an entrant, with a reasoning its players read. A
 * paid entry's fee goes back; a party is dissolved. They cannot come back in until the host lets
 * them (RemovedPlayers).
 */
export function RemoveEntrant({ tournament, entrant }: { tournament: Tournament; entrant: Participant }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const remove = useCommand((_key, why: string) => removeEntrant(tournament.id, entrant.id, why));
  const party = entrant.kind === 'PARTY';
  return (
    <>
      <Button small variant="secondary" onClick={() => setOpen(true)} data-testid={`remove-${entrant.id}`}>
        {t('tournaments.remove.action')}
      </Button>
      {/* One row's dialog at a time: the list has a button per entrant. */}
      {open ? (
        <ReasonDialog
          title={t('tournaments.remove.title', { name: entrant.displayName })}
          testId="remove-dialog"
          explanation={
            party
              ? t('tournaments.remove.what-happens-party')
              : entrant.escrowId
                ? t('tournaments.remove.what-happens-paid', { fee: formatCoins(locale, tournament.entryFee) })
                : t('tournaments.remove.what-happens')
          }
          label={t(party ? 'tournaments.remove.reasoning-party' : 'tournaments.remove.reasoning')}
          required={t('tournaments.remove.reasoning-required')}
          confirm={t('tournaments.remove.confirm')}
          busy={remove.busy}
          error={remove.error}
          onConfirm={(why) => remove.run(why)}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

/** A removed player's word of it where they would join (the status panel, a team's party panel). */
export function RemovedNotice({ reasoning, testId }: { reasoning: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p data-testid={testId}>{t('tournaments.remove.you-were-removed', { reasoning })}</p>
      <p className="muted">{t('tournaments.remove.only-host')}</p>
    </>
  );
}

/** The host's list of the players they removed, each with the reasoning and a way back in. */
export function RemovedPlayers({ tournament }: { tournament: Tournament }) {
  const { t } = useTranslation();
  const back = useCommand((_key, uid: string) => allowBack(tournament.id, uid));
  const removed = Object.entries(tournament.removed ?? {}).sort(([, a], [, b]) => a.at - b.at);
  if (removed.length === 0) return null;
  return (
    <section className="card stack" data-testid="removed-players">
      <h2>{t('tournaments.remove.list-title')}</h2>
      <p className="muted">{t('tournaments.remove.list-intro')}</p>
      <ul className="removed-list">
        {removed.map(([uid, { displayName, reasoning, team }]) => (
          <li key={uid} className="row wrap" data-testid={`removed-${uid}`}>
            <strong>{shownName(t, displayName)}</strong>
            {team ? <span className="muted">{t('tournaments.remove.from-party', { team })}</span> : null}
            <span className="muted removed-reasoning">{reasoning}</span>
            <Button
              small
              variant="secondary"
              busy={back.busy}
              onClick={() => void back.run(uid)}
              data-testid={`allow-back-${uid}`}
            >
              {t('tournaments.remove.allow-back')}
            </Button>
          </li>
        ))}
      </ul>
      <FormError message={back.error} />
    </section>
  );
}
