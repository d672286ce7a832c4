import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSummary, Participant, Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { useCommand } from '../../../lib/use-command';
import { substituteMember } from '../api';
import { PlayerSearch } from './player-search';
import '../../../i18n/play-texts';

/**
 * The host swaps a substitute in for a party member who left (issue #60), in a team tournament in
 * play: a player search among those in no entrant of this tournament.
 */
export function Substitute({
  tournament,
  party,
  member,
}: {
  tournament: Tournament;
  party: Participant;
  member: MemberSummary;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const swap = useCommand((_key, uid: string) => substituteMember(tournament.id, party.id, member.uid, uid));
  const taken = (uid: string) => (tournament.memberUids ?? []).includes(uid) || uid === tournament.uid;
  return (
    <>
      <Button small variant="ghost" onClick={() => setOpen(true)} data-testid={`substitute-${member.uid}`}>
        {t('tournaments.substitute.action')}
      </Button>
      {open ? (
        <Modal
          open
          title={t('tournaments.substitute.title', { name: member.displayName, team: party.displayName })}
          onClose={() => setOpen(false)}
          testId="substitute-dialog"
        >
          <p>{t('tournaments.substitute.what-happens')}</p>
          <PlayerSearch
            name="substitute"
            label={t('tournaments.substitute.search')}
            taken={taken}
            busy={swap.busy}
            action={t('tournaments.substitute.pick')}
            onPick={async (uid) => {
              if ((await swap.run(uid)).ok) setOpen(false);
              return false;
            }}
          />
          <FormError message={swap.error} />
        </Modal>
      ) : null}
    </>
  );
}
