import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayerChip } from '../../../components/player-chip';
import { SuggestionInput, SuggestionList } from '../../../components/suggestion-list';
import { useUserSuggestions } from '../../../lib/suggest-users';

/**
 * A player search whose suggestions are each a button that acts on them (a party invite, a
 * substitute); one already in the tournament's parties is shown and cannot be picked. A search that
 * found no one says so, as the challenge form's does. The arrow keys go from the field down the list
 * and back. A pick puts the keyboard back in the field (the list turns busy, then goes), and
 * `onPick` answering true clears the text for the next one.
 */
export function PlayerSearch({
  name,
  label,
  taken,
  busy,
  action,
  onPick,
}: {
  label: string;
  /** A player who cannot be picked: true ("In a party or invited"), or what to say instead. */
  taken: (uid: string) => boolean | string;
  busy: boolean;
  action: string;
  onPick: (uid: string) => Promise<boolean>;
  /** The field's id and test id are `{name}-search`, each suggestion's test id `{name}-suggestion`. */
  name: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const found = useUserSuggestions(text);
  const field = useRef<HTMLInputElement>(null);
  const id = `${name}-search`;
  const labelOf = (why: boolean | string) =>
    typeof why === 'string' ? why : why ? t('tournaments.party.already') : action;
  return (
    <div className="field">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <SuggestionInput ref={field} id={id} text={text} onText={setText} data-testid={id} />
      <SuggestionList
        found={found}
        text={text}
        item={(hit) => (
          <button
            type="button"
            disabled={!!taken(hit.id) || busy}
            onClick={() => {
              field.current?.focus();
              void onPick(hit.id).then((clear) => clear && setText(''));
            }}
            data-testid={`${name}-suggestion`}
          >
            <PlayerChip player={{ ...hit.source, uid: hit.id }} link={false} size={24} />
            <span className="muted">{labelOf(taken(hit.id))}</span>
          </button>
        )}
      />
    </div>
  );
}
