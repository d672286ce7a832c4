import { useTranslation } from 'react-i18next';
import { PlayerChip } from '../../../components/player-chip';
import { type Suggestion, suggestionKeys } from '../../../lib/suggest-users';

/**
 * The players a search suggests, each a button that acts on them (a party invite, a substitute);
 * one already in the tournament's parties is shown and cannot be picked. A search that found no one
 * says so, as the challenge form's does. The arrow keys go from the search field (inside the same
 * `.field`) down the list and back.
 */
export function PlayerSuggestions({
  text,
  searching,
  hits,
  taken,
  busy,
  action,
  onPick,
  testId,
}: {
  text: string;
  searching: boolean;
  hits: Suggestion[];
  /** A player who cannot be picked: true ("In a party or invited"), or what to say instead. */
  taken: (uid: string) => boolean | string;
  busy: boolean;
  action: string;
  onPick: (uid: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const labelOf = (why: boolean | string) =>
    typeof why === 'string' ? why : why ? t('tournaments.party.already') : action;
  if (hits.length === 0)
    return text.trim() && !searching ? <p className="muted">{t('battles.challenge.no-suggestions')}</p> : null;
  return (
    <ul className="suggestions" aria-label={t('battles.challenge.suggestions')} onKeyDown={suggestionKeys}>
      {hits.map((hit) => (
        <li key={hit.id}>
          <button
            type="button"
            disabled={!!taken(hit.id) || busy}
            onClick={(event) => {
              // The list turns busy, then goes with the text: the keyboard waits in the search field.
              event.currentTarget.closest('.field')?.querySelector<HTMLElement>('input[type=search]')?.focus();
              onPick(hit.id);
            }}
            data-testid={testId}
          >
            <PlayerChip player={{ ...hit.source, uid: hit.id }} link={false} size={24} />
            <span className="muted">{labelOf(taken(hit.id))}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
