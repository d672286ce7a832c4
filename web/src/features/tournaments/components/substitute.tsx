import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberSummary, Participant, Tournament } from '@versus/domain/tournaments/tournament';
import { Button } from '../../../components/button';
import { FormError } from '../../../components/form-fields';
import { Modal } from '../../../components/modal';
import { useUserSuggestions, suggestionKeys } from '../../../lib/suggest-users';
import { useCommand } from '../../../lib/use-command';
import { substituteMember } from '../api';
import { PlayerSuggestions } from './player-suggestions';
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
  const [text, setText] = useState('');
  const { hits, searching } = useUserSuggestions(text);
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
          <div className="field">
            <label htmlFor="substitute-search" className="field-label">
              {t('tournaments.substitute.search')}
            </label>
            <input
              id="substitute-search"
              type="search"
              autoComplete="off"
              value={text}
              placeholder={t('battles.challenge.opponent-placeholder')}
              onChange={(event) => setText(event.target.value)}
              onKeyDown={suggestionKeys}
              data-testid="substitute-search"
            />
            <PlayerSuggestions
              text={text}
              searching={searching}
              hits={hits}
              taken={taken}
              busy={swap.busy}
              action={t('tournaments.substitute.pick')}
              onPick={(uid) => void swap.run(uid).then((done) => done.ok && setOpen(false))}
              testId="substitute-suggestion"
            />
          </div>
          <FormError message={swap.error} />
        </Modal>
      ) : null}
    </>
  );
}
